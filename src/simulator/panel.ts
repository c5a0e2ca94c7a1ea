/**
 * What happens to a hosting server outside the API: a hosting contract added
 * to the account, and what its owner does in the provider's control panel
 * (a domain added or removed, SSH turned on or off, an SSH key registered or
 * deleted). None of it is a request with a key, so none of it reaches the
 * request journal or a key's `/v1/logs`; the API answers it from then on, as
 * the spec's endpoints say. A domain's SSL moves with its name servers
 * (`setExternalNameServers`, control.ts). Errors are plain English: they go
 * to whoever drives the simulator.
 */
import type { SimCore } from './core.ts';
import { verificationRecordName } from './dns.ts';
import { generateSshKeyPair, normaliseDomain } from './hosting-routes.ts';
import { addDomain, documentRoot, newHostingServer } from './seed.ts';
import type { HostingServerSnapshot, SimulatorControl } from './types.ts';
import { isOpenSshPublicKey } from './validation.ts';
import type { HostingServerState } from './world.ts';

export type PanelControls = Pick<
  SimulatorControl,
  | 'addHostingServer'
  | 'panelAddDomain'
  | 'panelRemoveDomain'
  | 'panelSetSsh'
  | 'panelAddSshKey'
  | 'panelRemoveSshKey'
>;

function domainOf(value: string): string {
  const errors: string[] = [];
  const d = normaliseDomain(value, 'domain', errors);
  if (!d) throw new Error(`not a domain name: ${value}`);
  return d;
}

export function panelControls(core: SimCore, snapshot: (s: string) => HostingServerSnapshot): PanelControls {
  const w = core.world;
  const hosting = (servername: string): HostingServerState => {
    const h = w.hosting.get(servername);
    if (!h) throw new Error(`unknown hosting server ${servername}`);
    return h;
  };
  const held = (domain: string) => [...w.hosting.values()].some((h) => h.domains.has(domain));
  return {
    addHostingServer: (servername, opts = {}) => {
      const name = domainOf(servername);
      if (w.hosting.has(name)) throw new Error(`hosting server ${name} exists already`);
      const n = w.hosting.size;
      const h = newHostingServer(name, opts.variant ?? 'standard', `183.90.${242 + (n % 10)}.${10 + n}`);
      for (const d of [name, ...(opts.domains ?? [])]) {
        const ascii = domainOf(d);
        if (held(ascii)) throw new Error(`domain ${ascii} is held already`);
        addDomain(h, ascii, w.dns.usesExternalNameServers(ascii) ? 'failed_nameserver' : 'active');
        h.errorLogs.set(ascii, []);
        // Verified when it was added, as the seeded ones are.
        w.dns.setTxt(verificationRecordName(ascii), h.domainValidationToken, 0, 0);
      }
      w.hosting.set(name, h);
      return snapshot(name);
    },
    panelAddDomain: (servername, domain, opts = {}) => {
      const h = hosting(servername);
      const d = domainOf(domain);
      if (held(d)) throw new Error(`domain ${d} is held already`);
      const ssl = opts.ssl ?? true;
      h.domains.set(d, {
        domain: d,
        sslStatus: !ssl ? 'none' : w.dns.usesExternalNameServers(d) ? 'failed_nameserver' : 'active',
        redirectHttps: false,
        documentRoot: documentRoot(h.servername, d),
      });
      h.errorLogs.set(d, []);
      return { ...h.domains.get(d)! };
    },
    panelRemoveDomain: (servername, domain) => {
      const h = hosting(servername);
      const d = domainOf(domain);
      if (!h.domains.has(d)) throw new Error(`${servername} holds no domain ${d}`);
      if (d === h.servername) throw new Error('the server’s initial domain cannot be removed');
      // Its subdomains and logs go with it.
      h.domains.delete(d);
      h.errorLogs.delete(d);
      for (const [s, sub] of h.subdomains) {
        if (sub.parent !== d) continue;
        h.subdomains.delete(s);
        h.errorLogs.delete(s);
      }
    },
    panelSetSsh: (servername, enabled) => {
      hosting(servername).sshEnabled = enabled;
    },
    panelAddSshKey: (servername, label, publicKey) => {
      const h = hosting(servername);
      if (label.length === 0 || [...label].length > 50) throw new Error('a key label is 1 to 50 characters');
      const key = publicKey?.trim() ?? generateSshKeyPair().publicKey;
      if (!isOpenSshPublicKey(key)) throw new Error('not an OpenSSH public key');
      if ([...h.sshKeys.values()].some((k) => k.publicKey === key))
        throw new Error('that public key is registered already');
      const keyId = w.allocHostingId();
      h.sshKeys.set(keyId, { keyId, publicKey: key, label, createdAt: core.now() });
      return keyId;
    },
    panelRemoveSshKey: (servername, keyId) => {
      const h = hosting(servername);
      if (!h.sshKeys.delete(keyId)) throw new Error(`${servername} holds no SSH key ${keyId}`);
    },
  };
}
