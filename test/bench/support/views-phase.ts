/**
 * The faults benchmark's third phase: Slack refuses a share of views.update
 * calls (`not_found`, as for a modal its person closed) and of response_url
 * posts (HTTP 404, as for one that expired), while people change things
 * through forms and commands and get secrets made for them. What it counts,
 * once everything has drained:
 *
 * - changes: memo values the provider applied (PUT answered 200), SSH key
 *   pairs it generated, quotes the bot made; untold: a memo value no
 *   successful post to the channel or to its person names, a person's key
 *   pairs outnumbering the channel's posts about them, a quote without its
 *   approval request in the channel;
 * - secrets: the generated private keys and root passwords; lost: one that
 *   no successful Slack call showed to its requester (their answer, an
 *   ephemeral message, their form, or the window their direct message's
 *   button opened: the person here presses it, as a person would);
 * - leaked: a private key or password in a channel post or a direct message;
 * - forms: the memo form (`/vps memo <server>`) and /hosting's five forms
 *   opened from their commands, on a clock that expires trigger ids after
 *   3 s as Slack does: how many opened, how many Slack refused as expired
 *   (goal 0: a form opens at once with a loading view), the delay from the
 *   command to views.open, and how many were filled (a refused fill is a form
 *   its person closed: the memo form is submitted only when it was filled).
 */
import { randomUUID } from 'node:crypto';
import { BLOCKS, CALLBACKS, HOSTING_IDS, INPUT_ACTION, SIGNUP_IDS } from '../../../src/slack/ids.ts';
import { stateValues } from '../../scenarios/signup-harness.ts';
import type { Harness } from '../../support/app-harness.ts';
import type { RecordedCall } from '../../support/fake-slack.ts';
import type { SubmissionFields } from '../../support/slack-request.ts';

export const HOSTING_SERVER = 'xs123456.xsrv.jp';
const KEY_FILE_PREFIX = `id_${HOSTING_SERVER.split('.')[0]}_`;
const WAIT_MS = 60_000;

export interface ViewsPhaseFigures {
  changes: number;
  untold: number;
  secrets: number;
  lost: number;
  leaked: number;
  viewsUpdates: number;
  viewsUpdatesRefused: number;
  responseUrls: number;
  responseUrlsRefused: number;
  formsOpened: number;
  formsExpired: number;
  formsFilled: number;
  /** Milliseconds from a command's delivery to its form's views.open. */
  formOpenMs: number[];
}

/** /hosting's forms, opened in turn; the WordPress delete form names a seeded site. */
const HOSTING_FORMS = ['db user create', 'db create', 'wp install', 'ssh key add', 'wp delete 1001'];

const ok = (c: RecordedCall) => !c.error;
/** How the sentence that shows a generated root password names its server. */
const passwordFor = (name: string) => `Root password for \`${name}\``;
const said = (c: RecordedCall) => JSON.stringify(c.args);

/** The button value of a message's button `actionId`, if it has one. */
function buttonOf(c: RecordedCall, actionId: string): string | undefined {
  const blocks = (c.args.blocks ?? []) as {
    type: string;
    elements?: { action_id?: string; value?: string }[];
  }[];
  return blocks.flatMap((b) => b.elements ?? []).find((e) => e.action_id === actionId)?.value;
}

export class ViewsPhase {
  private readonly memos = new Map<string, string>();
  private readonly keyLabels = new Map<string, string>();
  private readonly orders = new Map<string, string>();
  private readonly forms = { opened: 0, expired: 0, filled: 0, openMs: [] as number[] };
  private mark = 0;
  private seq = 0;

  constructor(
    private readonly h: Harness,
    private readonly channel: string,
  ) {}

  /** Slack starts refusing `share` of views.update calls and response_url posts. */
  start(share: number): void {
    this.mark = this.h.slack.lastSeq;
    // Trigger ids handed out from now on expire as Slack's do, on the real clock.
    this.h.slack.timeTriggers(() => Date.now());
    const always = Number.POSITIVE_INFINITY;
    this.h.slack.fail('views.update', { error: 'not_found', times: always, share });
    this.h.slack.fail('response_url', { status: 404, times: always, share });
  }

  stop(): void {
    this.h.slack.clearFailures('views.update');
    this.h.slack.clearFailures('response_url');
  }

  /** A memo typed as a command in this phase: counted with the forms' (the command awaits its own answer). */
  noteMemo(value: string, user: string): void {
    this.memos.set(value, user);
  }

