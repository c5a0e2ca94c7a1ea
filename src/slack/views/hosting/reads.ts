/**
 * The /hosting answers that read: the key's servers, server information and
 * usage, domains and subdomains, WordPress sites, SSH state and keys, and the
 * audit trail. Pure: plain results in, Block Kit out, every list within
 * Slack's limits (counted beyond what one message holds, never cut silently).
 */
import type { KnownBlock } from '@slack/types';
import type { AnyObject, HostingServerInfo } from '../../../provider/index.ts';
import {
  type DomainDetail,
  type DomainItem,
  OUTSIDE_CHANGE_ACTION,
  type SshKeyItem,
  type SshState,
  type WordpressItem,
} from '../../../services/hosting/index.ts';
import type { AuditRow } from '../../../store/index.ts';
import type { PlainKey } from '../../i18n/index.ts';
import { actionName, hostingChangeWords } from '../action-names.ts';
import { displayDomain, displayUrl } from '../domain-display.ts';
import {
  escapeMrkdwn,
  formatCount,
  formatTime,
  type Message,
  mrkdwnText,
  SHOWN,
  type Ui,
} from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { auditReasonText } from '../messages.ts';
import { packLines } from '../sections.ts';

/** Lines one list message shows: well inside 50 blocks of 3000 characters. */
const LIST_MAX = 60;

const code = (s: string): string => `\`${mrkdwnText(s, SHOWN.text)}\``;

function header(text: string): KnownBlock {
  return {
    type: 'header',
    text: { type: 'plain_text', text: [...text].slice(0, LIMITS.headerText).join('') },
  };
}

function context(text: string): KnownBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text }] };
}

