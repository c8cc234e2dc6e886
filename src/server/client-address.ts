// The client address as throttling counts it (docs/decisions.md "Throttling"): an IPv4 address as is, an
// IPv6 address by its /64 network (one host holds a whole /64), and no address at all as one shared
// address, never as an exemption. An IPv6 client is also counted by its /48 (`throttleNetwork`): whoever
// holds a /48 holds 65,536 /64s.
import { isIPv4, isIPv6 } from 'node:net';

/** What every request without a usable address counts as: one shared bucket. */
const NO_ADDRESS = 'none';

/** The eight 16-bit groups of a valid IPv6 address (embedded IPv4 tail included), as numbers. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: rest === undefined ? 0 : missing }, () => '0'), ...right].map((group) => parseInt(group, 16));
}

/** The normalised address of a client, from what the platform reports (Astro's `clientAddress`). */
export function throttleAddress(reported: string | null | undefined): string {
  const address = (reported ?? '')
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return NO_ADDRESS;
  const groups = ipv6Groups(address);
  // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The /48 network of an IPv6 client, from the /64 `throttleAddress` answered (`2001:db8:1:2::/64` →
 * `2001:db8:1::/48`); null for an IPv4 client and for no address, which have no wider network counted.
 */
export function throttleNetwork(address: string): string | null {
  const match = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(address);
  return match ? `${match[1]}::/48` : null;
}

/** Astro's `clientAddress` throws when the platform gives none; that is the shared "no address" bucket. */
export function clientAddressOf(context: { clientAddress: string }): string {
  try {
    return throttleAddress(context.clientAddress);
  } catch {
    return NO_ADDRESS;
  }
}
