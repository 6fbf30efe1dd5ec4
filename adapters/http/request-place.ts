/**
 * Where a request came from, when a proxy we trust says so (domain/auth/README.md "Security
 * timeline"). No geolocation database is shipped: the only source is the country header a CDN or
 * edge adds (Cloudflare `CF-IPCountry`, Vercel `X-Vercel-IP-Country`, CloudFront
 * `CloudFront-Viewer-Country`), believed only when TRUSTED_PROXIES is set and the request's own
 * peer is one of those proxies, as `X-Forwarded-For` is. Anyone can send the header otherwise.
 *
 * The country is recorded with every audit event of the request (`detail.country`). The use cases
 * write audit events with the client's IP and agent and know nothing of proxies, so the country
 * travels beside the request in an AsyncLocalStorage that the audit log reads, rather than through
 * every use case's signature.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { AuditLog } from '../../application/ports/audit-log';
import { isCountryCode } from '../../domain/auth/security-timeline';

export const COUNTRY_HEADERS = ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country'] as const;

interface RequestPlace {
  country: string;
}

const places = new AsyncLocalStorage<RequestPlace>();

type TrustFunction = (address: string, hop: number) => boolean;

/** The country the trusted proxy in front of this request named, or null. */
export function trustedCountryOf(req: Request): string | null {
  const trust = req.app.get('trust proxy fn') as TrustFunction | undefined;
  const peer = req.socket.remoteAddress;
  if (!trust || !peer || !trust(peer, 0)) return null;
  for (const header of COUNTRY_HEADERS) {
    const value = req.get(header)?.trim().toUpperCase();
    if (isCountryCode(value)) return value;
  }
  return null;
}

/** Runs the rest of the request with its trusted country, if any (mounted after the body parser). */
export function requestPlace(enabled: boolean) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const country = enabled ? trustedCountryOf(req) : null;
    if (country) places.run({ country }, next);
    else next();
  };
}

/** The audit log with the request's trusted country added to each event's detail. */
export function withRequestPlace(audit: AuditLog): AuditLog {
  return {
    ...audit,
    record(event) {
      const place = places.getStore();
      return audit.record(place ? { ...event, detail: { ...event.detail, country: place.country } } : event);
    },
  };
}
