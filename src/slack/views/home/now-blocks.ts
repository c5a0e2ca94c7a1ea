/**
 * "Now": the open incidents this person may read (as `/vps incidents` shows
 * each, with its claim and card buttons), the mutes, the servers at a glance
 * (by power state, the ones not running by name with their card's button),
 * and the hosting servers with their domains whose SSL failed. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { FleetGlance, HomeNow, HostingGlance } from '../../../services/home/index.ts';
import type { KeyTaking } from '../../i18n/index.ts';
import { ACTIONS } from '../../ids.ts';
import { incidentBlocks } from '../feature-items.ts';
import { formatTime, mrkdwnText, powerEmoji, powerLabel, type Ui } from '../format.ts';
import { HOME_NAME_CHARS, HOME_SHOWN, type HomeShown } from './home-limits.ts';

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
const name = (s: string): string => mrkdwnText(s, HOME_NAME_CHARS);

/** Lines of a list shown up to `max`, then how many were left out. */
function capped(lines: readonly string[], max: number, more: (count: number) => string): string[] {
  return lines.length > max ? [...lines.slice(0, max), more(lines.length - max)] : [...lines];
}

function incidentsBlocks(ui: Ui, now: HomeNow, shown: HomeShown): KnownBlock[] {
  const open = now.incidents;
  if (open === null) return [];
  if (open.length === 0) return [section(ui.t('home.incidents.none'))];
  const blocks = [section(ui.t('home.incidents.title', { count: open.length }))];
  for (const o of open.slice(0, shown.incidents)) blocks.push(...incidentBlocks(ui, o).blocks);
  if (open.length > shown.incidents)
    blocks.push(context(ui.t('home.incidents.more', { count: open.length - shown.incidents })));
  return blocks;
}

function mutesBlocks(ui: Ui, now: HomeNow, max: HomeShown): KnownBlock[] {
  if (now.mutes.length === 0) return [];
  const lines = now.mutes.map((m) =>
    ui.t('home.mutes.line', {
      name: m.all ? ui.t('home.mutes.all') : name(m.name ?? m.target),
      channel: m.channelId,
      until: formatTime(ui, m.until),
    }),
  );
  const shown = capped(lines, max.mutes, (count) => ui.t('home.mutes.more', { count }));
  return [section([ui.t('home.mutes.title'), ...shown].join('\n'))];
}

/** A server not running as a sentence of its state (`is stopped`, `reports a power error`), never `is error`. */
const NOT_RUNNING: ReadonlyMap<string, KeyTaking<{ emoji: string; name: string; power: string }>> = new Map<
  string,
  KeyTaking<{ emoji: string; name: string; power: string }>
>([
  ['stopped', 'home.fleet.not_running.stopped'],
  ['error', 'home.fleet.not_running.error'],
  ['processing', 'home.fleet.not_running.processing'],
]);

function fleetBlocks(ui: Ui, fleet: FleetGlance | null, shown: HomeShown): KnownBlock[] {
  if (fleet === null) return [];
  if (fleet.total === 0) return [section(ui.t('home.fleet.none'))];
  const states = Object.entries(fleet.byPower)
    .sort(([a], [b]) => (a === 'running' ? -1 : b === 'running' ? 1 : a.localeCompare(b)))
    .map(([power, count]) => ui.t('home.fleet.count', { count, label: powerLabel(ui, power) }));
  if (fleet.unknown > 0)
    states.push(ui.t('home.fleet.count', { count: fleet.unknown, label: ui.t('home.fleet.unknown') }));
  const blocks: KnownBlock[] = [
    section(ui.t('home.fleet.summary', { total: fleet.total, states: states.join(', ') })),
  ];
  for (const s of fleet.notRunning.slice(0, shown.notRunning)) {
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: ui.t(NOT_RUNNING.get(s.power ?? '') ?? 'home.fleet.not_running.other', {
          emoji: powerEmoji(s.power ?? ''),
          name: name(s.name),
          power: powerLabel(ui, s.power ?? ''),
        }),
      },
      accessory: {
        type: 'button',
        text: { type: 'plain_text', text: ui.t('watch.incident.button.card') },
        action_id: ACTIONS.cardShow,
        value: s.uuid,
      },
    });
  }
  const more = fleet.notRunning.length - shown.notRunning;
  const notes = [
    ...(more > 0 ? [ui.t('home.fleet.more', { count: more })] : []),
    ...(fleet.asOf ? [ui.t('home.fleet.as_of', { at: formatTime(ui, fleet.asOf) })] : []),
  ];
  if (notes.length > 0) blocks.push(context(notes.join('\n')));
  return blocks;
}

function hostingBlocks(ui: Ui, hosting: HostingGlance | null, shown: HomeShown): KnownBlock[] {
  if (hosting === null) return [];
  if (hosting.servers.length === 0) return [section(ui.t('home.hosting.none'))];
  const servers = capped(
    hosting.servers.map((s) => `\`${name(s)}\``),
    shown.hostingServers,
    (count) => ui.t('home.mutes.more', { count }),
  ).join(', ');
  const problems = hosting.sslProblems.map((p) =>
    ui.t('home.hosting.ssl', {
      domain: name(p.domain),
      server: name(p.server),
      status: name(p.status),
      at: formatTime(ui, p.observedAt),
    }),
  );
  const lines =
    problems.length === 0
      ? [ui.t('home.hosting.ssl_ok')]
      : capped(problems, shown.ssl, (count) => ui.t('home.hosting.more', { count }));
  return [section([ui.t('home.hosting.summary', { servers }), ...lines].join('\n'))];
}

export function nowBlocks(ui: Ui, now: HomeNow, shown: HomeShown = HOME_SHOWN): KnownBlock[] {
  return [
    { type: 'header', text: { type: 'plain_text', text: ui.t('home.now.title') } },
    ...incidentsBlocks(ui, now, shown),
    ...mutesBlocks(ui, now, shown),
    ...fleetBlocks(ui, now.fleet, shown),
    ...hostingBlocks(ui, now.hosting, shown),
  ];
}
