/** The client's network that rate limits count (adapters/http/client-network.ts; issue 11 §7). */
import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../adapters/http/client-network';

describe('clientNetwork', () => {
  it('counts an IPv4 client by its address', () => {
    expect(clientNetwork('203.0.113.5')).toBe('203.0.113.5');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetwork('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientNetwork('::ffff:cb00:7105')).toBe('203.0.113.5');
  });

  it('counts every address of an IPv6 /64 as one client, whatever its spelling', () => {
    const network = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', 'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1')]) {
      expect(clientNetwork(ip), ip).toBe(network);
    }
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('::/64');
  });

  it('keeps anything it cannot parse as given', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
