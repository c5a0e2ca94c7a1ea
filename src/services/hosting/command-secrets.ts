/**
 * A cron job's command as the audit trail keeps it: the values of the options
 * that obviously carry a credential are masked (`mysqldump -pSECRET`,
 * `--password=…`, `PASSWORD=…`, a URL's `user:pass@`). Only the obvious ones:
 * the rest of the command stays readable, since the audit row exists to say
 * what was scheduled.
 */

export const MASK = '***';

// A word boundary here is the start of the command or a blank, quote or `;|&(`.
const START = String.raw`(^|[\s'";|&(])`;
// A value runs to the next blank or quote (a quoted value keeps its quotes outside).
const VALUE = String.raw`[^\s'"]+`;

const RULES: ReadonlyArray<[RegExp, string]> = [
  // --password=x, --passwd=x, --pass=x, --token=x, --secret=x, --api-key=x (and the same with a blank)
  [
    new RegExp(
      String.raw`${START}(--?(?:[a-z0-9]+[-_])*(?:password|passwd|pass|pwd|secret|token|api[-_]?key)(?:=|\s+['"]?))(${VALUE})`,
      'gi',
    ),
    `$1$2${MASK}`,
  ],
  // PASSWORD=x, MYSQL_PWD=x, DB_PASS=x, API_TOKEN=x, SECRET_KEY=x (an environment assignment; a
  // name only containing the word, as COMPASS, is not one)
  [
    new RegExp(
      `${START}((?:[a-z][a-z0-9]*_)*(?:password|passwd|pass|pwd|secret|token|api_?key)(?:_[a-z0-9]+)*=['"]?)(${VALUE})`,
      'gi',
    ),
    `$1$2${MASK}`,
  ],
  // -pSECRET (mysql and mysqldump): a password glued to -p; a bare -p asks for it and is left as is.
  [new RegExp(`${START}(-p)(${VALUE})`, 'g'), `$1$2${MASK}`],
  // scheme://user:pass@host
  [/([a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]+:)[^\s@'"/]+@/gi, `$1${MASK}@`],
];

/** The command with the values of obvious secret options replaced by `***`. */
export function maskCommandSecrets(command: string): string {
  return RULES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), command);
}