function done(blocks: KnownBlock[], text: string): Message {
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/** A list of lines under a title: as many as one message holds, the rest counted. */
function listMessage(ui: Ui, title: string, lines: readonly string[], empty: string): Message {
  if (lines.length === 0) return done([{ type: 'section', text: { type: 'mrkdwn', text: empty } }], empty);
  const shown = lines
    .slice(0, LIST_MAX)
    .map((l) => ([...l].length > 1000 ? `${[...l].slice(0, 1000).join('')}…` : l));
  const blocks: KnownBlock[] = [header(title), ...packLines(shown)];
  if (lines.length > shown.length)
    blocks.push(context(ui.t('summary.more', { count: lines.length - shown.length })));
  return done(blocks, `${escapeMrkdwn(title)}\n${shown.slice(0, 10).join('\n')}`);
}

export function serversView(ui: Ui, answer: { servers: readonly string[] } | { all: true }): Message {
  if ('all' in answer)
    return done(
      [{ type: 'section', text: { type: 'mrkdwn', text: ui.t('hosting.servers.all') } }],
      ui.t('hosting.servers.all'),
    );
  return listMessage(
    ui,
    ui.t('hosting.servers.title'),
    answer.servers.map((s) => `• ${code(s)}`),
    ui.t('hosting.servers.all'),
  );
}

/**
 * PHP and database versions. Their shape is published only as "product and
 * version": an item that is an object is shown by its values, in the
 * provider's order, whatever its fields are called.
 */
function versions(v: unknown): string | undefined {
  if (!Array.isArray(v) || v.length === 0) return undefined;
  const scalar = (p: unknown): p is string | number => typeof p === 'string' || typeof p === 'number';
  return v
    .map((x) => {
      if (scalar(x)) return String(x);
      if (x && typeof x === 'object') return Object.values(x).filter(scalar).join(' ');
      return '';
    })
    .filter((s) => s !== '')
    .join(', ');
}

export function infoView(ui: Ui, server: string, info: HostingServerInfo): Message {
  const none = ui.t('hosting.info.none');
  const field = (label: PlainKey, value: string | undefined) => ({
    type: 'mrkdwn' as const,
    text: `*${ui.t(label)}*\n${value ? mrkdwnText(value, SHOWN.memo) : none}`,
  });
  const title = ui.t('hosting.info.title', { server });
  const blocks: KnownBlock[] = [
    header(title),
    {
      type: 'section',
      fields: [
        field('hosting.info.ip', info.ip_address),
        field('hosting.info.hostname', info.hostname),
        field('hosting.info.name_servers', info.name_servers?.join('\n')),
        field('hosting.info.php', versions(info.php_versions)),
        field('hosting.info.db', versions(info.db_versions)),
      ],
    },
    // The rest of the reference's server information (docs/provider-api.md, Hosting resources);
    // cpu and memory are null on a business sub-account.
    {
      type: 'section',
      fields: [
        field('hosting.info.server_id', info.server_id),
        field('hosting.info.os', info.os),
        field('hosting.info.cpu', info.cpu ?? undefined),
        field('hosting.info.memory', info.memory ?? undefined),
        field('hosting.info.apache', info.apache_version),
        field('hosting.info.perl', versions(info.perl_versions)),
      ],
    },
  ];
  const summary = [title, info.ip_address, info.hostname]
    .filter((s): s is string => typeof s === 'string' && s !== '')
    .map(escapeMrkdwn)
    .join(' · ');
  return done(blocks, summary);
}

/** Usage figures as the provider gave them: nested objects flattened to `a.b: value` lines. */
export function usageView(ui: Ui, server: string, usage: AnyObject): Message {
  const lines: string[] = [];
  const walk = (prefix: string, v: unknown): void => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}.${k}` : k, x);
    } else if (v !== undefined && v !== null) {
      lines.push(
        `• ${mrkdwnText(prefix, SHOWN.word)}: *${mrkdwnText(Array.isArray(v) ? v.join(', ') : String(v), SHOWN.text)}*`,
      );
    }
  };
  walk('', usage);
  const m = listMessage(ui, ui.t('hosting.usage.title', { server }), lines, ui.t('hosting.usage.empty'));
  if (lines.length === 0) return m;
  // What the reference says the figures mean: the disk in GB, and what its counts leave out.
  const disk = usage.disk as Record<string, unknown> | undefined;
  const num = (v: unknown): number | undefined =>
    typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  const used = num(disk?.used_gb);
  const quota = num(disk?.quota_gb);
  const notes = [
    used !== undefined && quota !== undefined && quota > 0
      ? ui.t('hosting.usage.disk', {
          used: formatCount(ui, used),
          quota: formatCount(ui, quota),
          percent: formatCount(ui, Math.round((used / quota) * 1000) / 10),
        })
      : '',
    num(disk?.file_limit) === 0 ? ui.t('hosting.usage.no_file_limit') : '',
    usage.counts && typeof usage.counts === 'object' ? ui.t('hosting.usage.counts_note') : '',
  ].filter((n) => n !== '');
  if (notes.length === 0) return m;
  const blocks = [...(m.blocks ?? []), context(notes.join('\n'))];
  return done(blocks as KnownBlock[], `${m.text}\n${notes.join('\n')}`);
}

/**
 * A domain's SSL in words: `ssl_status` when an answer says it (the reference
 * gives it only on creation), else the reference's `ssl` (a certificate set or
 * not); any other status as the provider gave it (docs/provider-api.md, Hosting resources).
 */
function sslLabel(ui: Ui, status: string | undefined, ssl?: boolean): string {
  if (status === undefined) {
    if (ssl === undefined) return ui.t('hosting.ssl.unknown');
    return ui.t(ssl ? 'hosting.ssl.on' : 'hosting.ssl.off');
  }
  return status === 'failed_nameserver'
    ? ui.t('hosting.ssl.failed_nameserver')
    : mrkdwnText(status, SHOWN.word);
}

function domainLines(ui: Ui, items: readonly DomainItem[]): string[] {
  const lines = items.map((d) =>
    ui.t('hosting.domain.line', {
      // A list item's own name is not a published field: one without it is listed by its URL.
      domain: mrkdwnText(
        d.domain === undefined ? (d.url ? displayUrl(d.url) : '?') : displayDomain(d.domain),
        SHOWN.domain,
      ),
      ssl: sslLabel(ui, d.sslStatus, d.ssl),
      url: d.url ? ` — ${mrkdwnText(displayUrl(d.url), SHOWN.domain)}` : '',
    }),
  );
  return lines.map((line, i) => line + domainExtra(ui, items[i]!));
}

/** The memo and whether a setting is still taking effect: the reference's list fields. */
function domainExtra(ui: Ui, d: DomainItem): string {
  const memo = d.memo ? ` — ${mrkdwnText(d.memo, SHOWN.name)}` : '';
  return d.isAwaiting ? `${memo} ${ui.t('hosting.sites.awaiting')}` : memo;
}

export function domainsView(ui: Ui, server: string, items: readonly DomainItem[]): Message {
  return listMessage(
    ui,
    ui.t('hosting.domains.title', { server, count: items.length }),
    domainLines(ui, items),
    ui.t('hosting.domains.empty', { server }),
  );
}

export function subdomainsView(ui: Ui, server: string, items: readonly DomainItem[]): Message {
  return listMessage(
    ui,
    ui.t('hosting.subdomains.title', { server, count: items.length }),
    domainLines(ui, items),
    ui.t('hosting.subdomains.empty', { server }),
  );
}

/** SSL failed because the domain is not on the service's name servers: the ones to set (the spec's advice). */
export function nameServerAdvice(ui: Ui, domain: string, nameServers: readonly string[]): string {
  return ui.t('hosting.domain.failed_nameserver', {
    domain: mrkdwnText(displayDomain(domain), SHOWN.domain),
    name_servers: nameServers.length > 0 ? nameServers.map(code).join(', ') : ui.t('hosting.info.none'),
  });
}

export function domainView(ui: Ui, server: string, name: string, d: DomainDetail): Message {
  const domain = d.domain.domain ?? name;
  const title = ui.t('hosting.domain.title', { domain: displayDomain(domain) });
  const none = ui.t('hosting.info.none');
  const blocks: KnownBlock[] = [
    header(title),
    {
      type: 'section',
      fields: [
        {
          type: 'mrkdwn',
          text: `*${ui.t('hosting.domain.url')}*\n${d.domain.url ? mrkdwnText(displayUrl(d.domain.url), SHOWN.domain) : none}`,
        },
        {
          type: 'mrkdwn',
          text: `*${ui.t('hosting.domain.ssl')}*\n${sslLabel(ui, d.domain.ssl_status, d.domain.ssl)}`,
        },
        {
          type: 'mrkdwn',
          text: `*${ui.t('hosting.domain.root')}*\n${d.domain.document_root ? code(d.domain.document_root) : none}`,
        },
        // The rest of the reference's domain detail.
        {
          type: 'mrkdwn',
          text: `*${ui.t('hosting.sites.detail.php')}*\n${d.domain.php_version ? mrkdwnText(d.domain.php_version, SHOWN.word) : none}`,
        },
        {
          type: 'mrkdwn',
          text: `*${ui.t('hosting.sites.detail.type')}*\n${d.domain.type ? mrkdwnText(d.domain.type, SHOWN.word) : none}`,
        },
        {
          type: 'mrkdwn',
          text: `*${ui.t('hosting.sites.detail.created')}*\n${d.domain.created_at ? mrkdwnText(d.domain.created_at, SHOWN.word) : none}`,
        },
        {
          type: 'mrkdwn',
          text: `*${ui.t('hosting.sites.detail.memo')}*\n${d.domain.memo ? mrkdwnText(d.domain.memo, SHOWN.memo) : none}`,
        },
      ],
    },
    ...(d.domain.is_awaiting ? [context(ui.t('hosting.sites.detail.awaiting'))] : []),
  ];
  let text = `${escapeMrkdwn(title)} · ${mrkdwnText(d.domain.url ?? '', SHOWN.domain)}`;
  if (d.nameServers !== undefined) {
    const advice = nameServerAdvice(ui, domain, d.nameServers);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${advice}` } });
    text = `${text}\n${advice}`;
  }
  blocks.push(context(ui.t('hosting.modal.server', { server })));
  return done(blocks, text);
}

