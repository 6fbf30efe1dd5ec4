/** A minimal cookie-keeping HTTP client for API tests, like a browser would be (same-origin fetches). */
import { body } from './http';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // any: tests assert the shape field by field
  json: any;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string, readonly defaults: Record<string, string> = {}) {}

  async request(method: string, path: string, payload?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        'sec-fetch-site': 'same-origin',
        ...this.defaults,
        ...headers,
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, payload: unknown = {}, headers?: Record<string, string>) => this.request('POST', path, payload, headers);
  put = (path: string, payload: unknown = {}, headers?: Record<string, string>) => this.request('PUT', path, payload, headers);
}

export { body };
