/**
 * A set of IP prefixes as sorted, merged address intervals, so whether an address lies in any of
 * them is a binary search: a million prefixes cost about what two do.
 */

/** An IPv6 address's eight 16-bit parts as one 128-bit number. */
function v6Number(parts: readonly number[]): bigint {
  let n = 0n;
  for (let i = 0; i < 8; i++) n = (n << 16n) | BigInt(parts[i] ?? 0);
  return n;
}

const ALL_128 = (1n << 128n) - 1n;

/** Sorts intervals by start and merges the ones that overlap or touch (`next`: the address after an end). */
function merged<T extends number | bigint>(intervals: [T, T][], next: (end: T) => T): { starts: T[]; ends: T[] } {
  intervals.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const starts: T[] = [];
  const ends: T[] = [];
  for (const [s, e] of intervals) {
    const last = ends.length - 1;
    if (last >= 0 && s <= next(ends[last]!)) {
      if (e > ends[last]!) ends[last] = e;
    } else {
      starts.push(s);
      ends.push(e);
    }
  }
  return { starts, ends };
}

/** Whether `a` lies in one of the sorted disjoint intervals. */
function within<T extends number | bigint>(starts: readonly T[], ends: readonly T[], a: T): boolean {
  let lo = 0;
  let hi = starts.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= a) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at >= 0 && a <= ends[at]!;
}

/** IPv4 and IPv6 prefixes, ready to look addresses up in. */
export class PrefixSet {
  private readonly v4: { starts: number[]; ends: number[] };
  private readonly v6: { starts: bigint[]; ends: bigint[] };

  /** `v4`: [network, mask] as unsigned 32-bit numbers; `v6`: [the network's eight 16-bit parts, prefix length]. */
  constructor(v4: readonly (readonly [number, number])[], v6: readonly (readonly [readonly number[], number])[]) {
    this.v4 = merged(v4.map(([net, mask]): [number, number] => {
      const start = (net & mask) >>> 0;
      return [start, (start | (~mask >>> 0)) >>> 0];
    }), (end) => end + 1);
    this.v6 = merged(v6.map(([parts, bits]): [bigint, bigint] => {
      const host = bits >= 128 ? 0n : ALL_128 >> BigInt(Math.max(0, bits));
      const start = v6Number(parts) & (ALL_128 ^ host);
      return [start, start | host];
    }), (end) => end + 1n);
  }

  /** Whether an address (IPv4 as an unsigned 32-bit number, IPv6 as eight 16-bit parts) lies in a prefix of the set. */
  has(address: number | readonly number[]): boolean {
    if (typeof address === 'number') return within(this.v4.starts, this.v4.ends, address >>> 0);
    return within(this.v6.starts, this.v6.ends, v6Number(address));
  }
}