export function wordpressView(
  ui: Ui,
  server: string,
  domain: string | undefined,
  items: readonly WordpressItem[],
): Message {
  const title =
    domain === undefined
      ? ui.t('hosting.wp.title', { server, count: items.length })
      : ui.t('hosting.wp.title_domain', { server, domain: displayDomain(domain), count: items.length });
  const lines = items.map((w) =>
    ui.t('hosting.wp.line', {
      id: mrkdwnText(w.id ?? '?', SHOWN.word),
      url: mrkdwnText(displayUrl(w.url ?? ''), SHOWN.domain),
      title: escapeMrkdwn(w.title ?? ''),
    }),
  );
  const shown = lines.map((line, i) => line + siteExtra(ui, items[i]!));
  return listMessage(ui, title, shown, ui.t('hosting.wp.empty'));
}

/** The version, database, its user and the memo: the rest of the reference's list fields. */
function siteExtra(ui: Ui, w: WordpressItem): string {
  const about =
    w.version || w.dbName
      ? ui.t('hosting.sites.wp_extra', {
          version: mrkdwnText(w.version ?? '?', SHOWN.word),
          db: mrkdwnText(w.dbName ?? '?', SHOWN.word),
          user: mrkdwnText(w.dbUser ?? '?', SHOWN.word),
        })
      : '';
  return w.memo ? `${about} — ${mrkdwnText(w.memo, SHOWN.name)}` : about;
}

