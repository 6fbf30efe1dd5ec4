/**
 * An HTTP server around the express app with graceful shutdown: stop accepting, let in-flight
 * requests finish (up to the grace period), then close pools.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Services } from './compose';
import { createApp, type AppOptions } from './http/app';

export interface RunningServer {
  server: Server;
  url: string;
  /** Stops accepting, waits for in-flight requests, closes keep-alive sockets. Does not close services. */
  stop(): Promise<void>;
}

export async function startHttpServer(services: Services, options: AppOptions & { port?: number; host?: string } = {}): Promise<RunningServer> {
  const app = createApp(services, options);
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? services.config.port, options.host ?? services.config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  let stopping: Promise<void> | undefined;
  return {
    server,
    url: `http://${host}:${address.port}`,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.closeAllConnections();
        }, services.config.shutdownGraceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return stopping;
    },
  };
}
