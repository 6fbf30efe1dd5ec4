import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Services } from '../compose';
import { expressExchange } from './exchange';
import type { RequestContext } from './operation';

export type RequestContextFactory = (req: Request, res: Response) => RequestContext;

export const requestIdOf = (req: Request): string => (req as Request & { id?: string }).id ?? randomUUID();

export function contextFactory(services: Services): RequestContextFactory {
  const secure = services.config.appUrl.startsWith('https:');
  return (req, res) => ({
    requestId: requestIdOf(req),
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    userAgent: req.get('user-agent') ?? undefined,
    services,
    http: expressExchange(req, res, secure),
  });
}
