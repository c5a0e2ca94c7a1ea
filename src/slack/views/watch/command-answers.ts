/**
 * The answers to the watch commands: `/vps watch` and `/vps unwatch`, the
 * probe shown in the channel a watch sends to, `/vps mute` and `/vps unmute`,
 * and `/vps watches`. Pure: the subscriptions' changes in, Block Kit out.
 */
import type { KnownBlock } from '@slack/types';
import type { MuteChange, SubscriptionChange, SubscriptionList } from '../../../services/watch/index.ts';
import { formatTime, type Message, mrkdwnText, SHOWN, type Ui } from '../format.ts';

/** A moment as this answer's reader reads it: Slack's token in the channel, their own zone alone. */
const dateOf = (ui: Ui, ms: number): string => formatTime(ui, new Date(ms));

import { assertBlocksWithinLimits, LIMITS } from '../limits.ts';
import { summaryText } from '../sections.ts';

const SECTION_CHARS = LIMITS.sectionText - 100;

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

/** The provider key's watch (`/vps watch key`): its target and label are the word itself. */
const isKeyWatch = (c: { label: string; hosting?: boolean }) => c.hosting !== true && c.label === 'key';

function targetLabel(ui: Ui, label: string, hosting = false): string {
  if (hosting) return ui.t('watch.cmd.hosting_target', { server: mrkdwnText(label, SHOWN.name) });
  if (isKeyWatch({ label, hosting })) return ui.t('watch.cmd.key_target');
  return label === 'all' ? ui.t('watch.cmd.all_servers') : `*${mrkdwnText(label, SHOWN.name)}*`;
}

/** The answer to `/vps watch` and `/vps unwatch`, and to `/hosting watch` and `/hosting unwatch`. */
export function subscriptionChangeView(ui: Ui, kind: 'watch' | 'unwatch', c: SubscriptionChange): Message {
  const key =
    kind === 'watch'
      ? c.changed
        ? c.hosting
          ? 'watch.cmd.hosting_added'
          : isKeyWatch(c)
            ? 'watch.cmd.key_added'
            : 'watch.cmd.added'
        : 'watch.cmd.already'
      : c.changed
        ? 'watch.cmd.removed'
        : 'watch.cmd.not_watching';
  const text = ui.t(key, { channel: `<#${c.channelId}>`, target: targetLabel(ui, c.label, c.hosting) });
  const blocks: KnownBlock[] = [section(text)];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/** Shown to the operator alone in the channel a watch sends to, from another channel: the bot can post there. */
export function watchProbeView(ui: Ui, c: SubscriptionChange): Message {
  const key = c.hosting
    ? 'watch.cmd.hosting_probe'
    : isKeyWatch(c)
      ? 'watch.cmd.key_probe'
      : 'watch.cmd.probe';
  const text = ui.t(key, { target: targetLabel(ui, c.label, c.hosting) });
  return { text, blocks: [section(text)] };
}

/**
 * `/vps mute` and `/vps unmute`, said in the channel whose notifications
 * change (everyone there should know why it went quiet). `by` is who did it.
 */
export function muteChangeView(ui: Ui, c: MuteChange, by: string): Message {
  const params = { by, channel: `<#${c.channelId}>`, target: targetLabel(ui, c.label) };
  const lines: string[] = [];
  if (c.kind === 'mute') {
    lines.push(ui.t('watch.cmd.muted', { ...params, until: dateOf(ui, (c.until ?? new Date(0)).getTime()) }));
  } else {
    if (c.changed) lines.push(ui.t('watch.cmd.unmuted', params));
    else if (!c.allMutedUntil) lines.push(ui.t('watch.cmd.not_muted', params));
    if (c.allMutedUntil) {
      lines.push(ui.t('watch.cmd.still_muted', { ...params, until: dateOf(ui, c.allMutedUntil.getTime()) }));
    }
  }
  const text = lines.join('\n');
  const blocks: KnownBlock[] = [section(text)];
  assertBlocksWithinLimits(blocks, 'message');
  return { text, blocks };
}

/** The answer to `/vps watches`: every subscription, as many lines as fit, then how many more. */
export function subscriptionListView(ui: Ui, list: SubscriptionList): Message {
  const title = ui.t('watch.cmd.list_title');
  const blocks: KnownBlock[] = [section(`*${title}*`)];
  if (list.rows.length === 0) blocks.push(section(ui.t('watch.cmd.list_empty')));
  let current = '';
  let listed = 0;
  const said: string[] = list.rows.length === 0 ? [ui.t('watch.cmd.list_empty')] : [];
  for (const r of list.rows) {
    const line = `• ${ui.t('watch.cmd.list_line', {
      target: targetLabel(ui, r.label, r.hosting),
      channel: `<#${r.channelId}>`,
      by: r.createdBy,
    })}`;
    if (current.length + line.length + 1 > SECTION_CHARS) {
      if (blocks.length >= LIMITS.messageBlocks - 3) break;
      blocks.push(section(current));
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
    said.push(line);
    listed += 1;
  }
  if (current) blocks.push(section(current));
  if (listed < list.rows.length) {
    blocks.push(section(ui.t('watch.digest.more', { count: list.rows.length - listed })));
  }
  if (list.mutes.length > 0 && blocks.length < LIMITS.messageBlocks - 3) {
    const shown = list.mutes.slice(0, 20);
    const lines = shown.map(
      (m) =>
        `• :no_bell: ${ui.t('watch.cmd.mute_line', {
          target: targetLabel(ui, m.label),
          channel: `<#${m.channelId}>`,
          until: dateOf(ui, m.until.getTime()),
          by: m.createdBy,
        })}`,
    );
    if (list.mutes.length > shown.length) {
      lines.push(ui.t('watch.digest.more', { count: list.mutes.length - shown.length }));
    }
    blocks.push(section(`*${ui.t('watch.cmd.mutes_title')}*\n${lines.join('\n')}`));
  }
  if (list.notifyChannel) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ui.t('watch.cmd.notify_channel', { channel: `<#${list.notifyChannel}>` }),
        },
      ],
    });
  }
  assertBlocksWithinLimits(blocks, 'message');
  return { text: summaryText(title, said), blocks };
}
