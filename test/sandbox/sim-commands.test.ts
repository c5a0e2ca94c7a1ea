/**
 * `sim …` words onto the simulator's control surface, and the answers a
 * person types into a modal's fields, read as a Slack client reads them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/sandbox/form-answers.ts';
import type { InputField } from '../../src/sandbox/render.ts';
import { parseDuration, runSimCommand, SIM_HELP, SimCommandError } from '../../src/sandbox/sim-commands.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator({ clock: 'manual', now: new Date('2026-03-10T03:00:00Z') });
});

afterEach(async () => {
  await sim.close();
});

const run = (line: string) => runSimCommand(sim.control, line.split(' '));
const server = (name: string) => sim.control.servers().find((s) => s.name === name)!;

describe('sim', () => {
  it('reads durations as people write them', () => {
    expect(parseDuration('+1h')).toBe(3_600_000);
    expect(parseDuration('-30m')).toBe(-1_800_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('2d')).toBe(172_800_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('soon')).toBeUndefined();
  });

  it('power sets a server’s state now, and with then, again after simulated time', () => {
    expect(run('power web-1 stopped')).toEqual(['web-1: power running -> stopped']);
    expect(server('web-1').power).toBe('stopped');
    run('power web-1 processing then running 20s');
    sim.control.clock.advance(19_999);
    expect(server('web-1').power).toBe('processing');
    sim.control.clock.advance(1);
    expect(server('web-1').power).toBe('running');
  });

  it('price moves a plan’s monthly price and tells what a period now costs', () => {
    const before = (sim.control.state().plans as { plan_id: string; monthly_price: number }[]).find(
      (p) => p.plan_id === 'vps-2gb',
    )!.monthly_price;
    const lines = run('price vps-2gb 1 +1100');
    expect(lines[0]).toBe(
      `vps-2gb: monthly price ${before.toLocaleString('en-US')} yen -> ${(before + 1100).toLocaleString('en-US')} yen`,
    );
    expect(lines[1]).toMatch(/^ {2}a 1-month order now costs [\d,]+ yen \(was [\d,]+ yen\)$/);
    const [now, was] = [...lines[1]!.matchAll(/([\d,]+) yen/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
    expect(now! - was!).toBeGreaterThanOrEqual(1100);
    expect(run('price vps-2gb 1500')[0]).toContain('-> 1,500 yen');
    expect(() => run('price vps-2gb 5 +1')).toThrow('vps-2gb has no 5-month period');
  });

  it('the control state prices each period as the provider’s plan list does', async () => {
    const res = await fetch(`${sim.url}/v1/vps/plans`, {
      headers: { authorization: `Bearer ${sim.keys.full}` },
    });
    const listed = ((await res.json()) as { plans: { plan_id: string; periods: unknown[] }[] }).plans.find(
      (p) => p.plan_id === 'vps-2gb',
    )!;
    const state = (sim.control.state().plans as { plan_id: string; prices: unknown[] }[]).find(
      (p) => p.plan_id === 'vps-2gb',
    )!;
    expect(state.prices).toEqual(listed.periods);
  });

  it('clock moves simulated time; fault adds a rule as the control surface takes it', () => {
    run('clock +1h');
    expect(sim.control.clock.now().toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(run('fault /v1/vps/servers 503 times=2')).toEqual(['fault #1: /v1/vps/servers -> 503 2 times']);
    const faults = sim.control.state().faults as { path: string; status: number; remaining: number }[];
    expect(faults).toMatchObject([{ path: '/v1/vps/servers', status: 503, remaining: 2 }]);
    expect(run('fault clear')).toEqual(['faults cleared']);
    expect(() => run('fault /v1/me')).toThrow(/a fault needs a status/);
  });

  it('corrupt makes a server’s answers break the spec (JSON values, left-out fields), clear ends it', () => {
    const uuid = server('web-1').uuid;
    expect(run('corrupt web-1 name=null memo=42 power.status=suspended -plan_name')).toEqual([
      'web-1: the provider now answers name=null, memo=42, power.status="suspended", no plan_name for it (its true state is unchanged)',
    ]);
    expect(sim.control.state().answer_faults).toEqual({
      [uuid]: { set: { name: null, memo: 42, 'power.status': 'suspended' }, omit: ['plan_name'] },
    });
    expect(run('corrupt web-1 clear')).toEqual(['web-1: answered as it is again']);
    expect(sim.control.state().answer_faults).toEqual({});
    expect(() => run('corrupt web-1 name')).toThrow(/usage: sim corrupt/);
  });

  it('key expires moves the bot’s key’s expiry, told but still answered when asked', async () => {
    expect(run('key expires -1h still-answering')).toEqual([
      'key full: expired at 10 Mar 2026, 11:00:00 JST, and the provider still answers it',
    ]);
    const me = await fetch(`${sim.url}/v1/me`, { headers: { authorization: `Bearer ${sim.keys.full}` } });
    expect(me.status).toBe(200);
    expect(run('key expires -1h')).toEqual([
      'key full: expired at 10 Mar 2026, 11:00:00 JST: refused (401) from now on',
    ]);
    expect(run('key expires never')).toEqual(['key full: never expires']);
    expect(run('key expires +14d key=read')).toEqual(['key read: expires at 24 Mar 2026, 12:00:00 JST']);
    expect(() => run('key lost')).toThrow(/usage: sim key expires/);
  });

  it('key use and key denied put another client’s requests in the key’s log, as GET /v1/logs answers them', async () => {
    expect(run('key use 203.0.113.9 get /v1/vps/servers')).toEqual([
      "key full: GET /v1/vps/servers -> 200 from 203.0.113.9, in the key's log now (not made by the bot)",
      expect.stringContaining('`sim clock +2m`, then `wait`'),
    ]);
    expect(run('key denied 6')).toEqual([
      'key full: 6 requests from 198.51.100.23 refused (403), a second apart, ending now',
      expect.stringContaining('`sim clock +2m`, then `wait`'),
    ]);
    expect(run('key denied 2 2001:db8::9 401')).toEqual([
      'key full: 2 requests from 2001:db8::9 refused (401), a second apart, ending now',
      expect.stringContaining('`sim clock +2m`, then `wait`'),
    ]);
    const res = await fetch(`${sim.url}/v1/logs?limit=20`, {
      headers: { authorization: `Bearer ${sim.keys.full}` },
    });
    const page = (await res.json()) as {
      logs: { ip_address: string; status_code: number; method: string }[];
    };
    const byIp = (ip: string) => page.logs.filter((l) => l.ip_address === ip);
    expect(byIp('203.0.113.9').map((l) => [l.method, l.status_code])).toEqual([['GET', 200]]);
    expect(byIp('198.51.100.23').map((l) => l.status_code)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(byIp('2001:db8::9').map((l) => l.status_code)).toEqual([401, 401]);
    expect(() => run('key use 203.0.113.9 GET')).toThrow(/usage: sim key expires .* \| sim key use/);
    expect(() => run('key use nowhere GET /v1/me')).toThrow(/ip must be an IPv4 or IPv6 address/);
    expect(() => run('key denied 3 198.51.100.1 500')).toThrow(/usage: sim key/);
    expect(SIM_HELP.join('\n')).toContain('sim key denied <count>');
  });

  it('says what is wrong: an unknown server, an unknown state, an unknown word', () => {
    expect(() => run('power web-9 stopped')).toThrow(
      new SimCommandError('no server called web-9; sim servers lists them'),
    );
    expect(() => run('power web-1 sleeping')).toThrow(/one of running, stopped, processing, error/);
    expect(() => run('teleport web-1')).toThrow(/sim does not know "teleport"/);
  });

  it('hosting shows a server; panel and ssl change it outside the API, as the API then answers', () => {
    expect(run('hosting xs123456')).toEqual(
      expect.arrayContaining([
        'xs123456.xsrv.jp: SSH on',
        expect.stringMatching(/^ {2}domain example-shop\.com +ssl active$/),
        expect.stringMatching(/^ {2}key 2001 +ci-deploy$/),
      ]),
    );
    expect(run('panel xs123456 domain add panel.jp')).toEqual([
      'xs123456.xsrv.jp: domain panel.jp added in the control panel (ssl active)',
    ]);
    expect(run('panel xs123456.xsrv.jp domain remove panel.jp')[0]).toContain('removed in the control panel');
    expect(run('panel xs123456 ssh off')).toEqual(['xs123456.xsrv.jp: SSH turned off in the control panel']);
    expect(sim.control.hostingServer('xs123456.xsrv.jp').sshEnabled).toBe(false);
    const [added] = run('panel xs123456 key add old laptop');
    const id = /SSH key (\d+) \(old laptop\)/.exec(added!)?.[1];
    expect(id).toBeDefined();
    expect(run(`panel xs123456 key remove ${id}`)[0]).toContain(`SSH key ${id} deleted`);
    expect(run('ssl example-shop.com failed')[0]).toContain('failed_nameserver');
    expect(run('hosting xs123456')).toContain('  domain example-shop.com             ssl failed_nameserver');
    expect(run('ssl example-shop.com ok')[0]).toContain('active');
    expect(() => run('panel xs1 ssh sideways')).toThrow(SimCommandError);
    expect(() => run('panel nowhere ssh on')).toThrow('no hosting server called nowhere');
    expect(() => run('ssl example-shop.com maybe')).toThrow('usage: sim ssl');
  });

  it('panel changes DNS, cron, mail and FTP on a hosting server as the control panel would, as the API then answers', async () => {
    const api = async (path: string) => {
      const res = await fetch(`${sim.url}/v1/server/xs123456.xsrv.jp${path}`, {
        headers: { authorization: `Bearer ${sim.keys.full}` },
      });
      return res.json() as Promise<Record<string, { [k: string]: unknown }[]>>;
    };
    const [added] = run('panel xs123456 dns add example-shop.com www A 203.0.113.7 300');
    const id = Number(
      /DNS record (\d+) \(www A 203\.0\.113\.7\) added in the control panel/.exec(added!)?.[1],
    );
    expect(id).toBeGreaterThan(0);
    expect(run('hosting xs123456')).toContain(
      `  dns ${String(id).padEnd(6)} example-shop.com www A 203.0.113.7 ttl 300`,
    );
    run(`panel xs123456 dns change ${id} content=203.0.113.8 ttl=600`);
    expect((await api('/dns?domain=example-shop.com')).records).toContainEqual(
      expect.objectContaining({ id, host: 'www', type: 'A', content: '203.0.113.8', ttl: 600 }),
    );
    expect(() => run(`panel xs123456 dns change ${id} colour=red`)).toThrow(/host=, type=, content=/);
    expect(() => run('panel xs123456 dns add example-shop.com www A 203.0.113.7 30')).toThrow(
      /ttl is 60 to 86400/,
    );
    expect(run(`panel xs123456 dns remove ${id}`)).toEqual([
      `xs123456.xsrv.jp: DNS record ${id} deleted in the control panel`,
    ]);
    expect((await api('/dns')).records!.map((r) => r.id)).not.toContain(id);

    const [cron] = run('panel xs123456 cron add */5 * * * * php /home/x/batch.php --quiet');
    const cronId = /cron job (\S+) \(\*\/5 \* \* \* \* php \/home\/x\/batch\.php --quiet\) added/.exec(
      cron!,
    )?.[1];
    expect(cronId).toBeDefined();
    expect((await api('/cron')).crons).toContainEqual(
      expect.objectContaining({ id: cronId, command: 'php /home/x/batch.php --quiet', enabled: true }),
    );
    const [off] = run(`panel xs123456 cron off ${cronId}`);
    const nowId = /its id is now (\S+)\)/.exec(off!)?.[1] ?? cronId;
    expect((await api('/cron')).crons).toContainEqual(expect.objectContaining({ id: nowId, enabled: false }));
    run(`panel xs123456 cron remove ${nowId}`);
    expect((await api('/cron')).crons!.map((j) => j.id)).not.toContain(nowId);

    expect(run('panel xs123456 mail add panel@example-shop.com 500')).toEqual([
      'xs123456.xsrv.jp: mail account panel@example-shop.com added in the control panel',
    ]);
    expect((await api('/mail')).accounts).toContainEqual(
      expect.objectContaining({ mail_address: 'panel@example-shop.com', quota_mb: 500 }),
    );
    run('panel xs123456 mail remove panel@example-shop.com');
    expect((await api('/mail')).accounts!.map((a) => a.mail_address)).not.toContain('panel@example-shop.com');
    run('panel xs123456 ftp add up@example-shop.com /uploads');
    expect(run('hosting xs123456')).toContain('  ftp up@example-shop.com /uploads');
    run('panel xs123456 ftp remove up@example-shop.com');
    expect((await api('/ftp')).accounts!.map((a) => a.ftp_account)).not.toContain('up@example-shop.com');
    expect(() => run('panel xs123456 mail add nobody@elsewhere.jp')).toThrow(/holds no domain elsewhere\.jp/);
    expect(() => run('panel xs123456 cron sideways 1')).toThrow(/usage: sim panel <server> .* cron add/);
  });

  it('with several accounts, @<account> names the one a command acts on; the first without it', async () => {
    const two = await startSimulator({
      clock: 'manual',
      now: new Date('2026-03-10T03:00:00Z'),
      accounts: ['main', 'shop'],
    });
    try {
      const run2 = (line: string) => runSimCommand(two.control, line.split(' '), two);
      expect(run2('accounts')).toEqual([
        expect.stringMatching(
          /^main \(first: sim commands act on it unless @<account> names another\): \d+ VPS/,
        ),
        expect.stringMatching(/^shop: \d+ VPS, \d+ hosting$/),
      ]);
      const shopVps = two.account('shop').control.servers()[0]!;
      const mainVps = two
        .account('main')
        .control.servers()
        .find((s) => s.name === shopVps.name);
      expect(run2(`@shop power ${shopVps.name} stopped`)).toEqual([
        `[shop] ${shopVps.name}: power ${shopVps.power} -> stopped`,
      ]);
      expect(two.account('shop').control.servers()[0]!.power).toBe('stopped');
      if (mainVps)
        expect(
          two
            .account('main')
            .control.servers()
            .find((s) => s.uuid === mainVps.uuid)!.power,
        ).toBe(mainVps.power);
      run2('balance 1234');
      expect(two.account('main').control.balance()).toBe(1234);
      expect(two.account('shop').control.balance()).not.toBe(1234);
      expect(() => run2('@nobody servers')).toThrow('no account called nobody: main, shop');
    } finally {
      await two.close();
    }
  });

  it('panel changes a VPS in the control panel: name, memo, reverse hostname, IP, plan, contract, the server itself', () => {
    const uuid = server('web-1').uuid;
    const now = () => sim.control.servers().find((s) => s.uuid === uuid);
    expect(run('panel web-1 rename web-primary')).toEqual([
      'web-1: renamed to web-primary in the control panel',
    ]);
    expect(run('panel web-primary memo the front door')).toEqual([
      'web-primary: memo set to “the front door” in the control panel',
    ]);
    expect(now()?.memo).toBe('the front door');
    expect(run('panel web-primary memo clear')).toEqual(['web-primary: memo deleted in the control panel']);
    expect(now()?.memo).toBeNull();
    expect(run('panel web-primary rdns www.example.jp')).toEqual([
      'web-primary: reverse hostname set to www.example.jp in the control panel',
    ]);
    expect(run('panel web-primary rdns default')[0]).toContain(`reverse hostname set to ${now()?.hostname}`);
    const ip = now()?.ipAddress;
    expect(run('panel web-primary ip 203.0.113.60')).toEqual([
      `web-primary: IP address ${ip} -> 203.0.113.60 (moved by the provider)`,
    ]);
    expect(run('panel web-primary plan vps-8gb')[0]).toMatch(
      /^web-primary: plan .* -> VPS 8GB \(.* vCPU, 8 GB, .* GB disk\) in the control panel$/,
    );
    expect(run('panel web-primary suspend')).toEqual(['web-primary: contract suspended (by the provider)']);
    expect(now()?.status).toBe('suspended');
    expect(run('panel web-primary resume')).toEqual(['web-primary: contract active (by the provider)']);
    expect(run('panel web-primary remove')).toEqual([
      'web-primary: cancelled in the control panel; gone from the account',
    ]);
    expect(now()).toBeUndefined();
    expect(() => run('panel web-2 ip')).toThrow('usage: sim panel <vps>');
    expect(() => run('panel web-2 plan nope')).toThrow('no plan called nope');
    expect(() => run('panel web-2 ip 999.1.1.1')).toThrow('not an IPv4 address');
    expect(run('help').join('\n')).toContain('sim panel <vps> rename <name> | memo <text|clear>');
  });
});

