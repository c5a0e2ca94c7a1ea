/**
 * The provider's reference gives `ssl_status` only in the answers of POST
 * /domain and POST /subdomain, so the simulator's GET /domain does not say
 * it. A provider that does say it in the list's items is read (src/watch/README.md,
 * Hosting servers): this makes the simulator's GET /domain of one server
 * answer its domains as it holds them now, each with its `ssl_status`, until
 * called again or the faults are cleared.
 */
import type { SimulatorControl } from '../../src/simulator/index.ts';

export function listSaysSslStatus(control: SimulatorControl, server: string): void {
  control.clearFaults();
  const domains = control.hostingServer(server).domains.map((d) => ({
    domain: d.domain,
    type: d.type,
    ssl: d.sslStatus === 'active',
    memo: d.memo,
    is_awaiting: false,
    ssl_status: d.sslStatus,
  }));
  control.addFault({
    method: 'GET',
    path: `/v1/server/${server}/domain`,
    status: 200,
    rawBody: JSON.stringify({ domains }),
    times: Number.POSITIVE_INFINITY,
  });
}