  /**
   * A form opened by a command, as its person sees it: the views.open of
   * the command's trigger id, then the update that fills it. The filled
   * view (its id and what Slack hands back with a submission); undefined when
   * it did not open or was closed meanwhile.
   */
  private async openForm(
    user: string,
    text: string,
    command: string,
  ): Promise<{ viewId: string; privateMetadata: string } | undefined> {
    const started = performance.now();
    const c = await this.h.command(text, { user, command });
    const open = await this.h.slack
      .waitFor((x) => x.method === 'views.open' && x.args.trigger_id === c.triggerId, WAIT_MS)
      .catch(() => undefined);
    if (!open) return undefined;
    this.forms.opened += 1;
    this.forms.openMs.push(performance.now() - started);
    if (open.error === 'expired_trigger_id') this.forms.expired += 1;
    if (open.error || !open.viewId) return undefined;
    const viewId = open.viewId;
    const filled = await this.h.slack
      .waitFor((x) => x.seq > open.seq && x.method === 'views.update' && x.args.view_id === viewId, WAIT_MS)
      .catch(() => undefined);
    if (!filled || filled.error) return undefined;
    this.forms.filled += 1;
    const view = filled.args.view as { private_metadata?: string } | undefined;
    return { viewId, privateMetadata: view?.private_metadata ?? '' };
  }

  /** One of /hosting's forms opened and left (its person closes it). */
  async hostingForm(user: string): Promise<void> {
    const form = HOSTING_FORMS[this.seq++ % HOSTING_FORMS.length]!;
    await this.openForm(user, `${HOSTING_SERVER} ${form}`, '/hosting');
  }

  /** `/vps memo <server>` opens the memo form; once filled, it is submitted and the outcome awaited. */
  async memoForm(user: string, server: { name: string }, value: string): Promise<void> {
    const form = await this.openForm(user, `memo ${server.name}`, '/vps');
    if (!form) return;
    this.memos.set(value, user);
    const after = this.h.slack.lastSeq;
    await this.h.submit({
      callbackId: CALLBACKS.memo,
      userId: user,
      viewId: form.viewId,
      privateMetadata: form.privateMetadata,
      values: { [BLOCKS.changeInput]: { [INPUT_ACTION.memo]: { type: 'plain_text_input', value } } },
    });
    await this.h.slack
      .waitFor(
        (c) => c.seq > after && ok(c) && c.method.startsWith('chat.post') && said(c).includes(value),
        WAIT_MS,
      )
      .catch(() => undefined);
  }

  /** `/hosting <server> ssh key generate <label>`; a direct message's button is pressed, as its person would. */
  async generateKey(user: string, label: string): Promise<void> {
    this.keyLabels.set(label, user);
    const after = this.h.slack.lastSeq;
    await this.h.command(`${HOSTING_SERVER} ssh key generate ${label}`, { user, command: '/hosting' });
    const post = await this.h.slack
      .waitFor(
        (x) =>
          x.seq > after &&
          ok(x) &&
          x.method === 'chat.postMessage' &&
          x.args.channel === this.channel &&
          said(x).includes('generated an SSH key pair'),
        WAIT_MS,
      )
      .catch(() => undefined);
    if (!post) return;
    const dm = this.h.slack.calls.find(
      (x) =>
        x.seq > after &&
        ok(x) &&
        x.method === 'chat.postMessage' &&
        x.args.channel === user &&
        buttonOf(x, HOSTING_IDS.showPrivateKey) !== undefined,
    );
    const value = dm && buttonOf(dm, HOSTING_IDS.showPrivateKey);
    if (value) await this.press(user, HOSTING_IDS.showPrivateKey, value);
  }

  /** `/vps signup`'s form submitted with the root password left empty: the bot makes one. */
  async orderWithGeneratedPassword(user: string, name: string): Promise<void> {
    this.orders.set(name, user);
    const after = this.h.slack.lastSeq;
    await this.h.submit({
      callbackId: SIGNUP_IDS.modalCallback,
      userId: user,
      viewId: `VFZ${++this.seq}`,
      privateMetadata: JSON.stringify({ channelId: this.channel, planId: 'vps-2gb' }),
      values: stateValues({
        plan_id: 'vps-2gb',
        period: '1',
        image_id: 'ubuntu-24.04',
        name,
        agree_to_terms: true,
      }) as SubmissionFields['values'],
    });
    const shown = await this.h.slack
      .waitFor(
        (c) =>
          c.seq > after &&
          ok(c) &&
          (said(c).includes(passwordFor(name)) ||
            (c.args.channel === user && buttonOf(c, SIGNUP_IDS.showPassword) !== undefined)),
        WAIT_MS,
      )
      .catch(() => undefined);
    const value = shown && buttonOf(shown, SIGNUP_IDS.showPassword);
    if (value) await this.press(user, SIGNUP_IDS.showPassword, value);
  }

