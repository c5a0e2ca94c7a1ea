/**
 * The /hosting answer of FTP accounts: a list under a title, as many lines as
 * one message holds and the rest counted (never cut silently). Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { FtpListing } from '../../../services/hosting/index.ts';
import { displayDomain } from '../domain-display.ts';
import { escapeMrkdwn, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { packLines, summaryText } from '../sections.ts';

/** Lines one list message shows: well inside 50 blocks of 3,000 characters. */
const LIST_MAX = 60;

const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });

export function ftpView(ui: Ui, server: string, l: FtpListing): Message {
  const title =
    l.domain === undefined
      ? ui.t('hosting.ftp.title', { server })
      : ui.t('hosting.ftp.title_domain', { domain: displayDomain(l.domain), server });
  const lines = l.accounts.slice(0, LIST_MAX).map((a) =>
    ui.t('hosting.ftp.row', {
      account: mrkdwnText(a.ftp_account, SHOWN.name),
      directory: mrkdwnText(a.directory, SHOWN.text),
      // 0 is no quota at all, as the provider's reference says of GET /ftp.
      quota:
        a.quota_mb === 0 ? ui.t('hosting.ftp.unlimited') : ui.t('hosting.ftp.quota', { quota: a.quota_mb }),
      memo: a.memo === '' ? '' : ui.t('hosting.ftp.memo', { memo: mrkdwnText(a.memo, SHOWN.text) }),
    }),
  );
  const empty = ui.t('hosting.ftp.empty');
  const notes = [
    l.accounts.length > LIST_MAX ? ui.t('summary.more', { count: l.accounts.length - LIST_MAX }) : '',
    l.unreadable > 0 ? ui.t('hosting.ftp.unreadable', { count: l.unreadable }) : '',
    ui.t('hosting.ftp.main_not_listed'),
  ];
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: [...title].slice(0, LIMITS.headerText).join('') } },
    ...(lines.length === 0
      ? [{ type: 'section', text: { type: 'mrkdwn', text: empty } } as KnownBlock]
      : packLines(lines)),
    ...notes.filter((n) => n !== '').map(context),
  ];
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(escapeMrkdwn(title), lines.length === 0 ? [empty] : lines), blocks };
}
