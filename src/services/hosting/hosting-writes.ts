/**
 * /hosting's changes that are made at once (adding a domain, a subdomain, a
 * WordPress site, a database and its user, a grant, an SSH key; SSH on), each
 * one request never repeated and audited either way, and the checks a form
 * runs before anything is sent.
 */
import {
  createdName,
  domainsOf,
  type HostingClient,
  privateKeyIn,
  toAsciiDomain,
  type WordpressItem,
  WRITE,
  wordpressOf,
} from '../../provider/index.ts';
import type { Actor, HostingAction } from '../access/index.ts';
import type { FieldProblem } from '../field-problem.ts';
import type { HostingCalls, WriteResult } from './hosting-calls.ts';
import { ownershipRefusal } from './ownership-refusal.ts';
import {
  checkDatabaseForm,
  checkDatabaseUserForm,
  checkFqdn,
  checkGrant,
  checkId,
  checkLabel,
  checkSshKeyForm,
  checkWordpressForm,
  type DatabaseForm,
  type DatabaseUserForm,
  type HostingField,
  type HostingRule,
  type SshKeyForm,
  type WordpressForm,
} from './rules.ts';

export class HostingWrites {
  constructor(private readonly calls: HostingCalls) {}

  async addDomain(
    actor: Actor,
    named: string | undefined,
    input: { domain: string; ssl: boolean; redirectHttps: boolean },
  ): Promise<WriteResult> {
    const action = 'hosting.domain_add';
    const params = { domain: input.domain, ssl: input.ssl, redirectHttps: input.redirectHttps };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkFqdn(input.domain), params);
    const domain = input.domain.trim();
    // A refusal is worded from the provider's own error: most often, ownership not proven yet.
    const answer = await this.calls.write(
      actor,
      action,
      server,
      params,
      () => api.addDomain({ domain, ssl: input.ssl, redirect_https: input.redirectHttps }, WRITE),
      (err) => ownershipRefusal(api, domain, err),
    );
    return { server, action, subject: domain, sslAdvice: await this.calls.sslAdvice(api, answer, domain) };
  }

  /** The server's domain a subdomain lies under (one read), else the subdomain itself. */
  private async parentOf(api: HostingClient, subdomain: string): Promise<string> {
    const name = toAsciiDomain(subdomain);
    const list = await api.listDomains(WRITE).catch(() => undefined);
    const parents = (list ? domainsOf(list) : [])
      .map((d) => (d.domain === undefined ? '' : toAsciiDomain(d.domain)))
      .filter((d) => d !== '' && name.endsWith(`.${d}`))
      .sort((a, b) => b.length - a.length);
    return parents[0] ?? subdomain;
  }

  async addSubdomain(
    actor: Actor,
    named: string | undefined,
    input: { subdomain: string; ssl: boolean },
  ): Promise<WriteResult> {
    const action = 'hosting.subdomain_add';
    const params = { subdomain: input.subdomain, ssl: input.ssl };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkFqdn(input.subdomain, 'subdomain'), params);
    const subdomain = input.subdomain.trim();
    const answer = await this.calls.write(actor, action, server, params, () =>
      api.addSubdomain({ subdomain, ssl: input.ssl }, WRITE),
    );
    // The name servers are the parent domain's to change: the answer may name it; the reference's
    // answer does not, so it is the longest of the server's domains the subdomain ends with.
    const parent =
      typeof answer.domain === 'string' && answer.domain !== ''
        ? answer.domain
        : answer.ssl_status === 'failed_nameserver'
          ? await this.parentOf(api, subdomain)
          : subdomain;
    return { server, action, subject: subdomain, sslAdvice: await this.calls.sslAdvice(api, answer, parent) };
  }

  /** Checks a form's values (as typed) without calling anything, for the modal's inline errors. */
  checkForm(
    kind: 'wp_install' | 'db_create' | 'db_user_create' | 'ssh_key_add',
    values: Readonly<Record<string, string>>,
  ): FieldProblem<HostingField, HostingRule>[] {
    const v = (k: string): string => values[k] ?? '';
    switch (kind) {
      case 'wp_install':
        return checkWordpressForm({
          url: v('url'),
          title: v('title'),
          admin_username: v('admin_username'),
          admin_password: v('admin_password'),
          admin_email: v('admin_email'),
        });
      case 'db_create':
        return checkDatabaseForm({ name_suffix: v('name_suffix'), character_set: v('character_set') });
      case 'db_user_create':
        return checkDatabaseUserForm({ name_suffix: v('name_suffix'), password: v('password') });
      case 'ssh_key_add':
        return checkSshKeyForm({ public_key: v('public_key'), label: v('label') });
    }
  }

  /** Whether this person may open a form for this write here (so a form is not filled in vain). */
  async mayWrite(actor: Actor, action: HostingAction, named: string | undefined): Promise<string> {
    return (await this.calls.begin(actor, action, named, { form: true })).server;
  }

  /**
   * One WordPress site, for the delete form to name what it deletes (the form
   * is a write attempt). The site's id is not a published field of the list:
   * a site the list does not show by it is no refusal, the form says so and the
   * provider decides when the delete is sent.
   */
  async wordpressSite(
    actor: Actor,
    named: string | undefined,
    id: string,
  ): Promise<WordpressItem & { id: string; listed: boolean }> {
    const action = 'hosting.wp_delete';
    const { server, api } = await this.calls.begin(actor, action, named, { id, form: true });
    await this.calls.refuseInvalid(actor, action, server, checkId('wp_id', id), { id });
    const sites = await this.calls.read(() => api.listWordpress({}, WRITE), {
      actor,
      action,
      server,
      params: { id },
    });
    const site = wordpressOf(sites).find((s) => s.id === id.trim());
    const none = { url: undefined, title: undefined, domain: undefined, version: undefined };
    return { ...(site ?? none), id: id.trim(), listed: site !== undefined };
  }

  async installWordpress(actor: Actor, named: string | undefined, form: WordpressForm): Promise<WriteResult> {
    const action = 'hosting.wp_install';
    const params = {
      url: form.url.trim(),
      title: form.title.trim(),
      admin_username: form.admin_username.trim(),
    };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkWordpressForm(form), params);
    // Accepted: from here until it is sent, no log line may carry it.
    this.calls.deps.secrets.add(form.admin_password);
    try {
      const answer = await this.calls.write(actor, action, server, params, () =>
        api.installWordpress(
          {
            url: form.url.trim(),
            title: form.title.trim(),
            admin_username: form.admin_username.trim(),
            admin_password: form.admin_password,
            admin_email: form.admin_email.trim(),
          },
          WRITE,
        ),
      );
      return { server, action, subject: form.url.trim(), created: createdName(answer, 'wp_id') };
    } finally {
      this.calls.deps.secrets.delete(form.admin_password);
    }
  }

  async createDatabase(actor: Actor, named: string | undefined, form: DatabaseForm): Promise<WriteResult> {
    const action = 'hosting.db_create';
    const params = { name_suffix: form.name_suffix.trim(), character_set: form.character_set.trim() };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkDatabaseForm(form), params);
    const answer = await this.calls.write(actor, action, server, params, () =>
      api.createDatabase(
        {
          name_suffix: params.name_suffix,
          ...(params.character_set === '' ? {} : { character_set: params.character_set }),
        },
        WRITE,
      ),
    );
    return { server, action, subject: params.name_suffix, created: createdName(answer, 'db_name') };
  }

  async createDatabaseUser(
    actor: Actor,
    named: string | undefined,
    form: DatabaseUserForm,
  ): Promise<WriteResult> {
    const action = 'hosting.db_user_create';
    const params = { name_suffix: form.name_suffix.trim() };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkDatabaseUserForm(form), params);
    this.calls.deps.secrets.add(form.password);
    try {
      const answer = await this.calls.write(actor, action, server, params, () =>
        api.createDatabaseUser({ name_suffix: params.name_suffix, password: form.password }, WRITE),
      );
      return { server, action, subject: params.name_suffix, created: createdName(answer, 'db_user') };
    } finally {
      this.calls.deps.secrets.delete(form.password);
    }
  }

  async grantDatabase(
    actor: Actor,
    named: string | undefined,
    dbUser: string,
    dbName: string,
  ): Promise<WriteResult> {
    const action = 'hosting.db_grant';
    const params = { db_user: dbUser.trim(), db_name: dbName.trim() };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkGrant(dbUser, dbName), params);
    await this.calls.write(actor, action, server, params, () =>
      api.grantDatabase(params.db_user, params.db_name, WRITE),
    );
    return { server, action, subject: `${params.db_user} → ${params.db_name}` };
  }

  async sshOn(actor: Actor, named: string | undefined): Promise<WriteResult> {
    const action = 'hosting.ssh_on';
    const { server, api } = await this.calls.begin(actor, action, named);
    await this.calls.write(actor, action, server, { ssh_enabled: true }, () => api.setSsh(true, WRITE));
    return { server, action, subject: server };
  }

  async addSshKey(actor: Actor, named: string | undefined, form: SshKeyForm): Promise<WriteResult> {
    const action = 'hosting.ssh_key_add';
    const params = { label: form.label.trim() };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    await this.calls.refuseInvalid(actor, action, server, checkSshKeyForm(form), params);
    const answer = await this.calls.write(actor, action, server, params, () =>
      api.addSshKey({ public_key: form.public_key.trim(), label: params.label }, WRITE),
    );
    return { server, action, subject: params.label, created: createdName(answer, 'key_id') };
  }

  /**
   * A key pair made by the provider. The private key comes back this once: it
   * is registered with the log scrubber at once and returned for the
   * requester's eyes alone; it is never audited or logged, and stored only
   * sealed, when it cannot be shown at once (HostingPrivateKeys).
   */
  async generateSshKey(
    actor: Actor,
    named: string | undefined,
    label: string | undefined,
  ): Promise<WriteResult & { privateKey: string | undefined; publicKey: string | undefined }> {
    const action = 'hosting.ssh_key_generate';
    const params = label === undefined ? {} : { label: label.trim() };
    const { server, api } = await this.calls.begin(actor, action, named, params);
    if (label !== undefined) await this.calls.refuseInvalid(actor, action, server, checkLabel(label), params);
    const answer = await this.calls.write(actor, action, server, params, () =>
      api.addSshKey({ generate: true, ...(label === undefined ? {} : { label: label.trim() }) }, WRITE),
    );
    const privateKey = privateKeyIn(answer);
    this.calls.deps.secrets.add(privateKey);
    return {
      server,
      action,
      subject: label?.trim() ?? '',
      created: createdName(answer, 'key_id'),
      privateKey,
      publicKey: typeof answer.public_key === 'string' ? answer.public_key : undefined,
    };
  }

  /** Forgets a generated private key once it has been shown. */
  forgetSecret(value: string | undefined): void {
    this.calls.deps.secrets.delete(value);
  }
}
