/**
 * What happens to a VPS outside the API: what its owner does in the
 * provider's control panel (a memo, the reverse hostname, a plan change) and
 * what the provider does to it (a new IP address). None of it is a request
 * with a key, so none of it reaches the request journal or a key's
 * `/v1/logs`; the API answers it from then on. The panel's rename, contract
 * suspension and cancellation are `renameServer`, `setContractStatus` and
 * `removeServer` (control.ts). The panel's own rules are the API's (a memo of
 * up to 500 characters, a host name of up to 253); errors are plain English:
 * they go to whoever drives the simulator.
 */
import type { SimCore } from './core.ts';
import type { SimulatorControl } from './types.ts';
import { checkHostname, checkMemo } from './validation.ts';
import { standardHostname } from './world.ts';

export type VpsPanelControls = Pick<
  SimulatorControl,
  'panelSetMemo' | 'panelSetReverseHostname' | 'panelSetIpAddress' | 'panelSetPlan'
>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function refuse(errors: string[]): void {
  if (errors.length > 0) throw new Error(errors.join(' '));
}

export function vpsPanelControls(core: SimCore): VpsPanelControls {
  const w = core.world;
  return {
    panelSetMemo: (uuid, memo) => {
      const s = w.getVps(uuid);
      const errors: string[] = [];
      checkMemo(memo ?? '', errors);
      refuse(errors);
      s.memo = memo === null || memo === '' ? null : memo;
    },
    panelSetReverseHostname: (uuid, hostname) => {
      const s = w.getVps(uuid);
      if (hostname === null) {
        // Back to the default: the standard hostname (as the API does when given it).
        s.reverseHostname = s.hostname;
        return;
      }
      const errors: string[] = [];
      checkHostname(hostname, errors);
      refuse(errors);
      s.reverseHostname = hostname;
    },
    panelSetIpAddress: (uuid, ip) => {
      const s = w.getVps(uuid);
      if (ip !== null && !IPV4.test(ip)) throw new Error(`not an IPv4 address: ${ip}`);
      if (ip !== null && [...w.vps.values()].some((o) => o.uuid !== uuid && o.ipAddress === ip))
        throw new Error(`${ip} belongs to another server`);
      const oldStandard = s.hostname;
      s.ipAddress = ip;
      // The standard hostname is made from the address; a reverse hostname left at it moves with it.
      s.hostname = ip === null ? null : standardHostname(ip);
      if (s.reverseHostname === oldStandard) s.reverseHostname = s.hostname;
    },
    panelSetPlan: (uuid, planId) => {
      const s = w.getVps(uuid);
      const p = w.getPlan(planId);
      s.planName = p.planName;
      s.vcpu = p.vcpu;
      s.memoryGb = p.memoryMb / 1024;
      s.diskGb = p.diskGb;
    },
  };
}
