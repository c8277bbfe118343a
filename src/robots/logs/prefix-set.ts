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
 * IPv4 prefixes as sorted merged intervals, [first, last] addresses. Each is packed in one number,
 * start × 33 + length (under 2^38, exact in a double), so a typed array's native sort orders a
 * million of them without a comparator call.
 */
function mergedV4(v4: readonly (readonly [number, number])[]): V4Intervals {
  const keys = new Float64Array(v4.length);
  for (let i = 0; i < v4.length; i++) {
    const [net, mask] = v4[i]!;
    keys[i] = ((net & mask) >>> 0) * 33 + Math.clz32(~mask >>> 0);
  }
  keys.sort();
  const out = new V4Builder(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const bits = keys[i]! % 33;
    const start = (keys[i]! - bits) / 33;
    out.add(start, bits === 0 ? 0xffffffff : start + 2 ** (32 - bits) - 1);
  }
  return out.done();
}

/** IPv4 intervals' first and last addresses, sorted, disjoint and not touching. */
interface V4Intervals {
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
}

/** Builds V4Intervals from intervals given in order of their starts, merging those that overlap or touch. */
class V4Builder {
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;
  private n = 0;

  constructor(most: number) {
    this.starts = new Uint32Array(most);
    this.ends = new Uint32Array(most);
  }

  add(start: number, end: number): void {
    const last = this.n - 1;
    if (last >= 0 && start <= this.ends[last]! + 1) {
      if (end > this.ends[last]!) this.ends[last] = end;
    } else {
      this.starts[this.n] = start;
      this.ends[this.n++] = end;
    }
  }

  done(): V4Intervals {
    return { starts: this.starts.slice(0, this.n), ends: this.ends.slice(0, this.n) };
  }
}

/** Whether `a` lies in one of the sorted disjoint intervals. */
function within<T extends number | bigint>(starts: ArrayLike<T>, ends: ArrayLike<T>, a: T): boolean {
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

/**
 * A PrefixSet as plain typed arrays, which a thread is sent as they are (copied whole, nothing to
 * parse or sort again): its merged intervals' first and last addresses, IPv4 as [start, end, …],
 * IPv6 in 64-bit halves as [start high, start low, end high, end low, …].
 */
export interface PackedPrefixSet {
  readonly v4: Uint32Array;
  readonly v6: BigUint64Array;
}

const LOW_64 = (1n << 64n) - 1n;

/** IPv4 and IPv6 prefixes, ready to look addresses up in. */
export class PrefixSet {
  // Set once, by the constructor or `made` (never changed after).
  private v4: V4Intervals;
  private v6: { readonly starts: bigint[]; readonly ends: bigint[] };

  /** `v4`: [network, mask] as unsigned 32-bit numbers; `v6`: [the network's eight 16-bit parts, prefix length]. */
  constructor(v4: readonly (readonly [number, number])[], v6: readonly (readonly [readonly number[], number])[]) {
    this.v4 = mergedV4(v4);
    this.v6 = mergedV6(v6.map(([parts, bits]): [bigint, bigint] => {
      const host = bits >= 128 ? 0n : ALL_128 >> BigInt(Math.max(0, bits));
      const start = v6Number(parts) & (ALL_128 ^ host);
      return [start, start | host];
    }));
  }

  /** A set of intervals already merged. */
  private static made(v4: V4Intervals, v6: { readonly starts: bigint[]; readonly ends: bigint[] }): PrefixSet {
    const set = Object.create(PrefixSet.prototype) as PrefixSet;
    set.v4 = v4;
    set.v6 = v6;
    return set;
  }

  /** The set a PackedPrefixSet holds. */
  static unpack(packed: PackedPrefixSet): PrefixSet {
    const n4 = packed.v4.length >> 1;
    const v4 = { starts: new Uint32Array(n4), ends: new Uint32Array(n4) };
    for (let i = 0; i < n4; i++) {
      v4.starts[i] = packed.v4[2 * i]!;
      v4.ends[i] = packed.v4[2 * i + 1]!;
    }
    const v6 = { starts: [] as bigint[], ends: [] as bigint[] };
    for (let i = 0; i + 3 < packed.v6.length; i += 4) {
      v6.starts.push((packed.v6[i]! << 64n) | packed.v6[i + 1]!);
      v6.ends.push((packed.v6[i + 2]! << 64n) | packed.v6[i + 3]!);
    }
    return PrefixSet.made(v4, v6);
  }

  /** The prefixes of several sets as one set. */
  static union(sets: readonly PrefixSet[]): PrefixSet {
    const v4 = sets.flatMap((s) => Array.from(s.v4.starts, (start, i) => [start, s.v4.ends[i]!] as const)).sort((a, b) => a[0] - b[0]);
    const out = new V4Builder(v4.length);
    for (const [start, end] of v4) out.add(start, end);
    return PrefixSet.made(out.done(), mergedV6(sets.flatMap((s) => s.v6.starts.map((start, i): [bigint, bigint] => [start, s.v6.ends[i]!]))));
  }

  /** Whether an address (IPv4 as an unsigned 32-bit number, IPv6 as eight 16-bit parts) lies in a prefix of the set. */
  has(address: number | readonly number[]): boolean {
    if (typeof address === 'number') return within(this.v4.starts, this.v4.ends, address >>> 0);
    return within(this.v6.starts, this.v6.ends, v6Number(address));
  }

  /** The set as typed arrays (PackedPrefixSet). */
  pack(): PackedPrefixSet {
    const { starts, ends } = this.v4;
    const v4 = new Uint32Array(starts.length * 2);
    for (let i = 0; i < starts.length; i++) {
      v4[2 * i] = starts[i]!;
      v4[2 * i + 1] = ends[i]!;
    }
    const v6 = new BigUint64Array(this.v6.starts.length * 4);
    this.v6.starts.forEach((start, i) => {
      const end = this.v6.ends[i]!;
      v6.set([start >> 64n, start & LOW_64, end >> 64n, end & LOW_64], 4 * i);
    });
    return { v4, v6 };
  }
}
