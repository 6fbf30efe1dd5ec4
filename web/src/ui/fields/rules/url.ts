/** Spec 000 §5: a URL field accepts http and https by default and adds https:// on blur when no protocol is typed. */
export const INVALID_URL_MESSAGE = 'Please enter a valid URL';
export const DEFAULT_URL_PROTOCOLS: readonly string[] = ['http', 'https'];

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** The message for an address that is not accepted, or null. An empty value is left to the required rule. */
export function urlError(value: string, protocols: readonly string[] = DEFAULT_URL_PROTOCOLS): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return INVALID_URL_MESSAGE;
  }
  if (!protocols.includes(url.protocol.slice(0, -1).toLowerCase())) return INVALID_URL_MESSAGE;
  // A web address names a host with a dot in it (example.org), or localhost; 'https://example' is a typo.
  const host = url.hostname;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const named = host === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(host);
    if (!named) return INVALID_URL_MESSAGE;
  }
  return null;
}

/** What the field holds after blur: https:// in front of an address typed without a protocol. */
export function withDefaultProtocol(value: string): string {
  const trimmed = value.trim();
  // 'localhost:3000' looks like a scheme but is a host and port.
  const hasScheme = HAS_SCHEME.test(trimmed) && !/^[^:/]+:\d/.test(trimmed);
  if (trimmed === '' || hasScheme) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}