export function sshView(ui: Ui, server: string, s: SshState): Message {
  const state =
    s.enabled === true
      ? ui.t('hosting.ssh.on', { server })
      : s.enabled === false
        ? ui.t('hosting.ssh.off', { server })
        : ui.t('hosting.ssh.unknown', { server });
  // The spec's own facts (docs/provider-api.md, SSH access), never fields of the answer, which are not published.
  const connect = ui.t('hosting.ssh.connect', {
    port: 10022,
    user: mrkdwnText(server.split('.')[0] ?? server, SHOWN.name),
    host: mrkdwnText(server, SHOWN.name),
  });
  const text = s.enabled === false ? state : `${state}\n${connect}`;
  return done([{ type: 'section', text: { type: 'mrkdwn', text } }], text);
}

/** A public key shown by its type and its end: enough to recognise, short enough to list. */
export function keyGlimpse(key: string | undefined): string {
  if (!key) return '?';
  const [type, data] = key.split(/\s+/);
  return data ? `${type} …${data.slice(-12)}` : key.slice(0, 24);
}

export function sshKeysView(ui: Ui, server: string, keys: readonly SshKeyItem[]): Message {
  const lines = keys.map((k) =>
    ui.t('hosting.ssh_keys.line', {
      id: mrkdwnText(k.id ?? '?', SHOWN.word),
      label: mrkdwnText(k.label ?? ui.t('hosting.loss.no_label'), SHOWN.name),
      key: mrkdwnText(keyGlimpse(k.publicKey), SHOWN.word),
    }),
  );
  return listMessage(
    ui,
    ui.t('hosting.ssh_keys.title', { server, count: keys.length }),
    lines,
    ui.t('hosting.ssh_keys.empty', { server }),
  );
}

function subjectOf(params: Record<string, unknown>): string {
  // A database's or its user's name as a form writes it (`db_name`) or a delete's request does (`dbName`).
  for (const k of [
    'domain',
    'subdomain',
    'url',
    'name_suffix',
    'label',
    'id',
    'wp_id',
    'db_user',
    'dbUser',
    'db_name',
    'dbName',
  ]) {
    const v = params[k];
    if (typeof v !== 'string' || v === '') continue;
    const shown = k === 'domain' || k === 'subdomain' ? displayDomain(v) : k === 'url' ? displayUrl(v) : v;
    return code([...shown].slice(0, 120).join(''));
  }
  return '';
}

/** A change the watcher saw made outside the bot: nobody here to name, what changed in words. */
function outsideLine(ui: Ui, r: AuditRow): string {
  const change = r.params.change;
  return ui.t('hosting.audit.outside_line', {
    at: formatTime(ui, r.at),
    what: hostingChangeWords(ui, typeof change === 'string' ? change : r.action),
    subject: subjectOf(r.params),
  });
}

export function hostingAuditView(ui: Ui, server: string, rows: readonly AuditRow[]): Message {
  const lines = rows.map((r) => {
    if (r.action === OUTSIDE_CHANGE_ACTION) return outsideLine(ui, r);
    const outcome =
      r.outcome === 'ok'
        ? ui.t('hosting.audit.ok')
        : ui.t(r.outcome === 'refused' ? 'hosting.audit.refused' : 'hosting.audit.failed', {
            reason: auditReasonText(ui, r.errorCode ?? '?'),
          });
    return ui.t('hosting.audit.line', {
      at: formatTime(ui, r.at),
      actor: r.actor,
      action: actionName(ui, r.action),
      subject: subjectOf(r.params),
      outcome,
    });
  });
  return listMessage(
    ui,
    ui.t('hosting.audit.title', { server }),
    lines,
    ui.t('hosting.audit.empty', { server }),
  );
}
