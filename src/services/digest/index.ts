export type { DigestDeps } from './digest-deps.ts';
export { DigestService } from './digest-service.ts';
export {
  DIGEST_LISTED,
  type DigestHostingChange,
  type DigestIncident,
  type DigestOrder,
  type DigestRefusal,
  type DigestRenewal,
  type DigestReport,
  type DigestServerChange,
  digestReportSchema,
  parseDigestReport,
} from './report.ts';
export {
  DIGEST_LATE_MS,
  type DigestSlot,
  dueSlot,
  nextSlotAt,
  slotOfDay,
} from './schedule.ts';
export { KEY_ALARM_KINDS } from './sections.ts';
