import ipaddr from 'ipaddr.js';

/**
 * The unit a client's address is counted in by limits: an IPv4 address itself (also when written
 * as IPv4-mapped IPv6); an IPv6 address by its /64 network, since one host or household is given a
 * whole /64 and could otherwise take a fresh address for every attempt. Anything unreadable is
 * counted as written.
 */
export function addressGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${network.join(':')}::/64`;
}
