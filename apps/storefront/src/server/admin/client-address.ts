import type { IncomingHttpHeaders } from 'node:http';
import { isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * The address of the client that sent a request: the socket's peer, or, when the storefront runs behind a
 * reverse proxy (`TRUST_PROXY=1`), the last `X-Forwarded-For` entry, the one our proxy appended (earlier
 * entries come from the client and can be forged). Without `TRUST_PROXY` the header is ignored: anyone could
 * send it to dodge the sign-in throttle.
 */
export function clientAddress(
  socketAddress: string | undefined,
  headers: IncomingHttpHeaders,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = [headers['x-forwarded-for'] ?? []].flat().join(',').split(',');
    const last = forwarded.at(-1)?.trim() ?? '';
    if (isIP(last)) return last;
  }
  return socketAddress ?? 'unknown';
}

/**
 * What the sign-in throttle counts failures against: an IPv4 address as is (an IPv4-mapped IPv6 address as
 * its IPv4 form), an IPv6 address by its /64 network, since one subscriber usually holds a whole /64 and could
 * otherwise switch addresses at will. Anything else (`unknown`) is kept as given.
 */
export function throttleKey(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (zone index dropped, `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] | undefined {
  const unzoned = address.split('%')[0] ?? '';
  if (!isIPv6(unzoned)) return undefined;
  const withoutIPv4 = unzoned.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(
      ':',
    ),
  );
  const [head = '', tail] = withoutIPv4.split('::');
  const parse = (part: string) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