  private async press(user: string, actionId: string, value: string): Promise<void> {
    const after = this.h.slack.lastSeq;
    const triggerId = `trig.${randomUUID()}`;
    await this.h.click(actionId, value, { user, channel: user, triggerId });
    await this.h.slack
      .waitFor((c) => c.seq > after && c.method === 'views.open' && c.args.trigger_id === triggerId, WAIT_MS)
      .catch(() => undefined);
  }

  async figures(): Promise<ViewsPhaseFigures> {
    const calls = this.h.slack.calls.filter((c) => c.seq > this.mark);
    const toPerson = (c: RecordedCall, user: string) =>
      (c.method === 'chat.postEphemeral' && c.args.user === user) ||
      (c.method === 'chat.postMessage' && c.args.channel === user);
    const inChannel = (c: RecordedCall) => c.method === 'chat.postMessage' && c.args.channel === this.channel;
    let changes = 0;
    let untold = 0;

    // Memo values the provider applied, each named by a successful post to the channel or its person.
    const applied = new Set(
      this.h.sim.control
        .requests({ method: 'PUT', path: /\/memo$/ })
        .filter((r) => r.status === 200)
        .map((r) => String((r.body as { memo?: unknown } | null)?.memo ?? '')),
    );
    for (const [value, user] of this.memos) {
      if (!applied.has(value)) continue;
      changes += 1;
      const told = calls.some((c) => ok(c) && (inChannel(c) || toPerson(c, user)) && said(c).includes(value));
      if (!told) untold += 1;
    }

    // Key pairs the provider generated, per person, against the channel's posts about them.
    const keys = this.h.sim.control
      .hostingServer(HOSTING_SERVER)
      .sshKeys.filter((k) => this.keyLabels.has(k.label));
    const byUser = new Map<string, number>();
    for (const k of keys) {
      const user = this.keyLabels.get(k.label)!;
      byUser.set(user, (byUser.get(user) ?? 0) + 1);
    }
    for (const [user, n] of byUser) {
      changes += n;
      const posts = calls.filter(
        (c) => ok(c) && inChannel(c) && said(c).includes(`<@${user}> generated an SSH key pair`),
      ).length;
      untold += Math.max(0, n - posts);
    }

    // Quotes the bot made, each with its approval request in the channel.
    const rows = await this.h.bot.store.signups.listRecent({ limit: 1000 });
    const quotes = rows.filter((r) => r.serverName !== null && this.orders.has(r.serverName));
    changes += quotes.length;
    for (const q of quotes) {
      const posted = calls.some(
        (c) =>
          ok(c) && inChannel(c) && buttonOf(c, SIGNUP_IDS.approve) !== undefined && said(c).includes(q.id),
      );
      if (!posted) untold += 1;
    }

    // Secrets: each private key and root password shown to its requester by a successful call.
    const showing = calls.filter(
      (c) => ok(c) && ['response_url', 'chat.postEphemeral', 'views.update', 'views.open'].includes(c.method),
    );
    let secrets = 0;
    let lost = 0;
    for (const k of keys) {
      secrets += 1;
      const file = `${KEY_FILE_PREFIX}${k.keyId}`;
      if (!showing.some((c) => said(c).includes(file) && said(c).includes('PRIVATE KEY'))) {
        lost += 1;
        if (process.env.FAULTS_DEBUG) process.stderr.write(`key ${k.keyId} (${k.label}) shown to nobody\n`);
      }
    }
    for (const q of quotes) {
      secrets += 1;
      if (!showing.some((c) => said(c).includes(passwordFor(q.serverName ?? '')))) {
        lost += 1;
        if (process.env.FAULTS_DEBUG) process.stderr.write(`password of ${q.serverName} shown to nobody\n`);
      }
    }
    const leaked = calls.filter(
      (c) =>
        ok(c) &&
        c.method === 'chat.postMessage' &&
        (said(c).includes('PRIVATE KEY') || said(c).includes('Root password for')),
    ).length;

    const of = (method: string) => calls.filter((c) => c.method === method);
    return {
      changes,
      untold,
      secrets,
      lost,
      leaked,
      viewsUpdates: of('views.update').length,
      viewsUpdatesRefused: of('views.update').filter((c) => c.error).length,
      responseUrls: of('response_url').length,
      responseUrlsRefused: of('response_url').filter((c) => c.error).length,
      formsOpened: this.forms.opened,
      formsExpired: this.forms.expired,
      formsFilled: this.forms.filled,
      formOpenMs: this.forms.openMs,
    };
  }
}
