/**
 * The provider simulator: a strict, stateful, real-HTTP fake of the VPS and
 * hosting API as docs/provider-api.md describes it. Self-contained: imports no
 * other project module.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createControl } from './control.ts';
import { handleControlRequest } from './control-http.ts';
import { SimCore } from './core.ts';
import { hostingRoutes } from './hosting-routes.ts';
import { handleApiRequest } from './http-server.ts';
import type { Route } from './routing.ts';
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
  const core = new SimCore(options);
  const control = createControl(core);
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const work = url.pathname.startsWith('/__sim/')
      ? handleControlRequest(core, control, req, res, url)
      : handleApiRequest(core, ROUTES, req, res, url);
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
    keys: { ...core.presetKeys },
    control,
    close: async () => {
      core.clock.releaseAll();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
