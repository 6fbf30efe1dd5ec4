/**
 * An HTTP server around the express app with graceful shutdown: stop accepting, let in-flight
 * requests finish (up to the grace period), then close pools.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Services } from './compose';
import { createRequestListener, type AppOptions } from './http/app';
import { errorReason, StartError } from './start-error';

export interface RunningServer {
  server: Server;
  /** A URL this machine can reach the server at (a wildcard address becomes its loopback). */
  url: string;
  /** The address and port really bound, as the operating system reports them (`[::]:3000`, `127.0.0.1:8080`). */
  bound: string;
  /** Stops accepting, waits for in-flight requests, closes keep-alive sockets. Does not close services. */
  stop(): Promise<void>;
}

export async function startHttpServer(services: Services, options: AppOptions & { port?: number; host?: string } = {}): Promise<RunningServer> {
  const server = createServer(createRequestListener(services, options));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const port = options.port ?? services.config.port;
  const host = options.host ?? services.config.host;
  await new Promise<void>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) => reject(listenError(error, port, host));
    server.once('error', refused);
    server.listen(port, host, () => {
      server.off('error', refused);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  let stopping: Promise<void> | undefined;
  return {
    server,
    url: `http://${shownHost}:${address.port}`,
    bound: boundAddress(address),
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

/** `host:port` of a bound socket, IPv6 hosts in brackets, wildcards named for what they mean. */
export function boundAddress(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const wildcard = address.address === '::' || address.address === '0.0.0.0';
  return `${host}:${address.port}${wildcard ? ' (all interfaces)' : ''}`;
}

/** Why the server cannot listen, naming the variable to change: PORT, or HOST when the address is not this machine's. */
function listenError(error: NodeJS.ErrnoException, port: number, host: string | undefined): Error {
  const where = `${host ?? 'all interfaces'}, port ${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return new StartError('PORT', where, 'the port is already in use by another process', { cause: error });
    case 'EACCES':
      return new StartError('PORT', where, 'this process may not listen on the port (permission denied)', { cause: error });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartError('HOST', where, `not an address of this machine (${errorReason(error)})`, { cause: error });
    default:
      return error;
  }
}
