import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address rate limit counts a client under (docs/decisions/109): an IPv4 address as it is, an IPv6
 * address by its /64 network. One IPv6 network is one LAN, and a machine on it picks new addresses within it at
 * will (privacy extensions do it by design), so counting whole IPv6 addresses would give one client 2^64 limits.
 * An IPv4 address written as IPv6 (`::ffff:198.51.100.7`, a dual-stack socket's form) is the IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return `ip:${mapped[1]}`;
  const address = ip.split('%', 1)[0]!; // a link-local address may carry a zone (fe80::1%eth0)
  if (!isIPv6(address)) return `ip:${ip}`;
  return `ip:${hextets(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded, without leading zeros. */
function hextets(address: string): string[] {
  let text = address.toLowerCase();
  // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const zeros = tail === undefined ? [] : Array<string>(8 - groups(head).length - groups(tail).length).fill('0');
  return [...groups(head), ...zeros, ...groups(tail)].map((g) => parseInt(g, 16).toString(16));
}
