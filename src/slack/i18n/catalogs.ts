import { accountsCatalog } from './accounts.ts';
import { commonCatalog } from './common.ts';
import { digestCatalog } from './digest.ts';
import { ftpAccountsCatalog } from './ftp-accounts.ts';
import { homeCatalog } from './home.ts';
import { hostingCatalog } from './hosting.ts';
import { hostingLogsCatalog } from './hosting-logs.ts';
import { hostingRecordsCatalog } from './hosting-records.ts';
import { hostingSitesCatalog } from './hosting-sites.ts';
import { hostingVerificationCatalog } from './hosting-verification.ts';
import { hostingWatchCatalog } from './hosting-watch.ts';
import type { Locale } from './locale.ts';
import { mailAccountsCatalog } from './mail-accounts.ts';
import { mailRulesCatalog } from './mail-rules.ts';
import { oncallCatalog } from './oncall.ts';
import { renewalsCatalog } from './renewals.ts';
import { serversCatalog } from './servers.ts';
import { shortcutsCatalog } from './shortcuts.ts';
import { signupCatalog } from './signup.ts';
import { stepsCatalog } from './steps.ts';
import { watchCatalog } from './watch.ts';

/**
 * One catalog per language, merged from one `{ en, ja }` catalog per feature
 * (each file's types keep its en and ja key-identical).
 */
const en = {
  ...commonCatalog.en,
  ...serversCatalog.en,
  ...signupCatalog.en,
  ...watchCatalog.en,
  ...hostingCatalog.en,
  ...hostingRecordsCatalog.en,
  ...hostingLogsCatalog.en,
  ...hostingWatchCatalog.en,
  ...mailAccountsCatalog.en,
  ...ftpAccountsCatalog.en,
  ...mailRulesCatalog.en,
  ...hostingSitesCatalog.en,
  ...hostingVerificationCatalog.en,
  ...renewalsCatalog.en,
  ...oncallCatalog.en,
  ...shortcutsCatalog.en,
  ...digestCatalog.en,
  ...homeCatalog.en,
  ...stepsCatalog.en,
  ...accountsCatalog.en,
};

/** The English catalog, whose texts give every message its parameters. */
export type EnglishCatalog = typeof en;

/** Every key of the catalogs. */
export type MessageKey = keyof EnglishCatalog;

const ja: Readonly<Record<MessageKey, string>> = {
  ...commonCatalog.ja,
  ...serversCatalog.ja,
  ...signupCatalog.ja,
  ...watchCatalog.ja,
  ...hostingCatalog.ja,
  ...hostingRecordsCatalog.ja,
  ...hostingLogsCatalog.ja,
  ...hostingWatchCatalog.ja,
  ...mailAccountsCatalog.ja,
  ...ftpAccountsCatalog.ja,
  ...mailRulesCatalog.ja,
  ...hostingSitesCatalog.ja,
  ...hostingVerificationCatalog.ja,
  ...renewalsCatalog.ja,
  ...oncallCatalog.ja,
  ...shortcutsCatalog.ja,
  ...digestCatalog.ja,
  ...homeCatalog.ja,
  ...stepsCatalog.ja,
  ...accountsCatalog.ja,
};

export const catalogs: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { en, ja };