const field = (over: Partial<InputField>): InputField => ({
  blockId: 'b',
  actionId: 'a',
  label: 'Field',
  kind: 'text',
  elementType: 'plain_text_input',
  optional: false,
  dispatch: false,
  multiline: false,
  minLength: undefined,
  maxLength: undefined,
  hint: undefined,
  placeholder: undefined,
  options: [],
  initial: undefined,
  ...over,
});

describe('answers to a form field', () => {
  const select = field({
    kind: 'select',
    elementType: 'static_select',
    options: [
      { text: 'VPS 1GB', value: 'vps-1gb' },
      { text: 'VPS 2GB', value: 'vps-2gb' },
    ],
  });

  it('a select takes an option by number, value or text; anything else is asked again', () => {
    const picked = (typed: string) => {
      const r = readAnswer(select, typed, undefined);
      return 'state' in r ? (r.state?.selected_option as { value: string } | undefined)?.value : r.error;
    };
    expect(picked('2')).toBe('vps-2gb');
    expect(picked('vps-1gb')).toBe('vps-1gb');
    expect(picked('VPS 2GB')).toBe('vps-2gb');
    // The client's refusals are sentences, as the bot's are.
    expect(picked('3')).toBe('Choose a number from 1 to 2.');
    expect(picked('')).toBe('This field is required.');
  });

  it('a text field keeps what it holds on an empty line, is emptied by !clear, and keeps to its lengths', () => {
    const name = field({ optional: true, minLength: 2, maxLength: 5 });
    const held = { type: 'plain_text_input', value: 'web-1' };
    expect(readAnswer(name, '', held)).toEqual({ state: held });
    expect(readAnswer(name, '!clear', held)).toEqual({ state: { type: 'plain_text_input', value: null } });
    expect(readAnswer(name, ' ab c ', undefined)).toEqual({
      state: { type: 'plain_text_input', value: 'ab c' },
    });
    expect(readAnswer(name, 'toolong', undefined)).toEqual({
      error: 'Use at most 5 characters (this has 7).',
    });
    expect(readAnswer(name, 'a', undefined)).toEqual({ error: 'Use at least 2 characters (this has 1).' });
  });

  it('checkboxes take numbers, or none', () => {
    const box = field({
      kind: 'checkboxes',
      elementType: 'checkboxes',
      optional: true,
      options: [{ text: 'I agree', value: 'yes' }],
    });
    expect(readAnswer(box, '1', undefined)).toMatchObject({
      state: { selected_options: [{ value: 'yes' }] },
    });
    expect(readAnswer(box, 'none', undefined)).toEqual({
      state: { type: 'checkboxes', selected_options: [] },
    });
    expect(readAnswer(box, '2', undefined)).toEqual({ error: 'Give numbers from 1 to 1, or none.' });
  });
});
