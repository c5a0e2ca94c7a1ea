/**
 * Public DNS as the provider sees it from outside: TXT records (for domain
 * ownership verification, `_xserver-verify.{domain}` =
 * `xserver-verify=<domain_validation_token>`) that become visible only after
 * a propagation delay on the simulated clock, which domains are delegated to
 * name servers other than the service's (SSL then ends in
 * `failed_nameserver`), and which fail free SSL for another reason. One DNS
 * for the account's whole world, not per hosting server; the zones the
 * provider serves itself (the DNS API's records) are read beside it
 * (hosting-model.ts, ownershipSeen).
 */
import { domainToASCII } from 'node:url';

export interface TxtRecordState {
  /** Punycode, lower case, no trailing dot. */
  name: string;
  value: string;
  /** Simulated epoch ms from which a resolver sees the record. */
  visibleAt: number;
}

/** Lower-case Punycode form of a DNS name (labels may start with `_`); throws on a malformed one. */
export function dnsName(raw: string): string {
  const trimmed = raw.trim().toLowerCase().replace(/\.$/, '');
  const labels = trimmed.split('.');
  const ok = (l: string) => /^_?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l);
  const ascii = labels
    .map((l) => {
      if (l.startsWith('_')) return l;
      const a = domainToASCII(`${l}.invalid`);
      return a ? a.slice(0, -'.invalid'.length) : '';
    })
    .join('.');
  if (trimmed === '' || ascii.length > 253 || labels.length < 2 || !ascii.split('.').every(ok)) {
    throw new Error(`not a DNS name: ${JSON.stringify(raw)}`);
  }
  return ascii;
}

/**
 * How long after a TXT record can first be seen the provider's ownership
 * check sees it: the reference's evidence is 30 to 90 seconds.
 */
export const VERIFICATION_DELAY_MS = 60_000;

export class DnsState {
  /** Delay given to records set without their own (simulated ms). */
  propagationMs = 0;
  /** See VERIFICATION_DELAY_MS; a control may change it. */
  verificationDelayMs = VERIFICATION_DELAY_MS;
  /** Names whose free SSL fails for a reason other than their name servers (ssl_status `failed`). */
  private readonly sslFailing = new Set<string>();
  private txt: TxtRecordState[] = [];
  /**
   * Domain -> true when it uses other name servers than the service's, false
   * when it uses the service's. Absent: a name containing "external" is
   * taken as delegated elsewhere (the simulator's older rule, kept).
   */
  private readonly externalNs = new Map<string, boolean>();

  /**
   * Adds the record (a name may carry several values, as in DNS); setting
   * the same name and value again replaces it, with a new propagation delay.
   */
  setTxt(name: string, value: string, nowMs: number, propagationMs = this.propagationMs): TxtRecordState {
    const n = dnsName(name);
    if (typeof value !== 'string' || value.length === 0 || value.length > 4096) {
      throw new Error('TXT value must be a non-empty string of at most 4096 characters');
    }
    if (!(propagationMs >= 0) || !Number.isFinite(propagationMs)) {
      throw new Error('propagationMs must be a finite number >= 0');
    }
    this.txt = this.txt.filter((r) => !(r.name === n && r.value === value));
    const rec = { name: n, value, visibleAt: nowMs + propagationMs };
    this.txt.push(rec);
    return { ...rec };
  }

  /** Removes one value of the name, or every value when `value` is left out; throws when none matched. */
  removeTxt(name: string, value?: string): number {
    const n = dnsName(name);
    const before = this.txt.length;
    this.txt = this.txt.filter((r) => !(r.name === n && (value === undefined || r.value === value)));
    const removed = before - this.txt.length;
    if (removed === 0) {
      throw new Error(
        `no TXT record ${n}${value === undefined ? '' : ` with value ${JSON.stringify(value)}`}`,
      );
    }
    return removed;
  }

  listTxt(): TxtRecordState[] {
    return this.txt.map((r) => ({ ...r }));
  }

  /** What a resolver answers for the name at `nowMs`. */
  resolveTxt(name: string, nowMs: number): string[] {
    return this.txt.filter((r) => r.name === name && r.visibleAt <= nowMs).map((r) => r.value);
  }

  setExternalNameServers(domain: string, external: boolean): string {
    const d = dnsName(domain);
    this.externalNs.set(d, external);
    return d;
  }

  usesExternalNameServers(domain: string): boolean {
    return this.externalNs.get(domain) ?? domain.includes('external');
  }

  setSslFailure(domain: string, failing: boolean): string {
    const d = dnsName(domain);
    if (failing) this.sslFailing.add(d);
    else this.sslFailing.delete(d);
    return d;
  }

  sslFails(domain: string): boolean {
    for (const d of this.sslFailing) if (domain === d || domain.endsWith(`.${d}`)) return true;
    return false;
  }

  /** Domains set explicitly through the control. */
  nameServerSettings(): Record<string, 'external' | 'service'> {
    return Object.fromEntries([...this.externalNs].map(([d, e]) => [d, e ? 'external' : 'service']));
  }
}
