export { type ReminderPass, RenewalReminders, type RenewalRemindersOptions } from './reminders.ts';
