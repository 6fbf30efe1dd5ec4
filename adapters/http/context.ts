import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { authenticate, type Authenticated } from '../../application/auth/sessions';
import type { Services } from '../compose';
import { accessTokenOf } from './auth-transport';
import { clientNetwork } from './client-network';
import { expressExchange } from './exchange';
import type { RequestContext } from './operation';

export type RequestContextFactory = (req: Request, res: Response) => RequestContext;

export const requestIdOf = (req: Request): string => (req as Request & { id?: string }).id ?? randomUUID();

export function contextFactory(services: Services): RequestContextFactory {
  const secure = services.config.appUrl.startsWith('https:');
  return (req, res) => {
    const http = expressExchange(req, res, secure);
    let auth: Promise<Authenticated | null> | undefined;
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const client = { ip, network: clientNetwork(ip), userAgent: req.get('user-agent') ?? null };
    return {
      requestId: requestIdOf(req),
      ip: client.ip,
      userAgent: client.userAgent ?? undefined,
      client,
      deps: services.modules,
      http,
      // The session is checked on the server on every request that asks for it, once per request.
      auth: () => (auth ??= authenticate(services.auth.deps, accessTokenOf(http))),
      actor: async () => (await (auth ??= authenticate(services.auth.deps, accessTokenOf(http))))?.actor ?? null,
    };
  };
}
