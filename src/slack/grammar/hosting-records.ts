/**
 * The `/hosting` words of DNS records, cron jobs and PHP versions, as a pure
 * function the /hosting grammar (hosting.ts) hands them to:
 * `dns [domain]`, `dns add <domain> <host> <type> <value> [ttl] [priority]`
 * (`@` the apex; a value with spaces quoted), `dns change|delete <id>`,
 * `cron`, `cron add`, `cron change|enable|disable|delete <id>`,
 * `php [domain]`, `php set <domain> <version>`, `ssl [domain]`,
 * `ssl add|delete <domain>`. Numbers are read as typed
 * (anything but digits is handed on as NaN), so the service names the field
 * and its rule instead of the grammar answering with the usage line.
 */
import type { ParseResult, Token, UsageTopic } from './tokens.ts';

export const RECORD_WORDS = ['dns', 'cron', 'php', 'ssl'] as const;

export type RecordArea =
  | { name: 'dns'; domain: string | undefined }
  | {
      name: 'dns_add';
      domain: string;
      host: string;
      type: string;
      content: string;
      ttl: number | undefined;
      priority: number | undefined;
    }
  | { name: 'dns_change'; id: string }
  | { name: 'dns_delete'; id: string }
  | { name: 'cron' }
  | { name: 'cron_add' }
  | { name: 'cron_change'; id: string }
  | { name: 'cron_enable'; id: string; enabled: boolean }
  | { name: 'cron_delete'; id: string }
  | { name: 'php'; domain: string | undefined }
  | { name: 'php_set'; domain: string; version: string }
  | { name: 'ssl'; domain: string | undefined }
  | { name: 'ssl_add'; domain: string }
  | { name: 'ssl_delete'; domain: string };

const number = (t: Token | undefined): number | undefined => {
  if (t === undefined) return undefined;
  const v = t.text.replace(/^(ttl|priority)=/i, '');
  return /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
};

/** The words after `dns`, `cron` or `php`. */
export function parseRecordArea(
  area: (typeof RECORD_WORDS)[number],
  args: readonly Token[],
): ParseResult<RecordArea> {
  const ok = (command: RecordArea): ParseResult<RecordArea> => ({ ok: true, command });
  const usage = (command: UsageTopic): ParseResult<RecordArea> => ({
    ok: false,
    error: { problem: 'usage', command },
  });
  const [verbToken, ...rest] = args;
  const verb = verbToken?.text.toLowerCase();
  const one = (make: (id: string) => RecordArea, topic: UsageTopic) =>
    rest.length === 1 && rest[0]!.text !== '' ? ok(make(rest[0]!.text)) : usage(topic);
  switch (area) {
    case 'dns': {
      if (verb === 'add') {
        const [domain, host, type, content, ttl, priority, ...more] = rest;
        if (!domain?.text || !host?.text || !type?.text || content === undefined || more.length > 0)
          return usage('hosting.dns_add');
        return ok({
          name: 'dns_add',
          domain: domain.text,
          host: host.text,
          type: type.text,
          content: content.text,
          ttl: number(ttl),
          priority: number(priority),
        });
      }
      if (verb === 'change' || verb === 'edit')
        return one((id) => ({ name: 'dns_change', id }), 'hosting.dns_change');
      if (verb === 'delete' || verb === 'remove')
        return one((id) => ({ name: 'dns_delete', id }), 'hosting.dns_delete');
      if (args.length > 1) return usage('hosting.dns');
      return ok({ name: 'dns', domain: verbToken?.text || undefined });
    }
    case 'cron': {
      if (verb === undefined) return ok({ name: 'cron' });
      if (verb === 'add') return rest.length === 0 ? ok({ name: 'cron_add' }) : usage('hosting.cron');
      if (verb === 'change' || verb === 'edit')
        return one((id) => ({ name: 'cron_change', id }), 'hosting.cron');
      if (verb === 'enable' || verb === 'disable')
        return one((id) => ({ name: 'cron_enable', id, enabled: verb === 'enable' }), 'hosting.cron');
      if (verb === 'delete' || verb === 'remove')
        return one((id) => ({ name: 'cron_delete', id }), 'hosting.cron');
      return usage('hosting.cron');
    }
    case 'php': {
      if (verb === 'set') {
        const [domain, version, ...more] = rest;
        if (!domain?.text || !version?.text || more.length > 0) return usage('hosting.php');
        return ok({ name: 'php_set', domain: domain.text, version: version.text });
      }
      if (args.length > 1) return usage('hosting.php');
      return ok({ name: 'php', domain: verbToken?.text || undefined });
    }
    case 'ssl': {
      if (verb === 'add' || verb === 'install')
        return one((domain) => ({ name: 'ssl_add', domain }), 'hosting.ssl');
      if (verb === 'delete' || verb === 'remove')
        return one((domain) => ({ name: 'ssl_delete', domain }), 'hosting.ssl');
      if (args.length > 1) return usage('hosting.ssl');
      return ok({ name: 'ssl', domain: verbToken?.text || undefined });
    }
  }
}
