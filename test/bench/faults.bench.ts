/**
 * The bot while its provider fails and then while Slack does: nothing may
 * crash, reads must get through after retries, no write may be applied twice,
 * and no notification may be lost or doubled.
 *
 * The real app (startBot in HTTP mode, the watcher and the notifier on, the
 * provider client's real retry policy, SQLite) runs against the simulator on
 * its real clock and the fake Slack. Twelve servers of our own (fz01..fz12)
 * join the simulator's seed.
 *
 * Phase 1, FAULT_SECONDS (default 120): the simulator fails 20 % of all API
 * requests, drawn from its seeded random source (FAULT_SEED, default 1):
 * 5 % HTTP 500, 5 % 502 with a proxy's HTML page, 2.5 % connection reset
 * before the request is handled, 2.5 % reset after it was handled, 2.5 % an
 * answer later than the client's timeout, 2.5 % a body that stalls halfway.
 * The client's timeouts are 3 s here (30 s in production) so a timeout costs
 * seconds, not half a minute, in a two-minute run. Meanwhile USERS people
 * (operators) each send a command about every second: `/vps show <server>`,
 * `/vps list fz` and `/vps memo <server> <unique text>`, and each of our
 * servers is stopped at random moments and started again (an incident each
 * time), a server changing again only after the watcher saw its last change
 * and its alert was posted (or POST_WAIT_SECONDS passed).
 * Phase 2, SLACK_FAULT_SECONDS (default 30): the provider is healthy; Slack
 * answers 10 % of chat.postMessage and chat.update calls with HTTP 429
 * (Retry-After: 1) and 10 % with `ok:false` (internal_error), while the same
 * people and changes go on.
 * Phase 3, VIEW_FAULT_SECONDS (default 30): Slack is healthy but for 20 % of
 * views.update calls (`not_found`: a modal its person closed) and 20 % of
 * response_url posts (HTTP 404: expired), while the same people also open
 * the memo form (`/vps memo <server>`) and submit it, open /hosting's forms,
 * generate SSH key pairs (`/hosting … ssh key generate`) and order VPSs with
 * a root password the bot makes (support/views-phase.ts): every change made
 * must be told, every secret reach its requester, and every form open
 * within its trigger id's 3 s (the fake Slack expires them from this phase
 * on, on the real clock).
 * Then the drain (at most DRAIN_SECONDS, default 60): no new commands or
 * changes; the outbox empties and every command is answered.
 *
 * Figures (one JSON line each): crashes (uncaught errors in the process, a
 * command not acked 200, and whether the bot still answers at the end),
 * error-level log lines, the share of requests the simulator failed, read
 * commands answered with their data (after retries) against those answered
 * with an error, memo writes: values sent more than once (a retry after a
 * 5xx, which the simulator did not apply, is one) and values APPLIED more
 * than once at the simulator (goal 0; a request counts as applied when it was
 * answered 200, or dropped after the simulator handled it: a reset after
 * handling or a client that timed out), incidents (stops the watcher
 * saw) against top-level posts naming the server in the alerts channel within
 * the incident (lost: none, doubled: more than one), and the delay from the
 * stop at the provider to that post (p50, p95, max) per phase; and for phase
 * 3, the changes made and those told to nobody (goal 0), the secrets made and
 * those shown to nobody (goal 0) or found in a post that stays (goal 0), and
 * the forms opened, refused as expired (goal 0) and filled, with the delay
 * from the command to views.open (p50, p95, max, against the trigger's 3 s).
 * Figures from a shared machine are indicative.
 */
import type { FaultRule } from '../../src/simulator/index.ts';
import { catalogs } from '../../src/slack/i18n/index.ts';
import { CHANNEL, startHarness } from '../support/app-harness.ts';
import type { RecordedCall } from '../support/fake-slack.ts';
import { ViewsPhase } from './support/views-phase.ts';

const FAULT_SECONDS = Number(process.env.FAULT_SECONDS ?? 120);
const SLACK_FAULT_SECONDS = Number(process.env.SLACK_FAULT_SECONDS ?? 30);
const VIEW_FAULT_SECONDS = Number(process.env.VIEW_FAULT_SECONDS ?? 30);
const DRAIN_SECONDS = Number(process.env.DRAIN_SECONDS ?? 60);
const POST_WAIT_SECONDS = Number(process.env.POST_WAIT_SECONDS ?? 60);
const FAULT_SEED = Number(process.env.FAULT_SEED ?? 1);
const USERS = 6;
const SERVERS = 12;
const ALERTS = 'C0ALERTS01';
const TIMEOUT_MS = 3_000;
const FLAP_SECONDS = 5;
const INTERVAL_SECONDS = 2;
/** How long Slack honours a trigger id (a form must open within it). */
const TRIGGER_LIFE_MS = 3_000;

