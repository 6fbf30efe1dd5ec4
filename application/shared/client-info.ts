/**
 * What every module's use cases may be told about the caller besides the actor: where the request
 * came from, as the transport saw it (audit trail, sessions, rate limits). Shared by all modules, so
 * it lives outside any one of them.
 */
/** Who is calling, as the transport saw it. */
export interface ClientInfo {
  /** The address the request came from (audit trail, sessions). */
  ip: string;
  /**
   * The client's network, which rate limits count: the IPv4 address (an IPv4-mapped IPv6 address
   * is its IPv4 address), or the /64 of an IPv6 address, which one subscriber holds whole.
   */
  network: string;
  userAgent: string | null;
}
