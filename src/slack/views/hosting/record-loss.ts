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

/** A record on one line, as a zone file writes it: name, TTL, type, priority, value. */
export function recordLine(r: Omit<DnsRecordNow, 'id'>): string {
  const priority = r.priority === null || r.priority === 0 ? '' : ` ${r.priority}`;
  const name = displayDomain(recordName(r));
  return `${name} ${r.ttl} ${r.type}${priority} ${r.content}`;
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
      return ui.t('hosting.confirm.title.hosting.cron_delete', { id: loss.job.id });
    case 'hosting.ssl_delete':
      return ui.t('hosting.confirm.title.hosting.ssl_delete', {
        domain: displayDomain(loss.certificate.common_name),
      });
  }
}

export function recordLossText(ui: Ui, server: string, loss: RecordLoss): string {
  switch (loss.kind) {
    case 'hosting.dns_change':
      return ui.t('hosting.loss.hosting.dns_change', {
        id: String(loss.record.id),
        server,
        now: escapeMrkdwn(recordLine(loss.record)),
        after: escapeMrkdwn(recordLine(after(loss.record, loss.change))),
        name: escapeMrkdwn(displayDomain(recordName(loss.record))),
        ttl: loss.record.ttl,
      });
    case 'hosting.dns_delete':
      return ui.t('hosting.loss.hosting.dns_delete', {
        id: String(loss.record.id),
        server,
        now: escapeMrkdwn(recordLine(loss.record)),
        name: escapeMrkdwn(displayDomain(recordName(loss.record))),
        ttl: loss.record.ttl,
      });
    case 'hosting.cron_delete':
      return ui.t('hosting.loss.hosting.cron_delete', {
        id: escapeMrkdwn(loss.job.id),
        server,
        schedule: escapeMrkdwn(schedule(loss.job)),
        command: escapeMrkdwn([...loss.job.command].slice(0, 300).join('')),
        comment: loss.job.comment === '' ? '' : ` (${escapeMrkdwn(loss.job.comment)})`,
        state: ui.t(loss.job.enabled ? 'hosting.loss.cron_on' : 'hosting.loss.cron_off'),
      });
    case 'hosting.ssl_delete': {
      const expires = isoTime(loss.certificate.expires_at);
      return ui.t('hosting.loss.hosting.ssl_delete', {
        domain: escapeMrkdwn(displayDomain(loss.certificate.common_name)),
        server,
        type:
          loss.certificate.type === 'letsencrypt'
            ? ui.t('hosting.ssl.free')
            : loss.certificate.type === 'option'
              ? ui.t('hosting.ssl.paid')
              : escapeMrkdwn(loss.certificate.type),
        expires: expires ? formatTime(ui, expires) : escapeMrkdwn(loss.certificate.expires_at),
      });
    }
  }
}
