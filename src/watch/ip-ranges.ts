/**
 * The other clients the team knows (KEY_EXPECTED_IPS): addresses and CIDR
 * ranges, IPv4 and IPv6, as src/config.ts validated them. Which one an
 * address of the key's log falls in.
 */
import { BlockList, isIP } from 'node:net';

/** One address or range as configured: `text` as written, the network and its prefix length. */
export interface IpRange {
  text: string;
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** An address as the log may write it: an IPv4 address mapped into IPv6 (`::ffff:…`) is the IPv4 one. */
export function plainIp(ip: string): string {
  const t = ip.trim();
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(t);
  return m ? m[1]! : t;
}

export class ExpectedClients {
  private readonly lists: { range: IpRange; list: BlockList }[];

  constructor(ranges: readonly IpRange[]) {
    this.lists = ranges.map((range) => {
      const list = new BlockList();
      list.addSubnet(range.address, range.prefix, range.family);
      return { range, list };
    });
  }

  /** The configured range `ip` falls in (as written), or undefined. */
  rangeOf(ip: string): string | undefined {
    const a = plainIp(ip);
    const v = isIP(a);
    if (v === 0) return undefined;
    const family = v === 4 ? 'ipv4' : 'ipv6';
    return this.lists.find((l) => l.range.family === family && l.list.check(a, family))?.range.text;
  }

  get size(): number {
    return this.lists.length;
  }
}
