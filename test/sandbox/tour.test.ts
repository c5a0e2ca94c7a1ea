/**
 * The sandbox as a scripted tour, driven in-process through its non-TTY mode:
 * the real bot in HTTP mode behind the sandbox's Slack, the simulator behind
 * the bot. Each step types what a person would type and reads what the
 * terminal printed. Steps run in order on one sandbox, as a tour does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support.ts';

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});

afterAll(async () => {
  await t?.close();
});

describe('a tour of the sandbox', () => {
  it('/vps list shows the seeded servers, to the person alone', async () => {
    const text = await t.type('/vps list');
    expect(text).toContain('bob #ops › /vps list');
    expect(text).toContain('» vps-bot in #ops · only visible to you');
    expect(text).toContain('12 servers');
    for (const name of ['web-1', 'web-2', 'db-1', 'batch-1', 'backup-1']) expect(text).toContain(name);
  });

  it('/vps show prints the card with numbered buttons, and a button press answers', async () => {
    const text = await t.type('/vps show db-1');
    expect(text).toContain('== db-1 ==');
    expect(text).toContain('MySQL primary');
    expect(text).toMatch(/\[1\] Refresh {2}\[2\] Rename {2}\[3\] Edit memo {2}\[4\] Set reverse DNS/);
    const mark = t.out.mark();
    const pressed = await t.type('click 1');
    // Refresh answers with the card again, its buttons numbered on from where the screen is.
    expect(pressed).toContain('== db-1 ==');
    expect(pressed).toMatch(/\[5\] Refresh/);
    expect(t.out.since(mark)).not.toContain('no button');
  });

  it('a viewer is refused an order, in words that say why', async () => {
    const text = await t.type('as carol', '/vps signup');
    expect(text).toContain('you are now carol (viewer) in #ops');
    expect(text).toContain('Ordering a VPS needs the operator role; yours is viewer.');
    expect(text).not.toContain('a form opens');
  });

  let price = '';

  it('an operator fills the order form field by field; the approval asks the channel, with the price', async () => {
    const opened = await t.type('as bob', '/vps signup');
    expect(opened).toContain('a form opens: Order a VPS');
    expect(opened).toContain('1. Plan (required, choose one)');
    expect(opened).toContain('2) VPS 2GB');
    const text = await t.type(
      '2', // plan: VPS 2GB (the form follows the choice: periods and images of this plan)
      '1', // period: 1 month
      '1', // image
      'tour-vps-1', // server name
      'ops-key', // registered SSH key
      '', // no public key
      '', // no password: the bot makes one
      '', // renewal as it is
      '', // no partner code
      '1', // the terms
    );
    expect(text).toContain('2. Contract period (required, choose one)');
    expect(text).toContain('» vps-bot in #ops\n  == VPS order waiting for approval ==');
    expect(text).toContain('Server name: `tour-vps-1`');
    price = /Approve and pay (¥[\d,]+)/.exec(text)?.[1] ?? '';
    expect(price).not.toBe('');
    expect(text).toMatch(/\[1\] Approve and pay ¥[\d,]+ {2}\[2\] Reject \(!\)/);
    // The generated password is shown to the requester once, in the form.
    expect(text).toMatch(/Root password for `tour-vps-1`: `[^`]{9,}`/);
    expect(t.sb.sim!.control.charges()).toEqual([]);
  });

  it('the requester cannot approve; another person approves and the thread tells the outcome; charged once', async () => {
    const own = await t.type('click 1 yes');
    expect(own).toContain('only visible to you');
    expect(own).not.toContain('Approved by');
    const mark = t.out.mark();
    const asked = await t.type('as alice', 'click 1');
    // The button's confirmation comes first, in its own words.
    expect(asked).toContain(`┌ Pay ${price}?`);
    expect(t.sb.terminal.prompt()).toBe('confirm? (yes/no) › ');
    await t.type('yes');
    const thread = await t.out.waitFor(/in the thread of[^\n]*\n {2}✅ Ordered and paid/, mark);
    expect(thread).toContain('» vps-bot edited a message in #ops');
    expect(thread).toContain('Approved by @alice');
    expect(thread).toContain(`Ordered and paid ${price}`);
    const charges = t.sb.sim!.control.charges();
    expect(charges).toHaveLength(1);
    expect(`¥${charges[0]!.amount.toLocaleString('en-US')}`).toBe(price);
    const listed = await t.type('sim charges');
    expect(listed.match(/^sim: #\d+ /gm)).toHaveLength(1);
    // The one-month order is "1 month", never "1 months".
    expect(listed).toMatch(/ vps-2gb 1 month {2}signup /);
  });

  it('a modal field the bot refuses shows its inline error and is asked again', async () => {
    await t.type('as bob', '/vps show web-2');
    const first = await t.type('click 2');
    expect(first).toContain('a form opens: Rename server');
    const wrong = await t.type('web 2!');
    expect(wrong).toContain('the form came back with problems:');
    expect(wrong).toContain('✗ New name: Use only lower-case letters, digits, - and _ in the name.');
    expect(t.sb.terminal.prompt()).toBe('  New name › ');
    const right = await t.type('web-2b');
    expect(right).toContain('» vps-bot in #ops\n  @bob renamed server web-2 to web-2b.');
    expect(t.sb.sim!.control.servers().some((s) => s.name === 'web-2b')).toBe(true);
  });

  it('the client checks a field before sending it, as Slack does (a required field, a real option)', async () => {
    await t.type('/vps show web-2b');
    await t.type('click 2');
    const empty = await t.type('!clear');
    // One style for every refusal: a sentence, as the bot's own.
    expect(empty).toContain('✗ This field is required.');
    const closed = await t.type('!cancel');
    expect(closed).toContain('form closed; nothing was sent');
    // Nothing was sent: the list still has web-2b, and the server ordered above has joined it.
    const list = await t.type('/vps list');
    expect(list).toContain('13 servers');
    expect(list).toContain('web-2b');
    expect(list).toContain('tour-vps-1');
  });

  it('sim power stops a server and the watcher alert arrives in the channel', async () => {
    const alert = '» vps-bot in #ops\n  🚨 @ops web-1 stopped with no power operation to explain it';
    const mark = t.out.mark();
    await t.type('sim power web-1 stopped', 'wait 20');
    // `wait` ends at the bot's next post: the watcher's notice of the server ordered earlier in
    // the tour may come first, so wait for the next one (a few posts at most).
    for (let i = 0; i < 3 && !t.out.since(mark).includes(alert); i += 1) await t.type('wait 20');
    const text = t.out.since(mark);
    expect(text).toContain('sim: web-1: power running -> stopped');
    expect(text).toContain(alert);
    expect(text).not.toContain('nothing arrived');
  });

  it('as switches people: a Japanese reader gets Japanese, in their zone', async () => {
    const text = await t.type('as kenji', '/vps help');
    expect(text).toContain('you are now kenji (approver) in #ops');
    expect(text).toMatch(/[ぁ-んァ-ン]/);
  });

  it('users lists the built-in people and their roles; a stranger is not one of them', async () => {
    const text = await t.type('users', 'as mallory');
    expect(text).toMatch(/alice +admin/);
    expect(text).toMatch(/bob +operator +member of the @ops user group/);
    expect(text).toMatch(/carol +viewer/);
    expect(text).toContain('who? alice, bob, carol, kenji');
  });

  it('/vps plans lists today’s prices; a plan’s button opens the order form with it chosen', async () => {
    const text = await t.type('as bob', '/vps plans');
    expect(text).toContain('== Today’s VPS prices ==');
    expect(text).toMatch(/12 mo · ¥[\d,]+ campaign price \(regular ¥[\d,]+\)/);
    // The plan by its label (never its id): the line under it is its memory.
    const n = /VPS 4GB\s+4 GB memory[\s\S]*?\[(\d+)\] Order this plan/.exec(text)?.[1];
    expect(n).toBeDefined();
    const form = await t.type(`click ${n}`);
    expect(form).toContain('a form opens: Order a VPS');
    expect(form).toMatch(/\d+\) VPS 4GB — 4 GB, 4 vCPU, 100 GB disk {2}\(chosen\)/);
    expect(await t.type('!cancel')).toContain('form closed; nothing was sent');
  });

  it('a script ends when its lines do: the runner resolves once the last answer has arrived', async () => {
    const text = await t.type('as carol', '/vps show db-2');
    // The card is the last thing printed (a viewer gets no change buttons on it).
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^ {2}\[1\] Refresh$/);
    expect(text).toContain('== db-2 ==');
  });

  it('/vps renewals shows the order’s contract date; sim clock reaches its renewal reminder in #ops', async () => {
    const list = await t.type('as bob', '/vps renewals');
    expect(list).toContain('== Contract dates ==');
    const m = /tour-vps-1 — (\d{4}-\d{2}-\d{2}) \(in (\d+) days\) · from the provider’s signup status/.exec(
      list,
    );
    expect(m, list).not.toBeNull();
    const [, date, left] = m!;
    // Moved to 29 days before the date (the bot's time follows the simulator's): the 30-day reminder.
    const mark = t.out.mark();
    await t.type(`sim clock +${Number(left) - 29}d`);
    const told = await t.out.waitFor(/the contract renews on/, mark);
    expect(told).toContain('» vps-bot in #ops\n  📆 tour-vps-1: the contract renews on');
    expect(told).toContain(
      `tour-vps-1: the contract renews on ${date} (in 29 days), paid from the prepaid balance.`,
    );
    expect(told).toMatch(/Renewal price: ¥[\d,]+ \(tax included\) for VPS 2GB, 1 month/);
    expect(told).toContain('e-mails only the account owner');
    expect(told).toContain('the bot cannot check whether it covers the renewal');
  });
});