type Phase = 'provider' | 'slack' | 'views';

function emit(bench: string, value: number, unit: string, bound: number | null): void {
  const v = Number.isFinite(value) ? Math.round(value * 1000) / 1000 : value;
  const ratio =
    bound === null || bound === 0 || !Number.isFinite(value)
      ? null
      : Math.round((value / bound) * 1000) / 1000;
  process.stdout.write(`${JSON.stringify({ bench, value: v, unit, bound, ratio })}\n`);
}

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Our own random numbers for the workload (not the simulator's): repeatable too. */
function workloadRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The provider's 20 %: each rule's probability is of the requests the earlier rules passed over. */
function providerFaults(): { rule: FaultRule; kind: string }[] {
  const shares: [string, number, Omit<FaultRule, 'path'>][] = [
    ['500', 0.05, { status: 500 }],
    ['502-html', 0.05, { status: 502, rawBody: '<html><body><h1>502 Bad Gateway</h1></body></html>' }],
    ['reset-before', 0.025, { drop: 'before' }],
    ['reset-after', 0.025, { drop: 'after' }],
    ['timeout', 0.025, { latencyMs: TIMEOUT_MS + 1_000 }],
    ['stalled-body', 0.025, { stallBody: true }],
  ];
  let left = 1;
  return shares.map(([kind, share, shape]) => {
    const probability = share / left;
    left -= share;
    return { kind, rule: { path: /^\/v1\//, times: Number.POSITIVE_INFINITY, probability, ...shape } };
  });
}

async function main(): Promise<void> {
  let uncaught = 0;
  process.on('uncaughtException', (err) => {
    uncaught += 1;
    process.stderr.write(`uncaught: ${err.stack ?? err.message}\n`);
  });
  process.on('unhandledRejection', (err) => {
    uncaught += 1;
    process.stderr.write(`unhandled rejection: ${(err as Error)?.stack ?? String(err)}\n`);
  });

  const users = Array.from({ length: USERS }, (_, i) => `U0FAULT${String(i).padStart(2, '0')}`);
  const h = await startHarness({
    watcher: true,
    logLevel: 'warn',
    operators: users,
    randomSeed: FAULT_SEED,
    rateLimit: { limit: 6_000, windowSeconds: 60, concurrent: 20 },
    // The real retry policy (at least 1 s between attempts, four attempts), shorter timeouts.
    provider: { retry: {}, timeouts: { connectMs: TIMEOUT_MS, headersMs: TIMEOUT_MS, bodyMs: TIMEOUT_MS } },
    env: {
      NOTIFY_CHANNEL: ALERTS,
      WATCH_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      WATCH_FLAP_SECONDS: String(FLAP_SECONDS),
    },
  });
  for (const u of users) h.slack.setUser(u, { locale: 'en-US', tz: 'Asia/Tokyo' });
  const random = workloadRandom(FAULT_SEED);
  const servers = Array.from({ length: SERVERS }, (_, i) => {
    const name = `fz${String(i + 1).padStart(2, '0')}`;
    const [uuid] = h.sim.control.addServers(1, { name, power: 'running', status: 'active' });
    return { name, uuid: uuid! };
  });
  const ipOf = new Map(h.sim.control.servers().map((s) => [s.name, s.ipAddress ?? '']));
  const store = h.bot.store;
  const farFuture = () => new Date(Date.now() + 86_400_000);

  // Settle: every server seen once, and whatever the first rounds queued is posted.
  const settleUntil = Date.now() + 60_000;
  for (;;) {
    const seen = await Promise.all(servers.map((s) => store.snapshots.get(s.uuid)));
    const queued = await store.outbox.due(farFuture(), 1);
    if (seen.every((x) => x?.powerStatus === 'running') && queued.length === 0) break;
    if (Date.now() > settleUntil) throw new Error('the watcher did not see every server within a minute');
    await sleep(200);
  }

  let phase: Phase = 'provider';
  let changing = true;
  let talking = true;
  const faultKinds = new Map<number, string>();
  for (const f of providerFaults()) faultKinds.set(h.sim.control.addFault(f.rule), f.kind);
  const phaseStarted = performance.now();

  // --- Incidents: stop, wait until seen and told, start, wait until seen and settled.
  interface Incident {
    server: string;
    mark: number;
    phase: Phase;
    observed: boolean;
    delayS?: number;
  }
  const incidents: Incident[] = [];
  const isAlert = (c: RecordedCall) =>
    c.method === 'chat.postMessage' && c.args.channel === ALERTS && !c.args.thread_ts && !c.error;
  const names = (c: RecordedCall, name: string) =>
    JSON.stringify([c.args.text, c.args.blocks]).includes(name);
  const seenAs = async (uuid: string, power: string, withinMs: number): Promise<boolean> => {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      if ((await store.snapshots.get(uuid))?.powerStatus === power) return true;
      await sleep(250);
    }
    return false;
  };
  const changer = async (s: { name: string; uuid: string }): Promise<void> => {
    while (changing) {
      await sleep(500 + random() * 4_000);
      if (!changing) break;
      const mark = h.slack.lastSeq;
      const at = performance.now();
      const incident: Incident = { server: s.name, mark, phase, observed: false };
      h.sim.control.setPower(s.uuid, 'stopped');
      incident.observed = await seenAs(s.uuid, 'stopped', 60_000);
      incidents.push(incident);
      if (incident.observed) {
        const post = await h.slack
          .waitFor((c) => c.seq > mark && isAlert(c) && names(c, s.name), POST_WAIT_SECONDS * 1000)
          .catch(() => undefined);
        if (post) incident.delayS = (performance.now() - at) / 1000;
      }
      await sleep(random() * 3_000);
      h.sim.control.setPower(s.uuid, 'running');
      await seenAs(s.uuid, 'running', 60_000);
      // Settled: running and no change for the flap window, with a margin for the next read.
      await sleep((FLAP_SECONDS + INTERVAL_SECONDS + 1) * 1000);
    }
  };

  const PROGRESS = JSON.stringify(catalogs.en['command.progress']).slice(1, -1);
  const views = new ViewsPhase(h, CHANNEL);
  // --- People: reads and unique memo writes.
  let acked = 0;
  let notAcked = 0;
  const reads = { ok: 0, failed: 0, unanswered: 0 };
  const writes = { announced: 0, failed: 0, unanswered: 0 };
  const memoValues = new Set<string>();
  let seq = 0;
  const person = async (user: string, k: number): Promise<void> => {
    while (talking) {
      await sleep(-Math.log(1 - random()) * 1_000);
      if (!talking) break;
      const s = servers[Math.floor(random() * servers.length)]!;
      const roll = random();
      if (phase === 'views' && roll >= 0.6) {
        const n = ++seq;
        if (roll < 0.75) await views.memoForm(user, s, `f-${k}-${n}`);
        else if (roll < 0.8) await views.hostingForm(user);
        else if (roll < 0.92) await views.generateKey(user, `fk-${k}-${n}`);
        else await views.orderWithGeneratedPassword(user, `fz-q-${k}-${n}`);
        continue;
      }
      const kind = roll < 0.55 ? 'show' : roll < 0.75 ? 'list' : 'memo';
      const value = `m-${k}-${++seq}`;
      const text =
        kind === 'show' ? `show ${s.name}` : kind === 'list' ? 'list fz' : `memo ${s.name} ${value}`;
      if (kind === 'memo') memoValues.add(value);
      if (kind === 'memo' && phase === 'views') views.noteMemo(value, user);
      const after = h.slack.lastSeq;
      const c = await h.command(text, { user, channel: CHANNEL }).catch(() => undefined);
      if (c?.ack.status !== 200) {
        notAcked += 1;
        continue;
      }
      acked += 1;
      const answer = await h.slack
        .waitFor(
          (x) =>
            // The answer, not the "Reading from the provider…" line a slow one shows first.
            (x.responseId === c.responseId && !JSON.stringify(x.args).includes(PROGRESS)) ||
            (kind === 'memo' &&
              x.seq > after &&
              !x.error &&
              x.method.startsWith('chat.post') &&
              JSON.stringify(x.args).includes(value)),
          120_000,
        )
        .catch(() => undefined);
      const said = answer ? JSON.stringify(answer.args) : '';
      if (kind === 'memo') {
        if (!answer) writes.unanswered += 1;
        else if (said.includes(`${s.name}*: ${value}`)) writes.announced += 1;
        else writes.failed += 1;
      } else {
        if (!answer) reads.unanswered += 1;
        else if (kind === 'show' ? said.includes(ipOf.get(s.name) ?? '?') : said.includes('fz12'))
          reads.ok += 1;
        else reads.failed += 1;
      }
    }
  };

  const changers = servers.map((s) => changer(s));
  const people = users.map((u, k) => person(u, k));

  await sleep(FAULT_SECONDS * 1000);
  const providerStats = {
    requests: h.sim.control.requests().length,
    faulted: h.sim.control.requests().filter((r) => r.faultId !== undefined).length,
  };
  h.sim.control.clearFaults();
  phase = 'slack';
  const share = 0.2;
  for (const method of ['chat.postMessage', 'chat.update']) {
    h.slack.fail(method, { status: 429, retryAfter: 1, times: Number.POSITIVE_INFINITY, share: share / 2 });
    h.slack.fail(method, {
      error: 'internal_error',
      times: Number.POSITIVE_INFINITY,
      share: share / 2 / (1 - share / 2),
    });
  }
  const slackMark = h.slack.lastSeq;
  await sleep(SLACK_FAULT_SECONDS * 1000);
  h.slack.clearFailures();
  const slackRefused = h.slack.calls.filter(
    (c) => c.seq > slackMark && c.method.startsWith('chat.') && c.error,
  ).length;
  const slackCalls = h.slack.calls.filter((c) => c.seq > slackMark && c.method.startsWith('chat.')).length;
  phase = 'views';
  views.start(share);
  await sleep(VIEW_FAULT_SECONDS * 1000);
  views.stop();

  // --- Drain.
  changing = false;
  talking = false;
  const drainStarted = performance.now();
  const drained = Promise.all([...changers, ...people]);
  const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
  let finished = false;
  void drained.then(() => {
    finished = true;
  });
  while (Date.now() < drainUntil) {
    if (finished && (await store.outbox.due(farFuture(), 1)).length === 0) break;
    await sleep(250);
  }
  const drainS = (performance.now() - drainStarted) / 1000;
  const stillQueued = (await store.outbox.due(farFuture(), 100)).length;

  // The bot still answers.
  const last = await h.command('help', { user: users[0]! }).catch(() => undefined);
  const answers = last
    ? await h.slack
        .waitFor((c) => c.responseId === last.responseId, 30_000)
        .then(() => 1)
        .catch(() => 0)
    : 0;

  // --- Count.
  const requests = h.sim.control.requests({ method: 'PUT', path: /\/memo$/ });
  const sent = new Map<string, number>();
  const applied = new Map<string, number>();
  for (const r of requests) {
    const memo = String((r.body as { memo?: unknown } | null)?.memo ?? '');
    if (!memoValues.has(memo)) continue;
    sent.set(memo, (sent.get(memo) ?? 0) + 1);
    const kind = r.faultId === undefined ? undefined : faultKinds.get(r.faultId);
    const handled = r.status === 200 || (r.status === 0 && kind !== 'reset-before');
    if (handled) applied.set(memo, (applied.get(memo) ?? 0) + 1);
  }
  if (process.env.FAULTS_DEBUG) {
    const by = new Map<string, number>();
    for (const r of requests) {
      const k = `${r.status}/${r.faultId === undefined ? '-' : faultKinds.get(r.faultId)}`;
      by.set(k, (by.get(k) ?? 0) + 1);
    }
    process.stderr.write(`memo PUTs by status/fault: ${JSON.stringify(Object.fromEntries(by))}\n`);
    for (const l of h.logs.lines.filter((x) => x.includes('"level":"error"'))) process.stderr.write(`${l}\n`);
  }
  const sentTwice = [...sent.values()].filter((n) => n > 1).length;
  const appliedTwice = [...applied.values()].filter((n) => n > 1).length;

  const alerts = h.slack.calls.filter(isAlert);
  const observed = incidents.filter((i) => i.observed);
  let lost = 0;
  let doubled = 0;
  for (const s of servers) {
    const mine = observed.filter((i) => i.server === s.name).sort((a, b) => a.mark - b.mark);
    mine.forEach((inc, k) => {
      const end = mine[k + 1]?.mark ?? Number.POSITIVE_INFINITY;
      const n = alerts.filter((c) => c.seq > inc.mark && c.seq <= end && names(c, s.name)).length;
      if (n === 0) lost += 1;
      if (n > 1) doubled += n - 1;
    });
  }

  emit('faults.crashes', uncaught + notAcked + (answers === 1 ? 0 : 1), 'crashes', 0);
  emit('faults.still-answers', answers, 'replies', 1);
  emit('faults.error-logs', h.logs.lines.filter((l) => l.includes('"level":"error"')).length, 'lines', null);
  emit('faults.provider-requests', providerStats.requests, 'requests', null);
  emit(
    'faults.provider-faulted-share',
    providerStats.faulted / Math.max(1, providerStats.requests),
    'share',
    0.2,
  );
  emit('faults.commands-acked', acked, 'commands', null);
  const readsDone = reads.ok + reads.failed + reads.unanswered;
  emit('faults.reads', readsDone, 'commands', null);
  emit('faults.read-success-rate', reads.ok / Math.max(1, readsDone), 'share', 1);
  emit('faults.reads-failed', reads.failed, 'commands', null);
  emit('faults.reads-unanswered', reads.unanswered, 'commands', 0);
  emit('faults.memo-writes', memoValues.size, 'commands', null);
  emit('faults.memo-writes-announced', writes.announced, 'commands', null);
  emit('faults.memo-writes-refused-or-unknown', writes.failed, 'commands', null);
  emit('faults.memo-writes-unanswered', writes.unanswered, 'commands', 0);
  emit('faults.memo-values-sent-more-than-once', sentTwice, 'values', null);
  emit('faults.memo-values-applied-more-than-once', appliedTwice, 'values', 0);
  emit('faults.slack-chat-calls-in-slack-phase', slackCalls, 'calls', null);
  emit('faults.slack-chat-calls-refused', slackRefused, 'calls', null);
  emit('faults.incidents', observed.length, 'incidents', null);
  emit('faults.incidents-unseen', incidents.length - observed.length, 'incidents', 0);
  emit('faults.alerts-posted-top-level', alerts.length, 'messages', null);
  emit('faults.notifications-lost', lost, 'incidents', 0);
  emit('faults.notifications-doubled', doubled, 'messages', 0);
  for (const p of ['provider', 'slack', 'views'] as const) {
    const delays = observed.filter((i) => i.phase === p && i.delayS !== undefined).map((i) => i.delayS!);
    emit(`faults.${p}-phase.incidents`, observed.filter((i) => i.phase === p).length, 'incidents', null);
    emit(`faults.${p}-phase.stop-to-alert-p50`, pct(delays, 50), 's', null);
    emit(`faults.${p}-phase.stop-to-alert-p95`, pct(delays, 95), 's', null);
    emit(`faults.${p}-phase.stop-to-alert-max`, pct(delays, 100), 's', null);
  }
  const v = await views.figures();
  emit('faults.views-phase.views-update-calls', v.viewsUpdates, 'calls', null);
  emit('faults.views-phase.views-update-refused', v.viewsUpdatesRefused, 'calls', null);
  emit('faults.views-phase.response-url-posts', v.responseUrls, 'posts', null);
  emit('faults.views-phase.response-url-refused', v.responseUrlsRefused, 'posts', null);
  emit('faults.views-phase.changes', v.changes, 'changes', null);
  emit('faults.views-phase.changes-untold', v.untold, 'changes', 0);
  emit('faults.views-phase.secrets', v.secrets, 'secrets', null);
  emit('faults.views-phase.secrets-lost', v.lost, 'secrets', 0);
  emit('faults.views-phase.secrets-in-posts', v.leaked, 'posts', 0);
  emit('faults.views-phase.forms-opened', v.formsOpened, 'forms', null);
  emit('faults.views-phase.forms-trigger-expired', v.formsExpired, 'forms', 0);
  emit('faults.views-phase.forms-filled', v.formsFilled, 'forms', null);
  emit('faults.views-phase.form-open-p50', pct(v.formOpenMs, 50), 'ms', TRIGGER_LIFE_MS);
  emit('faults.views-phase.form-open-p95', pct(v.formOpenMs, 95), 'ms', TRIGGER_LIFE_MS);
  emit('faults.views-phase.form-open-max', pct(v.formOpenMs, 100), 'ms', TRIGGER_LIFE_MS);
  emit('faults.outbox-left-after-drain', stillQueued, 'rows', 0);
  emit('faults.drain', drainS, 's', DRAIN_SECONDS);
  emit('faults.total-runtime', (performance.now() - phaseStarted) / 1000, 's', null);
  await h.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`faults benchmark failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
