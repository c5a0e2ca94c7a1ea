/**
 * A hosting domain's ownership as the provider checks it on POST /domain and
 * POST /mail (docs/provider-api.md, Domain ownership): the TXT record
 * `_xserver-verify.<domain>` (Punycode) with the value `xserver-verify=<token>`.
 * How long the provider takes to see a record is the simulator's own test
 * (test/simulator/hosting-state.test.ts); tests of other things prove a
 * domain at once with `proveOwnership`.
 */
import { domainToASCII } from 'node:url';
import type { SimulatorControl } from '../../src/simulator/index.ts';

/** The record that proves `domain` for `server`: its name and whole value. */
export function ownershipRecord(
  control: SimulatorControl,
  server: string,
  domain: string,
): { name: string; value: string } {
  return {
    name: `_xserver-verify.${domainToASCII(domain)}`,
    value: `xserver-verify=${control.hostingServer(server).domainValidationToken}`,
  };
}

/** Sets the record in public DNS and lets the provider see it as soon as it resolves. */
export function proveOwnership(
  control: SimulatorControl,
  server: string,
  domain: string,
  options: { propagationMs?: number } = {},
): { name: string; value: string } {
  const r = ownershipRecord(control, server, domain);
  control.setVerificationDelay(0);
  control.setTxtRecord(r.name, r.value, { propagationMs: options.propagationMs ?? 0 });
  return r;
}
