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

/** Sorts IPv6 intervals by start and merges the ones that overlap or touch. */
function mergedV6(intervals: [bigint, bigint][]): { starts: bigint[]; ends: bigint[] } {
  intervals.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const starts: bigint[] = [];
  const ends: bigint[] = [];
  for (const [s, e] of intervals) {
    const last = ends.length - 1;
    if (last >= 0 && s <= ends[last]! + 1n) {
      if (e > ends[last]!) ends[last] = e;
    } else {
      starts.push(s);
      ends.push(e);
    }
  }
  return { starts, ends };
}

/**
 * IPv4 prefixes as sorted merged intervals. Each is packed in one number, start × 33 + length
 * (under 2^38, exact in a double), so a typed array's native sort orders a million of them
 * without a comparator call.
 */
function mergedV4(v4: readonly (readonly [number, number])[]): { starts: number[]; ends: number[] } {
  const keys = new Float64Array(v4.length);
  for (let i = 0; i < v4.length; i++) {
    const [net, mask] = v4[i]!;
    keys[i] = ((net & mask) >>> 0) * 33 + Math.clz32(~mask >>> 0);
  }
  keys.sort();
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const bits = keys[i]! % 33;
    const start = (keys[i]! - bits) / 33;
    const end = bits === 0 ? 0xffffffff : start + 2 ** (32 - bits) - 1;
    const last = ends.length - 1;
    if (last >= 0 && start <= ends[last]! + 1) {
      if (end > ends[last]!) ends[last] = end;
    } else {
      starts.push(start);
      ends.push(end);
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
    this.v4 = mergedV4(v4);
    this.v6 = mergedV6(v6.map(([parts, bits]): [bigint, bigint] => {
      const host = bits >= 128 ? 0n : ALL_128 >> BigInt(Math.max(0, bits));
      const start = v6Number(parts) & (ALL_128 ^ host);
      return [start, start | host];
    }));
  }

  /** Whether an address (IPv4 as an unsigned 32-bit number, IPv6 as eight 16-bit parts) lies in a prefix of the set. */
  has(address: number | readonly number[]): boolean {
    if (typeof address === 'number') return within(this.v4.starts, this.v4.ends, address >>> 0);
    return within(this.v6.starts, this.v6.ends, v6Number(address));
  }
}
