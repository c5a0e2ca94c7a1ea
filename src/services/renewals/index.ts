export {
  type RenewalChange,
  type RenewalDeps,
  type RenewalEntry,
  type RenewalList,
  RenewalsService,
} from './renewals-service.ts';
export {
  checkRenewalDate,
  daysLeft,
  dueThreshold,
  nextThreshold,
  RENEWAL_DATE_FIELD,
  type RenewalDateProblem,
  type RenewalDateRule,
  wasTold,
} from './schedule.ts';
