/**
 * What a DNS record's change or delete, or a cron job's delete, will take
 * away, for its confirmation and approval: the record or the job as it is
 * now (and, for a change, as it will be). Pure.
 */
import type { DnsChange, DnsRecordNow, RecordLoss } from '../../../services/hosting/index.ts';
import { recordName, schedule } from '../../../services/hosting/index.ts';
import { displayDomain } from '../domain-display.ts';
import { escapeMrkdwn, formatTime, type Ui } from '../format.ts';
import { isoTime } from './iso-time.ts';

export { isRecordLoss } from '../../../services/hosting/index.ts';

/** Any text of the provider's cut on its own: a confirmation is one section of at most 3,000 characters. */
const cut = (s: string, max = 200): string => ([...s].length > max ? `${[...s].slice(0, max).join('')}…` : s);

/** A record on one line, as a zone file writes it: name, TTL, type, priority, value. */
export function recordLine(r: Omit<DnsRecordNow, 'id'>): string {
  const priority = r.priority === null || r.priority === 0 ? '' : ` ${r.priority}`;
  const name = cut(displayDomain(recordName(r)));
  // A long TXT record (a DKIM key) is cut: the confirmation holds the record before and after in one section.
  const content = [...r.content].length > 600 ? `${[...r.content].slice(0, 600).join('')}…` : r.content;
  const line = `${name} ${r.ttl} ${cut(r.type, 20)}${priority} ${content}`;
  return [...line].length > 900 ? `${[...line].slice(0, 900).join('')}…` : line;
}

function after(now: DnsRecordNow, c: DnsChange): Omit<DnsRecordNow, 'id'> {
  return {
    domain: now.domain,
    host: c.host ?? now.host,
    type: c.type ?? now.type,
    content: c.content ?? now.content,
    ttl: c.ttl ?? now.ttl,
    priority: c.priority ?? now.priority,
  };
}

export function recordLossTitle(ui: Ui, loss: RecordLoss): string {
  switch (loss.kind) {
    case 'hosting.dns_change':
    case 'hosting.dns_delete':
      return ui.t(`hosting.confirm.title.${loss.kind}`, { id: String(loss.record.id) });
    case 'hosting.cron_delete':
      return ui.t('hosting.confirm.title.hosting.cron_delete', { id: cut(loss.job.id, 100) });
    case 'hosting.ssl_delete':
      return ui.t('hosting.confirm.title.hosting.ssl_delete', {
        domain: cut(displayDomain(loss.certificate.common_name)),
      });
    case 'hosting.ftp_delete':
      return ui.t('hosting.confirm.title.hosting.ftp_delete', { account: cut(loss.account.ftp_account) });
  }
}

export function recordLossText(ui: Ui, server: string, loss: RecordLoss): string {
  // Escaping can lengthen the provider's text (`&` is `&amp;`): the sentence is kept within one section.
  return cut(lossSentence(ui, server, loss), 2900);
}

function lossSentence(ui: Ui, server: string, loss: RecordLoss): string {
  switch (loss.kind) {
    case 'hosting.dns_change':
      return ui.t('hosting.loss.hosting.dns_change', {
        id: String(loss.record.id),
        server,
        now: escapeMrkdwn(recordLine(loss.record)),
        after: escapeMrkdwn(recordLine(after(loss.record, loss.change))),
        name: escapeMrkdwn(cut(displayDomain(recordName(loss.record)))),
        ttl: loss.record.ttl,
      });
    case 'hosting.dns_delete':
      return ui.t('hosting.loss.hosting.dns_delete', {
        id: String(loss.record.id),
        server,
        now: escapeMrkdwn(recordLine(loss.record)),
        name: escapeMrkdwn(cut(displayDomain(recordName(loss.record)))),
        ttl: loss.record.ttl,
      });
    case 'hosting.cron_delete':
      return ui.t('hosting.loss.hosting.cron_delete', {
        id: escapeMrkdwn(cut(loss.job.id, 100)),
        server,
        schedule: escapeMrkdwn(cut(schedule(loss.job))),
        command: escapeMrkdwn(cut(loss.job.command, 600)),
        comment: loss.job.comment === '' ? '' : ` (${escapeMrkdwn(cut(loss.job.comment))})`,
        state: ui.t(loss.job.enabled ? 'hosting.loss.cron_on' : 'hosting.loss.cron_off'),
      });
    case 'hosting.ssl_delete': {
      const expires = isoTime(loss.certificate.expires_at);
      return ui.t('hosting.loss.hosting.ssl_delete', {
        domain: escapeMrkdwn(cut(displayDomain(loss.certificate.common_name))),
        server,
        type:
          loss.certificate.type === 'letsencrypt'
            ? ui.t('hosting.ssl.free')
            : loss.certificate.type === 'option'
              ? ui.t('hosting.ssl.paid')
              : escapeMrkdwn(cut(loss.certificate.type, 40)),
        expires: expires ? formatTime(ui, expires) : escapeMrkdwn(cut(loss.certificate.expires_at, 40)),
      });
    }
    case 'hosting.ftp_delete':
      return ui.t('hosting.loss.hosting.ftp_delete', {
        account: escapeMrkdwn(cut(loss.account.ftp_account)),
        server,
        directory: escapeMrkdwn(cut(loss.account.directory)),
        // 0 is no quota at all, as the provider's reference says of GET /ftp.
        quota:
          loss.account.quota_mb === 0
            ? ui.t('hosting.ftp.unlimited')
            : ui.t('hosting.ftp.quota', { quota: loss.account.quota_mb }),
        memo: loss.account.memo === '' ? '' : ` (${escapeMrkdwn(cut(loss.account.memo))})`,
      });
  }
}
