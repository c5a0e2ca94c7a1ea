/**
 * Contract dates (`contracts`): camelCase fields, `Date` values, `null` for
 * absent. A date is a calendar day in Japan, written as the provider writes
 * it (`YYYY-MM-DD`).
 *
 * Two kinds of row: one per server the bot ordered (`signupId` set; its
 * plan, period, auto-renewal and channel are the order's), whose date the
 * provider's signup status tells; and one per server ordered elsewhere whose
 * date a person set by hand (`signupId` null; the API shows a contract's
 * date only for signups). A person may set a date on either; it is kept
 * apart from the provider's, so clearing it brings the provider's back.
 */

export interface ContractRow {
  /** `signup:<signup id>` for an order placed here, `server:<uuid>` for a date set by hand. */
  id: string;
  signupId: string | null;
  serverUuid: string | null;
  serverName: string | null;
  planId: string | null;
  /** Months. */
  period: number | null;
  /** As ordered; null when the bot does not know (a server ordered in the panel). */
  autoRenew: boolean | null;
  /** Where its reminders go: the order's channel, or where the date was set. */
  channelId: string | null;
  /** `expiry_date` of the signup status, as last read. */
  providerDate: string | null;
  /** When the provider's date was first read as it is now (a reminder due before it is not sent late). */
  providerDateAt: Date | null;
  /** When the signup status was last asked for this contract's date. */
  providerReadAt: Date | null;
  personDate: string | null;
  personDateAt: Date | null;
  personSetBy: string | null;
  /** The date its last reminder was about, and the fewest days before it that were told. */
  remindedDate: string | null;
  remindedDays: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The date that counts: one set by hand, else the provider's. */
export function contractDate(
  c: Pick<ContractRow, 'personDate' | 'providerDate' | 'personDateAt' | 'providerDateAt'>,
): { date: string; since: Date; by: 'person' | 'provider' } | null {
  if (c.personDate !== null && c.personDateAt !== null)
    return { date: c.personDate, since: c.personDateAt, by: 'person' };
  if (c.providerDate !== null && c.providerDateAt !== null)
    return { date: c.providerDate, since: c.providerDateAt, by: 'provider' };
  return null;
}

/** What an order placed here tells its contract row. */
export interface ContractOrder {
  signupId: string;
  serverUuid: string | null;
  serverName: string | null;
  planId: string;
  period: number;
  autoRenew: boolean;
  channelId: string;
}

/** A date set by hand on a server (found by its uuid). */
export interface ContractDateInput {
  serverUuid: string;
  serverName: string;
  date: string;
  userId: string;
  /** Where the command was typed: the reminders of a server not ordered here go there. */
  channelId: string;
}
