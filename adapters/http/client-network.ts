/**
 * The client's network: what every per-client rate limit counts (domain/auth/README.md "Rate
 * limits"). An IPv4 address is one client (a home, an office, a school behind NAT); an IPv6 client
 * is given a whole /64 by its provider and can pick any of its 2^64 addresses per request, so
 * counting the full address would let one client spend a fresh allowance on every request. The
 * /64 is the smallest prefix one subscriber is ever given (RFC 6177), so it is counted as one.
 * IPv4-mapped IPv6 addresses (`::ffff:203.0.113.5`, what a dual-stack socket reports for an IPv4
 * peer) are their IPv4 address, so one client is never two keys.
 */
import ipaddr from 'ipaddr.js';

/** `203.0.113.5` for IPv4 (mapped or not), `2001:db8:1:2::/64` for IPv6; anything unparseable as given. */
export function clientNetwork(ip: string): string {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns an IPv4-mapped IPv6 address into its IPv4 address.
    address = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = (address as ipaddr.IPv6).toByteArray().slice(0, 8).concat(new Array<number>(8).fill(0));
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}
