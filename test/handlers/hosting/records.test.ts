/**
 * DNS records, cron jobs and PHP versions through the real app (signed
 * requests, the simulator over HTTP behind): the lists, a record added at
 * once, the reference's rules named on their field before anything is sent,
 * the provider's refusals said with what to do, a record's change and delete
 * and a job's delete confirmed before any request (or approved by a second
 * person where the policy asks), a cron job's new id followed, a PHP version
 * switched; in English and Japanese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../src/slack/i18n/index.ts';
import { HOSTING_IDS, HOSTING_RECORD_CALLBACKS, hostingBlockId } from '../../../src/slack/ids.ts';
import {
  CHANNEL,
  type Harness,
  messageText,
  OPERATOR,
  startHarness,
  VIEWER,
} from '../../support/app-harness.ts';
import {
  announced,
  approvalPost,
  buttonValue,
  clickAndAnswer,
  everyDatabaseRow,
  formOutcome,
  hosting,
  hostingWrites,
  NO_RATE_LIMIT,
  openedForm,
  SERVER,
  textValues,
} from '../../support/hosting.ts';

const en = catalogs.en;
const ja = catalogs.ja;
const JA_OPERATOR = 'U0JAOPER1';
const APPROVER = 'U0APPROVE1';
const SHOP = 'example-shop.com';

const records = (h: Harness) => h.sim.control.hostingServer(SERVER).dnsRecords;
const jobs = (h: Harness) => h.sim.control.hostingServer(SERVER).cronJobs;
const recordOf = (h: Harness, host: string, type: string, content?: string) => {
  const r = records(h).find(
    (x) =>
      x.domain === SHOP &&
      x.host === host &&
      x.type === type &&
      (content === undefined || x.content === content),
  );
  if (!r) throw new Error(`no ${host} ${type} record of ${SHOP}`);
  return r;
};

/** Submits a record form as Slack does. */
function submitRecordForm(
  h: Harness,
  form: keyof typeof HOSTING_RECORD_CALLBACKS,
  privateMetadata: string,
  values: Record<string, unknown>,
  user = OPERATOR,
) {
  const viewId = `V${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  return h
    .submit({
      callbackId: HOSTING_RECORD_CALLBACKS[form],
      privateMetadata,
      values: values as Parameters<Harness['submit']>[0]['values'],
      userId: user,
      viewId,
    })
    .then((d) => ({ ...d, viewId }));
}

const typeValue = (t: string) => ({
  [hostingBlockId('type')]: { type: { type: 'static_select', selected_option: { value: t } } },
});

describe('/hosting dns, cron and php: one server, confirmed by the requester', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ key: 'selected', rateLimit: NO_RATE_LIMIT, operators: [OPERATOR, JA_OPERATOR] });
    h.slack.setUser(JA_OPERATOR, { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('DNS records', () => {
    it('lists a domain’s records with their ids, to the person alone, in English and Japanese', async () => {
      const cname = recordOf(h, 'shop-cdn', 'CNAME');
      const r = await hosting(h, `dns ${SHOP}`, VIEWER);
      expect(r.call.args.response_type).toBe('ephemeral');
      expect(r.text).toContain(`DNS records of ${SHOP} on ${SERVER}`);
      expect(r.text).toContain(
        `\`${cname.id}\`  *shop-cdn.${SHOP}*  CNAME  \`cdn.${SHOP}.example.net\`  · TTL 3,600 s`,
      );
      expect(r.text).toContain('`/hosting dns delete <id>`');
      const j = await hosting(h, `dns ${SHOP}`, JA_OPERATOR);
      expect(j.text).toContain(`${SERVER} の ${SHOP} の DNS レコード`);
      expect(j.text).toContain('TTL 3,600 秒');
    });

    it('adds a record at once and announces it with its new id', async () => {
      const n = hostingWrites(h);
      const post = await announced(h, `dns add ${SHOP} www A 203.0.113.10 600`);
      const added = recordOf(h, 'www', 'A', '203.0.113.10');
      expect(added).toMatchObject({ content: '203.0.113.10', ttl: 600 });
      expect(messageText(post)).toContain(
        `<@${OPERATOR}> added the DNS record \`www.${SHOP} A 203.0.113.10\` on ${SERVER} (id \`${added.id}\`).`,
      );
      expect(hostingWrites(h)).toBe(n + 1);
      const sent = h.sim.control.requests({ method: 'POST', path: /\/dns$/ }).at(-1);
      expect(sent?.body).toEqual({ domain: SHOP, host: 'www', type: 'A', content: '203.0.113.10', ttl: 600 });
    });

    it('adds an MX record at the apex (`@`) with its priority; the type is read in any case', async () => {
      await announced(h, `dns add ${SHOP} @ mx "mail.${SHOP}" 3600 10`);
      expect(recordOf(h, '@', 'MX', `mail.${SHOP}`)).toMatchObject({
        content: `mail.${SHOP}`,
        priority: 10,
        ttl: 3600,
      });
    });

    it('names a TTL out of the reference’s range, an unknown type and a bad priority before sending anything', async () => {
      const n = hostingWrites(h);
      expect((await hosting(h, `dns add ${SHOP} api A 203.0.113.11 30`)).text).toContain(
        'TTL must be from 60 to 86,400 seconds',
      );
      expect((await hosting(h, `dns add ${SHOP} api PTR 203.0.113.11`)).text).toContain(
        en['field.type.one_of'],
      );
      expect((await hosting(h, `dns add ${SHOP} api MX mx.${SHOP} 3600 high`)).text).toContain(
        en['field.priority.whole_number'],
      );
      expect((await hosting(h, `dns add ${SHOP} ${'a'.repeat(256)} A 203.0.113.11`)).text).toContain(
        'A host can be at most 255 characters.',
      );
      expect((await hosting(h, `dns add ${SHOP} api A 203.0.113.11 30`, JA_OPERATOR)).text).toContain(
        'TTL は 60〜86,400 秒の範囲で指定してください',
      );
      expect(hostingWrites(h)).toBe(n);
    });

    it('sends what the reference leaves open and explains the provider’s refusal, with what to do', async () => {
      const n = hostingWrites(h);
      const r = await hosting(h, `dns add ${SHOP} api A not-an-address`);
      expect(hostingWrites(h)).toBe(n + 1);
      expect(r.text).toContain('The provider does not accept a value (VALIDATION_ERROR). It said:');
      expect(r.text).toContain('an A record takes an IPv4 address');
      const j = await hosting(h, `dns add ${SHOP} api A not-an-address`, JA_OPERATOR);
      expect(j.text).toContain('プロバイダーが受け付けない値があります（VALIDATION_ERROR）');
    });

    it('deletes a record only once confirmed: the confirmation shows the record as it is now', async () => {
      const www = recordOf(h, 'www', 'A', '203.0.113.10');
      const n = hostingWrites(h);
      const ask = await hosting(h, `dns delete ${www.id}`);
      expect(ask.call.args.response_type).toBe('ephemeral');
      expect(ask.text).toContain(`Delete DNS record ${www.id}?`);
      expect(ask.text).toContain(
        `Deleting record \`${www.id}\` from ${SERVER}: \`www.${SHOP} 600 A 203.0.113.10\`.`,
      );
      expect(ask.text).toContain('Nothing has been sent yet.');
      expect(hostingWrites(h)).toBe(n);
      const done = await clickAndAnswer(
        h,
        HOSTING_IDS.confirm,
        buttonValue(ask.call, HOSTING_IDS.confirm),
        OPERATOR,
      );
      expect(done.text).toContain(`deleted the DNS record \`www.${SHOP} A\` on ${SERVER}.`);
      expect(h.sim.control.requests({ method: 'DELETE', path: new RegExp(`/dns/${www.id}$`) })).toHaveLength(
        1,
      );
      expect(records(h).some((r) => r.id === www.id)).toBe(false);
    });

    it('refuses a record id that is not there, or is not a number, before anyone confirms', async () => {
      const n = hostingWrites(h);
      expect((await hosting(h, 'dns delete 987654')).text).toContain(
        'There is no DNS record `987654` on this server. See `/hosting dns <domain>`',
      );
      expect((await hosting(h, 'dns delete www')).text).toContain(en['field.dns_id.whole_number']);
      expect(hostingWrites(h)).toBe(n);
    });

    it('changes a record through a form that starts from it, then a confirmation with before and after', async () => {
      const cname = recordOf(h, 'shop-cdn', 'CNAME');
      const form = await openedForm(h, `dns change ${cname.id}`);
      const blocks = JSON.stringify(form.view.blocks);
      expect(blocks).toContain(`"initial_value":"cdn.${SHOP}.example.net"`);
      expect(blocks).toContain('"initial_value":"3600"');
      // The reference's TTL range, on its field, nothing sent.
      const n = hostingWrites(h);
      const bad = await submitRecordForm(h, 'dns_change', form.privateMetadata, {
        ...textValues({ host: 'shop-cdn', content: 'cdn2.example.net', ttl: '10', priority: '' }),
        ...typeValue('CNAME'),
      });
      expect(JSON.parse(bad.text).response_action).toBe('errors');
      expect(bad.text).toContain('TTL must be from 60 to 86,400 seconds');
      const since = h.slack.lastSeq;
      await submitRecordForm(h, 'dns_change', form.privateMetadata, {
        ...textValues({ host: 'shop-cdn', content: 'cdn2.example.net', ttl: '300', priority: '' }),
        ...typeValue('CNAME'),
      });
      const ask = await h.slack.waitFor((c) => c.method === 'chat.postEphemeral' && c.seq > since);
      expect(messageText(ask)).toContain(
        `now: \`shop-cdn.${SHOP} 3600 CNAME cdn.${SHOP}.example.net\`. After the change: \`shop-cdn.${SHOP} 300 CNAME cdn2.example.net\`.`,
      );
      expect(hostingWrites(h)).toBe(n);
      const done = await clickAndAnswer(
        h,
        HOSTING_IDS.confirm,
        buttonValue(ask, HOSTING_IDS.confirm),
        OPERATOR,
      );
      expect(done.text).toContain(`changed the DNS record \`shop-cdn.${SHOP} CNAME\` on ${SERVER}.`);
      const put = h.sim.control.requests({ method: 'PUT', path: new RegExp(`/dns/${cname.id}$`) });
      expect(put.map((r) => r.body)).toEqual([
        { domain: SHOP, host: 'shop-cdn', type: 'CNAME', content: 'cdn2.example.net', ttl: 300 },
      ]);
      expect(recordOf(h, 'shop-cdn', 'CNAME')).toMatchObject({ content: 'cdn2.example.net', ttl: 300 });
    });

    it('a viewer may read the records but not change them; nothing is sent', async () => {
      const n = hostingWrites(h);
      const r = await hosting(h, `dns add ${SHOP} api A 203.0.113.12`, VIEWER);
      expect(r.text).toContain('operator');
      expect(hostingWrites(h)).toBe(n);
    });
  });

  describe('cron jobs', () => {
    it('lists the jobs with their ids, whether each runs, and where notices go', async () => {
      const [job] = jobs(h);
      if (!job) throw new Error('no seeded cron job');
      const r = await hosting(h, 'cron', VIEWER);
      expect(r.text).toContain(`Cron jobs on ${SERVER}`);
      expect(r.text).toContain(`\`${job.id}\`  \`${job.schedule}\``);
      expect(r.text).toContain('Cron’s notices go to');
      expect((await hosting(h, 'cron', JA_OPERATOR)).text).toContain(`${SERVER} の cron ジョブ`);
    });

    it('adds a job through a form, the reference’s ranges named on their fields first', async () => {
      const form = await openedForm(h, 'cron add');
      const fields = {
        minute: '61',
        hour: '4',
        day: '*',
        month: '*',
        weekday: '1',
        command: '/usr/bin/php /home/xs123456/job.php',
        comment: 'weekly report',
      };
      const n = hostingWrites(h);
      const bad = await submitRecordForm(h, 'cron_add', form.privateMetadata, textValues(fields));
      expect(JSON.parse(bad.text).response_action).toBe('errors');
      expect(bad.text).toContain('Minutes run from 0 to 59.');
      expect(hostingWrites(h)).toBe(n);
      const since = h.slack.lastSeq;
      const ok = await submitRecordForm(
        h,
        'cron_add',
        form.privateMetadata,
        textValues({ ...fields, minute: '0' }),
      );
      const outcome = await formOutcome(h, ok.viewId);
      const added = jobs(h).find((j) => j.comment === 'weekly report');
      if (!added) throw new Error('the job was not added');
      expect(messageText(outcome)).toContain(`(id \`${added.id}\`)`);
      const post = await h.slack.waitFor((c) => c.method === 'chat.postMessage' && c.seq > since);
      expect(messageText(post)).toContain(
        `<@${OPERATOR}> added the cron job \`0 4 * * 1 /usr/bin/php /home/xs123456/job.php\``,
      );
    });

    it('turns a job off and on, following the new id the provider answers each time', async () => {
      const job = jobs(h).find((j) => j.comment === 'weekly report');
      if (!job) throw new Error('no job');
      const off = await announced(h, `cron disable ${job.id}`);
      const afterOff = jobs(h).find((j) => j.comment === 'weekly report');
      expect(afterOff?.enabled).toBe(false);
      expect(messageText(off)).toContain(
        `turned the cron job \`${job.id}\` off, on ${SERVER}; its id is now \`${afterOff?.id}\`.`,
      );
      const sent = h.sim.control.requests({ method: 'PUT', path: /\/cron\// }).at(-1);
      expect(sent?.body).toEqual({ enabled: false });
      // The old id is gone: the provider's NOT_FOUND is said with where to find the current one.
      if (afterOff && afterOff.id !== job.id) {
        expect((await hosting(h, `cron enable ${job.id}`)).text).toContain(
          'take the current one from `/hosting cron`',
        );
      }
      const on = await announced(h, `cron enable ${afterOff?.id}`);
      expect(messageText(on)).toContain('turned the cron job');
      expect(jobs(h).find((j) => j.comment === 'weekly report')?.enabled).toBe(true);
    });

    it('deletes a job only once confirmed, the job as it is now in the confirmation', async () => {
      const job = jobs(h).find((j) => j.comment === 'weekly report');
      if (!job) throw new Error('no job');
      const n = hostingWrites(h);
      const ask = await hosting(h, `cron delete ${job.id}`);
      expect(ask.text).toContain(`Delete cron job ${job.id}?`);
      expect(ask.text).toContain(
        '`0 4 * * 1` runs `/usr/bin/php /home/xs123456/job.php` (weekly report) (running)',
      );
      expect(hostingWrites(h)).toBe(n);
      await clickAndAnswer(h, HOSTING_IDS.confirm, buttonValue(ask.call, HOSTING_IDS.confirm), OPERATOR);
      expect(jobs(h).some((j) => j.id === job.id)).toBe(false);
      expect(hostingWrites(h)).toBe(n + 1);
    });

    it('keeps a job’s credentials out of its confirmation and of the stored operation', async () => {
      const secret = 'Zq8-cronSecret-77';
      const id = h.sim.control.panelAddCronJob(SERVER, {
        minute: '30',
        hour: '2',
        day: '*',
        month: '*',
        weekday: '*',
        command: `mysqldump -p${secret} shop > /home/xs123456/backup.sql`,
      });
      const ask = await hosting(h, `cron delete ${id}`);
      // Masked as the audit keeps it (the asterisks reach Slack escaped, not as bold).
      expect(ask.text).toContain('mysqldump -p*');
      expect(ask.text).not.toContain(secret);
      expect(JSON.stringify(ask.call.args)).not.toContain(secret);
      expect(everyDatabaseRow(h)).not.toContain(secret);
      await clickAndAnswer(h, HOSTING_IDS.cancel, buttonValue(ask.call, HOSTING_IDS.cancel), OPERATOR);
    });
  });

  describe('PHP versions', () => {
    it('lists the versions on offer and each domain’s', async () => {
      const r = await hosting(h, 'php', VIEWER);
      expect(r.text).toContain(`PHP versions on ${SERVER}`);
      expect(r.text).toMatch(/On offer: `\d\.\d`/);
      expect(r.text).toContain(`*${SHOP}*: PHP`);
      expect((await hosting(h, `php ${SHOP}`, JA_OPERATOR)).text).toContain('選べるバージョン');
    });

    it('switches a domain to a version on offer; one not on offer is named before sending', async () => {
      const n = hostingWrites(h);
      expect((await hosting(h, `php set ${SHOP} 5.6`)).text).toContain(en['field.version.one_of']);
      expect(hostingWrites(h)).toBe(n);
      const post = await announced(h, `php set ${SHOP} 8.2`);
      expect(messageText(post)).toContain(`<@${OPERATOR}> switched \`${SHOP}\` to PHP 8.2 on ${SERVER}.`);
      expect(h.sim.control.hostingServer(SERVER).domains.find((d) => d.domain === SHOP)?.phpVersion).toBe(
        '8.2',
      );
    });
  });

  describe('SSL certificates', () => {
    it('lists the certificates with their expiry and the time left', async () => {
      const r = await hosting(h, 'ssl', VIEWER);
      expect(r.text).toContain(`SSL certificates on ${SERVER}`);
      expect(r.text).toMatch(
        new RegExp(`\\*${SHOP}\\*  free \\(Let’s Encrypt\\) · expires .+ \\(6[01] days\\)`),
      );
      expect(r.text).toContain(`*www.${SHOP}*  paid option`);
      expect((await hosting(h, 'ssl', JA_OPERATOR)).text).toContain('有効期限');
    });

    it('removes a free certificate only once confirmed, naming when it expires', async () => {
      const n = hostingWrites(h);
      const ask = await hosting(h, `ssl delete ${SHOP}`);
      expect(ask.text).toContain(`Remove the SSL certificate of ${SHOP}?`);
      expect(ask.text).toContain(
        `Removing the free (Let’s Encrypt) certificate of \`${SHOP}\` from ${SERVER} (it expires`,
      );
      expect(hostingWrites(h)).toBe(n);
      const done = await clickAndAnswer(
        h,
        HOSTING_IDS.confirm,
        buttonValue(ask.call, HOSTING_IDS.confirm),
        OPERATOR,
      );
      expect(done.text).toContain(`removed the SSL certificate of \`${SHOP}\` on ${SERVER}.`);
      expect(h.sim.control.requests({ method: 'DELETE', path: /\/ssl\// })).toHaveLength(1);
      expect((await hosting(h, 'ssl delete example-none.jp')).text).toContain(
        'There is no SSL certificate for `example-none.jp` on this server.',
      );
    });
    it('installs a free certificate again; a domain on other name servers gets what to do', async () => {
      const n = hostingWrites(h);
      const refused = await hosting(h, 'ssl add example-blog.net');
      expect(refused.text).toContain('The provider could not do it (OPERATION_ERROR).');
      expect(refused.text).toContain('set them to those `/hosting info` shows');
      expect(hostingWrites(h)).toBe(n + 1);
      const post = await announced(h, `ssl add ${SHOP}`);
      expect(messageText(post)).toContain(
        `<@${OPERATOR}> installed a free SSL certificate for \`${SHOP}\` on ${SERVER}.`,
      );
    });
  });

  it('the help lists the new commands, in both languages', async () => {
    expect((await hosting(h, 'help')).text).toContain(
      '`/hosting [server] dns add <domain> <host> <type> <value> [ttl] [priority]`',
    );
    expect((await hosting(h, 'help', JA_OPERATOR)).text).toContain('cron ジョブの一覧');
    expect(ja['usage.hosting.dns_add']).toContain('dns add');
  });
});

describe('/hosting dns delete with a second person', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      key: 'selected',
      rateLimit: NO_RATE_LIMIT,
      operators: [OPERATOR],
      approvers: [APPROVER],
      policy: ['approvals:', '  second_person: [hosting.dns_delete]'].join('\n'),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('posts the request with the record in the channel; the approver’s click deletes it', async () => {
    const cname = recordOf(h, 'shop-cdn', 'CNAME');
    const since = h.slack.lastSeq;
    const n = hostingWrites(h);
    const ask = await hosting(h, `dns delete ${cname.id}`);
    expect(ask.text).toContain(en['hosting.approval.sent'].replace('{channel}', CHANNEL));
    const post = await approvalPost(h, since);
    expect(messageText(post)).toContain(`\`shop-cdn.${SHOP} 3600 CNAME cdn.${SHOP}.example.net\``);
    expect(hostingWrites(h)).toBe(n);
    expect(
      (await clickAndAnswer(h, HOSTING_IDS.approve, buttonValue(post, HOSTING_IDS.approve), OPERATOR)).text,
    ).toContain(en['hosting.refused.self_approval']);
    await h.click(HOSTING_IDS.approve, buttonValue(post, HOSTING_IDS.approve), { user: APPROVER });
    await h.slack.waitFor(
      (c) => c.method === 'chat.update' && messageText(c).includes('deleted the DNS record'),
    );
    expect(records(h).some((r) => r.id === cname.id)).toBe(false);
    expect(hostingWrites(h)).toBe(n + 1);
  });
});
