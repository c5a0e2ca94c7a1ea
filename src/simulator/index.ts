/**
 * The provider simulator: a strict, stateful, real-HTTP fake of the VPS and
 * hosting API as docs/provider-api.md describes it. Self-contained: imports no
 * other project module.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { handleControlRequest } from './control-http.ts';
import { hostingRoutes } from './hosting-routes.ts';
import { bearer, handleApiRequest } from './http-server.ts';
import type { Route } from './routing.ts';
import { Simulation } from './simulation.ts';
import type { Simulator, SimulatorOptions } from './types.ts';
import { vpsRoutes } from './vps-routes.ts';

export type * from './types.ts';

const ROUTES: readonly Route[] = [...vpsRoutes, ...hostingRoutes];

function internalError(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({
    error: { code: 'INTERNAL_ERROR', message: 'サーバー内部でエラーが発生しました。' },
  });
  res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(body);
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = new Simulation(options);
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const work = url.pathname.startsWith('/__sim/')
      ? handleControlRequest(sim, req, res, url)
      : handleApiRequest(sim.coreFor(bearer(req)), ROUTES, req, res, url);
    work.catch(() => internalError(res));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shownHost}:${addr.port}`,
    keys: { ...sim.first.core.presetKeys },
    control: sim.first.control,
    get accounts() {
      return sim.all().map((e) => sim.handle(e));
    },
    account: (name) => sim.handle(sim.get(name)),
    addAccount: (spec) => sim.handle(sim.addAccount(spec)),
    close: async () => {
      sim.clock.releaseAll();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
