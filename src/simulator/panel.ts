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
import { normaliseDomain } from './hosting-common.ts';
import {
  addHostingDomain,
  newHostingServer,
  removeHostingDomain,
  sslOutcome,
  verificationRecordName,
  verificationValue,
} from './hosting-model.ts';
import type { HostingServerState } from './hosting-state.ts';
import { generateSshKeyPair } from './ssh-routes.ts';
import type { HostingServerSnapshot, SimulatorControl } from './types.ts';
import { isOpenSshPublicKey } from './validation.ts';

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
      if (h.variant === 'business') {
        h.dbVersions = ['mysql8.0.x'];
        h.dbVersionName = 'MySQL8.0';
      }
      for (const [i, d] of [name, ...(opts.domains ?? [])].entries()) {
        const ascii = domainOf(d);
        if (held(ascii)) throw new Error(`domain ${ascii} is held already`);
        addHostingDomain(w, h, ascii, {
          type: i === 0 ? 'initial' : 'addon',
          ssl: sslOutcome(w, ascii),
          now: core.now(),
        });
        // Verified when it was added, as the seeded ones are.
        w.dns.setTxt(verificationRecordName(ascii), verificationValue(h.domainValidationToken), 0, 0);
      }
      w.hosting.set(name, h);
      return snapshot(name);
    },
    panelAddDomain: (servername, domain, opts = {}) => {
      const h = hosting(servername);
      const d = domainOf(domain);
      if (held(d)) throw new Error(`domain ${d} is held already`);
      const ssl = opts.ssl ?? true;
      const added = addHostingDomain(w, h, d, {
        ssl: ssl ? sslOutcome(w, d) : 'none',
        redirectHttps: false,
        now: core.now(),
      });
      return snapshot(servername).domains.find((x) => x.domain === added.domain)!;
    },
    panelRemoveDomain: (servername, domain) => {
      const h = hosting(servername);
      const d = domainOf(domain);
      if (!h.domains.has(d)) throw new Error(`${servername} holds no domain ${d}`);
      if (d === h.servername) throw new Error('the server’s initial domain cannot be removed');
      // Its subdomains, logs, mail and FTP accounts, records and certificates go with it; its files stay.
      removeHostingDomain(h, d, false);
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
