/**
 * The lines of a digest's details, one function per part of it: pure words
 * over the digest's plain data. Times are shown as everywhere in the bot
 * (`formatTime`: Slack's date token in a channel, the reader's zone in a
 * reply to one person).
 */
import type {
  DigestHostingChange,
  DigestIncident,
  DigestOrder,
  DigestRefusal,
  DigestReport,
  DigestServerChange,
} from '../../../services/digest/index.ts';
import type { IncidentKind } from '../../../store/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { actionName, hostingChangeWords } from '../action-names.ts';
import { contractDay, daysLeftLabel, monthsLabel } from '../contract-words.ts';
import { formatDuration, formatTime, formatYen, mrkdwnText, powerLabel, SHOWN, type Ui } from '../format.ts';

const when = (ui: Ui, ms: number) => formatTime(ui, new Date(ms));
const name = (s: string) => mrkdwnText(s, SHOWN.name);
const word = (s: string) => mrkdwnText(s, SHOWN.word);

const KIND_WORDS: Record<IncidentKind, PlainKey> = {
  power: 'digest.kind.power',
  contract: 'digest.kind.contract',
  'signup-stuck': 'digest.kind.signup-stuck',
  ssl: 'digest.kind.ssl',
  'ssl-expired': 'digest.kind.ssl-expired',
  'key-use': 'digest.kind.key-use',
  'key-auth': 'digest.kind.key-auth',
  'key-expired': 'digest.kind.key-expired',
};
const KINDS: ReadonlyMap<string, PlainKey> = new Map(Object.entries(KIND_WORDS));

/** An incident's kind in words; a kind the catalog does not know yet is shown by its name. */
export function kindWords(ui: Ui, kind: string): string {
  const key = KINDS.get(kind);
  return key ? ui.t(key) : `\`${word(kind)}\``;
}

/** What an incident is about: a server or a domain by its name, the API key in words (its alarms' subject). */
function incidentName(ui: Ui, i: DigestIncident): string {
  return i.kind === 'key-auth' || i.kind === 'key-expired' ? ui.t('oncall.key.name') : name(i.name);
}

export function incidentLine(ui: Ui, i: DigestIncident, at: number): string {
  const claim = i.claimedBy ? ui.t('digest.incident.claim', { user: i.claimedBy }) : '';
  const lasted = formatDuration(ui, (i.resolvedAt ?? at) - i.raisedAt);
  const base = {
    name: incidentName(ui, i),
    kind: kindWords(ui, i.kind),
    since: when(ui, i.raisedAt),
    lasted,
    claim,
  };
  return i.resolvedAt === null
    ? ui.t('digest.incident.open', { ...base, marker: ':rotating_light: ' })
    : ui.t('digest.incident.resolved', { ...base, until: when(ui, i.resolvedAt) });
}

/** The longest incident of the window (open or resolved), named first in its part. */
export function longestLine(ui: Ui, i: DigestIncident, at: number): string {
  return ui.t('digest.incident.longest', {
    name: incidentName(ui, i),
    kind: kindWords(ui, i.kind),
    lasted: formatDuration(ui, (i.resolvedAt ?? at) - i.raisedAt),
    open: i.resolvedAt === null ? ui.t('digest.incident.longest_open') : '',
  });
}

export function serverLine(ui: Ui, s: DigestReport['notRunning']['items'][number]): string {
  const power = powerLabel(ui, s.power ?? '?');
  return s.since === null
    ? ui.t('digest.server_since_unknown', { name: name(s.name), power })
    : ui.t('digest.server', { name: name(s.name), power, since: when(ui, s.since) });
}

const price = (ui: Ui, yen: number | null) => (yen === null ? '?' : formatYen(ui, yen));

