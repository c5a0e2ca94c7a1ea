export {
  type LogsPage,
  type MalformedServer,
  type VpsDetailRead,
  type VpsSummary,
  WHOLE_ENTRY,
} from '../../provider/index.ts';
export {
  checkListFilter,
  checkServerRef,
  FIELD_LIMITS,
  type FieldRule,
  REF_LIMITS,
  type RefProblem,
} from './field-rules.ts';
export { MENTION_SCAN_CHARS, mentionedIn, type Nameable } from './mentions.ts';
export type {
  ChangeResult,
  ListedMalformed,
  ListedServer,
  MentionedServers,
  PowerSeen,
  ServerCard,
  ServerList,
} from './results.ts';
export { labelOf } from './server-lookup.ts';
export { type ServersDeps, ServersService } from './servers-service.ts';
export {
  type ChangeField,
  changeValue,
  isLogLimit,
  isLogTime,
  type ListFilter,
  LOG_LIMIT,
  LOG_METHODS,
  type LogFilter,
  type LogMethod,
  matchesFilter,
} from './vocabulary.ts';
