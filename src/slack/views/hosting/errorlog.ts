/**
 * The error log, paged as `/vps logs` pages: a page of lines per message with
 * Earlier / Later buttons, each line shown whole up to a visible cut (a line
 * longer than one section could hold ends in "… (+N characters)"). A button
 * beside the pager sends the whole log, lines as read, as a file in a direct
 * message to whoever clicks it. A log read with a keyword says so on every
 * page, and its buttons read with the same keyword. The access log is shown
 * the same way, in its own words, and its buttons read the access log.
 */
import type { KnownBlock } from '@slack/types';
import type { ErrorLogPage } from '../../../services/hosting/index.ts';
import { HOSTING_IDS } from '../../ids.ts';
import { encodePayload, errorLogFilePayload, errorLogPagePayload } from '../../payloads.ts';
import { displayDomain } from '../domain-display.ts';
import { escapeMrkdwn, type Message, mrkdwnCut, mrkdwnText, SHOWN, type Ui } from '../format.ts';
import { assertBlocksWithinLimits, fits, LIMITS } from '../limits.ts';

/** Lines per page: one code block of at most one section. */
export const ERROR_LOG_PAGE_LINES = 25;
const LINE_MAX = Math.floor((LIMITS.sectionText - 10) / ERROR_LOG_PAGE_LINES) - 20;

/** The catalog keys of the log's own words (the pager's are shared). */
const wordsOf = (log: ErrorLogPage) => (log.kind === 'access' ? 'hosting.accesslog' : 'hosting.errorlog');

/** A line as shown (escapeMrkdwn fences backquotes, so none closes the code block), cut with how much is left out. */
function shown(line: string): string {
  const cut = mrkdwnCut(line, LINE_MAX + 1);
  return cut.shown < cut.total ? `${cut.text} (+${cut.total - cut.shown})` : cut.text;
}

export function errorLogView(
  ui: Ui,
  server: string,
  log: ErrorLogPage,
  asked: number,
  page: number,
): Message {
  const words = wordsOf(log);
  const title = ui.t(`${words}.title`, { domain: displayDomain(log.domain), server });
  const keyword = log.keyword === undefined ? undefined : mrkdwnText(log.keyword, SHOWN.word);
  if (log.lines.length === 0) {
    const domain = mrkdwnText(displayDomain(log.domain), SHOWN.domain);
    const empty =
      keyword === undefined
        ? ui.t(`${words}.empty`, { domain })
        : ui.t(`${words}.empty_keyword`, { domain, keyword });
    const blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: empty } }];
    assertBlocksWithinLimits(blocks, 'message');
    return { text: empty, blocks };
  }
  const pages = Math.ceil(log.lines.length / ERROR_LOG_PAGE_LINES);
  // The newest lines are at the end of the log: the first page shown is the last one.
  const p = Math.min(Math.max(0, page), pages - 1);
  const from = p * ERROR_LOG_PAGE_LINES;
  const lines = log.lines.slice(from, from + ERROR_LOG_PAGE_LINES);
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: [...title].slice(0, LIMITS.headerText).join('') } },
    { type: 'section', text: { type: 'mrkdwn', text: `\`\`\`${lines.map(shown).join('\n')}\`\`\`` } },
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t(keyword === undefined ? 'hosting.errorlog.page' : 'hosting.errorlog.page_keyword', {
            from: from + 1,
            to: from + lines.length,
            count: log.lines.length,
            keyword: keyword ?? '',
          }),
        },
      ],
    },
  ];
  const button = (to: number, dir: 'prev' | 'next') => {
    const value = encodePayload(errorLogPagePayload, { ...asRead(server, log, asked), p: to });
    return fits('buttonValue', value)
      ? [
          {
            type: 'button' as const,
            action_id: `${HOSTING_IDS.errorLogPage}:${dir}`,
            text: {
              type: 'plain_text' as const,
              text: ui.t(dir === 'prev' ? 'hosting.errorlog.prev' : 'hosting.errorlog.next'),
            },
            value,
          },
        ]
      : [];
  };
  const fileValue = encodePayload(errorLogFilePayload, asRead(server, log, asked));
  const file = fits('buttonValue', fileValue)
    ? [
        {
          type: 'button' as const,
          action_id: HOSTING_IDS.errorLogFile,
          text: {
            type: 'plain_text' as const,
            text: ui.t(
              keyword === undefined ? 'hosting.errorlog.file.button' : 'hosting.errorlog.file.button_keyword',
            ),
          },
          value: fileValue,
        },
      ]
    : [];
  const elements = [
    ...(p > 0 ? button(p - 1, 'prev') : []),
    ...(p < pages - 1 ? button(p + 1, 'next') : []),
    ...file,
  ];
  if (elements.length > 0) blocks.push({ type: 'actions', block_id: HOSTING_IDS.errorLogPager, elements });
  assertBlocksWithinLimits(blocks, 'message');
  // The fallback text is mrkdwn too: a logged line (anyone's request can put one there) cannot mention anyone.
  const last = lines.slice(-5).map((l) => escapeMrkdwn(l));
  return { text: `${escapeMrkdwn(title)}\n${last.join('\n')}`.slice(0, 3000), blocks };
}

/** What a button reads again: the same server, domain, lines and keyword. */
function asRead(server: string, log: ErrorLogPage, asked: number) {
  return {
    s: server,
    d: log.domain,
    l: asked,
    ...(log.keyword === undefined ? {} : { k: log.keyword }),
    ...(log.kind === 'access' ? { t: 'a' as const } : {}),
  };
}

/** What the file button answers: nothing to send, the direct message the file goes with, or that it was sent. */
export function errorLogFileText(
  ui: Ui,
  what: 'empty' | 'dm' | 'sent',
  server: string,
  log: ErrorLogPage,
): string {
  const params = {
    domain: displayDomain(log.domain),
    server,
    count: log.lines.length,
    // What was typed, shown as text: it cannot mention anyone.
    keyword: mrkdwnText(log.keyword ?? '', SHOWN.word),
  };
  const key = `${wordsOf(log)}.file.${what}${log.keyword === undefined ? '' : '_keyword'}` as const;
  return ui.t(key, params);
}

/** The page an error log opens on: its last, where the newest lines are. */
export function lastErrorLogPage(count: number): number {
  return Math.max(0, Math.ceil(count / ERROR_LOG_PAGE_LINES) - 1);
}

/** The file's title: the log's own, as its first page shows it. */
export function errorLogFileTitle(ui: Ui, server: string, log: ErrorLogPage): string {
  return ui.t(`${wordsOf(log)}.title`, { domain: log.domain, server });
}

/** The file's name: the domain and which log. */
export function errorLogFileName(log: ErrorLogPage): string {
  return `${log.domain}-${log.kind === 'access' ? 'access' : 'error'}.log`;
}

/** Slack refused the file: said of the log it was. */
export function errorLogFileFailed(ui: Ui, log: ErrorLogPage, error: string): string {
  return ui.t(`${wordsOf(log)}.file.failed`, { error });
}
