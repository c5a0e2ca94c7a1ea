import type { App } from '@slack/bolt';
import type { HandlerDeps } from '../deps.ts';
import { registerHostingForms } from './hosting/hosting-forms.ts';
import { registerHostingRecordForms } from './hosting/record-forms.ts';
import { registerChangeForms } from './servers/change-form.ts';
import { registerFindServerForm } from './servers/find-server-form.ts';
import { registerOrderForm } from './signup/order-form.ts';

/** Modal submissions; each feature registers its own with one line here. */
export function registerSubmissions(app: App, deps: HandlerDeps): void {
  registerChangeForms(app, deps);
  registerFindServerForm(app, deps);
  registerOrderForm(app, deps);
  registerHostingForms(app, deps);
  registerHostingRecordForms(app, deps);
}
