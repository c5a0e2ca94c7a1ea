/**
 * What every alarm's message shows, whatever its kind: its marker, the "I'm
 * on it" button while it is open, who is on it (the latest claim), once
 * resolved how long it lasted and who had it, and a server's card and mute
 * buttons where it is about a server.
 */
import type { Button } from '@slack/types';
import type { IncidentRow } from '../../../store/index.ts';
import { ACTIONS, WATCH_IDS } from '../../ids.ts';
import { claimPayload, encodePayload, mutePayload } from '../../payloads.ts';
import { displayDomain } from '../domain-display.ts';
import { clip, formatDuration, plainText, slackDate, type Ui } from '../format.ts';
import { LIMITS } from '../limits.ts';

/** An alarm is not a routine state: it gets its own marker, never the stopped or error circle. */
export const ALARM_MARKER = ':rotating_light:';

/** How long the alert's mute button mutes its server. */
export const MUTE_BUTTON_SECONDS = 3600;

/** The server card (for the clicker alone) and a one-hour mute of the server in the alert's channel. */
export function serverButtons(ui: Ui, serverUuid: string): Button[] {
  return [
    {
      type: 'button',
      text: { type: 'plain_text', text: ui.t('watch.incident.button.card') },
      action_id: ACTIONS.cardShow,
      value: serverUuid,
    },
    {
      type: 'button',
      text: { type: 'plain_text', text: ui.t('watch.incident.button.mute') },
      action_id: WATCH_IDS.mute,
      value: encodePayload(mutePayload, { u: serverUuid, s: MUTE_BUTTON_SECONDS }),
    },
  ];
}

/**
 * What an incident is about as people name it (plain text, not escaped): a
 * server or a domain by its name, the API key in words, never the id its
 * alarm keeps (`key-auth`).
 */
export function incidentName(ui: Ui, inc: Pick<IncidentRow, 'kind' | 'name'>): string {
  switch (inc.kind) {
    case 'key-auth':
    case 'key-expired':
      return ui.t('oncall.key.name');
    case 'ssl':
    case 'ssl-expired':
      return displayDomain(inc.name);
    case 'signup-stuck':
      return inc.name || ui.t('oncall.signup-stuck.unnamed');
    default:
      return inc.name;
  }
}

/** Raised and not resolved: it may be claimed. */
export function isOpenAlarm(inc: Pick<IncidentRow, 'raisedAt' | 'resolvedAt'>): boolean {
  return inc.raisedAt !== null && inc.resolvedAt === null;
}

/**
 * The "I'm on it" button, carrying how many claims its message shows; `n`
 * numbers it where one message holds several (a digest); `label` words it
 * otherwise (a takeover).
 */
export function claimButton(ui: Ui, inc: IncidentRow, n?: number, label?: string): Button {
  return {
    type: 'button',
    style: 'primary',
    text: {
      type: 'plain_text',
      text:
        label ??
        (n === undefined
          ? ui.t('oncall.button.claim')
          : clip(
              ui.t('oncall.button.claim_named', {
                name: plainText(incidentName(ui, inc), LIMITS.buttonText),
              }),
              LIMITS.buttonText,
            )),
    },
    action_id: n === undefined ? WATCH_IDS.claim : `${WATCH_IDS.claim}#${n}`,
    value: encodePayload(claimPayload, { i: inc.id, n: inc.claims }),
  };
}

/** The line under an alarm: who is on it, that nobody is, or how it ended; undefined for a routine incident. */
export function claimLine(ui: Ui, inc: IncidentRow): string | undefined {
  if (inc.raisedAt === null) return undefined;
  if (inc.resolvedAt !== null) {
    const params = {
      at: slackDate(ui, inc.resolvedAt.getTime()),
      duration: formatDuration(ui, inc.resolvedAt.getTime() - inc.raisedAt.getTime()),
    };
    return inc.claimedBy
      ? ui.t('oncall.resolved.claimed', { ...params, by: inc.claimedBy })
      : ui.t('oncall.resolved.unclaimed', params);
  }
  if (inc.claimedBy && inc.claimedAt) {
    return ui.t('oncall.claimed', { by: inc.claimedBy, at: slackDate(ui, inc.claimedAt.getTime()) });
  }
  return ui.t('oncall.unclaimed');
}

/** The on-call mention, unless somebody is on it already (an edit notifies nobody anyway). */
export function mentionFor(inc: Pick<IncidentRow, 'claimedBy'>, oncall: string): string {
  return inc.claimedBy ? '' : oncall;
}
