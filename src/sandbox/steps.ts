/**
 * The Workflow Builder steps the app brings to the sandbox's workspace, as
 * manifest.yml declares them (`functions`): their callback ids, titles and
 * own inputs (each also takes Slack's `user_context`, `interactivity` and
 * `channel`, which the sandbox fills as Workflow Builder would). The sandbox
 * sends what Slack sends for each; it knows nothing of what the bot does.
 * (test/sandbox/steps.test.ts holds this list to the manifest.)
 */

export interface InstalledStep {
  callbackId: string;
  title: string;
  /** Its own inputs; those holding a channel id are named by `#name` at the prompt. */
  inputs: readonly string[];
  channelInputs: readonly string[];
}

export const INSTALLED_STEPS: readonly InstalledStep[] = [
  { callbackId: 'show_server', title: 'Show server', inputs: ['server'], channelInputs: [] },
  { callbackId: 'servers_not_running', title: 'Servers not running', inputs: [], channelInputs: [] },
  {
    callbackId: 'set_server_memo',
    title: 'Set a server’s memo',
    inputs: ['server', 'memo'],
    channelInputs: [],
  },
  {
    callbackId: 'order_vps',
    title: 'Order a VPS',
    inputs: ['plan_id', 'period', 'image_id', 'name', 'approval_channel'],
    channelInputs: ['approval_channel'],
  },
  {
    callbackId: 'add_dns_record',
    title: 'Add a DNS record',
    inputs: ['hosting_server', 'domain', 'host', 'type', 'content', 'ttl'],
    channelInputs: [],
  },
  { callbackId: 'daily_digest', title: 'Today’s digest', inputs: [], channelInputs: [] },
];

export function stepNamed(word: string): InstalledStep | undefined {
  const w = word.toLowerCase().replace(/-/g, '_');
  return INSTALLED_STEPS.find((s) => s.callbackId === w);
}

/**
 * `key=value` words as typed after `step <name>`: a value with spaces goes in
 * double quotes (`memo="moved to rack 4"`). Anything else is a problem to print.
 */
export function stepInputs(
  typed: string,
): { ok: true; inputs: Record<string, string> } | { ok: false; problem: string } {
  const inputs: Record<string, string> = {};
  let rest = typed.trim();
  const pair = /^([a-z_]+)=(?:"([^"]*)"|(\S*))(?:\s+|$)/;
  while (rest !== '') {
    const m = pair.exec(rest);
    if (!m) return { ok: false, problem: `not key=value: ${rest.split(/\s+/)[0]}` };
    inputs[m[1]!] = m[2] ?? m[3] ?? '';
    rest = rest.slice(m[0].length);
  }
  return { ok: true, inputs };
}