export function orderLine(ui: Ui, o: DigestOrder): string {
  const params = {
    name: o.name ? name(o.name) : ui.t('digest.order.unnamed'),
    plan: o.planName ? name(o.planName) : o.planId ? word(o.planId) : '?',
    months: o.period === null ? '?' : monthsLabel(ui, o.period),
    price: price(ui, o.price),
    approver: o.approverId,
    requester: o.requesterId ?? o.approverId,
    at: when(ui, o.at),
  };
  return o.outcome === 'placed' ? ui.t('digest.order.placed', params) : ui.t('digest.order.unknown', params);
}

export function refusalLine(ui: Ui, r: DigestRefusal): string {
  const signup = r.what === 'signup';
  const said = r.state === 'rejected' && r.by ? 'rejected' : 'expired';
  return ui.t(`digest.refusal.${signup ? 'signup' : 'op'}_${said}`, {
    name: r.name ? name(r.name) : ui.t('digest.order.unnamed'),
    plan: r.planName ? name(r.planName) : word(r.target),
    price: price(ui, r.price),
    what: actionName(ui, r.what),
    target: name(r.target),
    requester: r.requesterId,
    by: r.by ?? '',
    at: when(ui, r.at),
  });
}

const subject = (c: DigestHostingChange) => (c.subject ? ` \`${name(c.subject)}\`` : '');

export function hostingLine(ui: Ui, c: DigestHostingChange): string {
  return ui.t('digest.hosting.line', {
    at: when(ui, c.at),
    server: name(c.server),
    action: actionName(ui, c.action),
    subject: subject(c),
    actor: c.actor ?? '',
  });
}

/** The fields a server-changed notice names (`watch.changed.field.*`). */
const CHANGED_FIELDS: ReadonlyMap<string, PlainKey> = new Map<string, PlainKey>([
  ['name', 'watch.changed.field.name'],
  ['memo', 'watch.changed.field.memo'],
  ['rdns', 'watch.changed.field.rdns'],
  ['ip', 'watch.changed.field.ip'],
  ['plan', 'watch.changed.field.plan'],
]);

/** A server changed outside the bot: what changed, in the words of its notice (`watch.changed.field.*`). */
export function serverOutsideLine(ui: Ui, c: DigestServerChange): string {
  const fields = c.fields.map((f) => {
    const key = CHANGED_FIELDS.get(f);
    return key ? ui.t(key) : `\`${word(f)}\``;
  });
  return ui.t('digest.server_outside.line', {
    at: when(ui, c.at),
    name: name(c.name),
    fields: fields.join(', '),
  });
}

/** A change made outside the bot, in the words its notice used (`watch.kind.hosting.*`). */
export function outsideLine(ui: Ui, c: DigestHostingChange): string {
  return ui.t('digest.outside.line', {
    at: when(ui, c.at),
    server: name(c.server),
    what: hostingChangeWords(ui, c.action),
    subject: subject(c),
  });
}

export function budgetLines(ui: Ui, b: DigestReport['budget']): string[] {
  const limit = b.limit;
  const lines =
    limit !== null
      ? [
          ui.t('digest.budget.previous_limit', { count: b.previousDay, limit }),
          ui.t('digest.budget.today_limit', {
            count: b.today,
            limit,
            level: ui.t(`digest.budget.level.${b.level}`),
          }),
        ]
      : [
          ui.t('digest.budget.previous', { count: b.previousDay }),
          ui.t('digest.budget.today', { count: b.today }),
          ui.t('digest.budget.no_limit'),
        ];
  const w = b.window;
  lines.push(
    w.seenAt === null || w.limit === null || w.remaining === null
      ? ui.t('digest.budget.window_none')
      : ui.t('digest.budget.window', { remaining: w.remaining, limit: w.limit, at: when(ui, w.seenAt) }),
  );
  return lines;
}

export function renewalLine(ui: Ui, r: DigestReport['renewals']['list']['items'][number]): string {
  return ui.t('digest.renewal.line', {
    name: name(r.name),
    date: mrkdwnText(contractDay(ui, r.date), SHOWN.word),
    left: daysLeftLabel(ui, r.left),
    off: r.autoRenew === false ? ui.t('digest.renewal.off') : '',
  });
}
