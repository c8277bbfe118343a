/**
 * A set of IP prefixes as sorted, merged address intervals, so whether an address lies in any of
 * them is a binary search: a million prefixes cost about what two do. Prefixes come in and
 * intervals are kept as flat lists of numbers (an IPv6 address as four unsigned 32-bit words), never
 * an array or a BigInt a prefix: a million-prefix file was mostly spent making and collecting those.
 */

/**
 * IPv4 prefixes as sorted merged intervals, [first, last] addresses, from [network, mask] pairs.
 * Each is packed in one number, start × 33 + length (under 2^38, exact in a double), so a typed
 * array's native sort orders a million of them without a comparator call.
 */
function mergedV4(v4: ArrayLike<number>): V4Intervals {
  const keys = new Float64Array(v4.length >> 1);
  for (let i = 0; i < keys.length; i++) {
    const mask = v4[2 * i + 1]!;
    keys[i] = ((v4[2 * i]! & mask) >>> 0) * 33 + Math.clz32(~mask >>> 0);
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

/** Whether `a` lies in one of the sorted disjoint IPv4 intervals. */
function withinV4(v4: V4Intervals, a: number): boolean {
  const { starts, ends } = v4;
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
 * IPv6 intervals, four unsigned 32-bit words an address (most significant first): interval i's
 * first address at `starts[4i…4i+3]`, its last at `ends[4i…4i+3]`; sorted, disjoint and not touching.
 */
interface V6Intervals {
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
}

/** Compares the 128-bit addresses at word `i` of `a` and word `j` of `b`. */
function compare128(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number): number {
  for (let k = 0; k < 4; k++) {
    const d = a[i + k]! - b[j + k]!;
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether the address at word `i` of `start` is at most one past the address at word `j` of `end` (the intervals overlap or touch). */
function startsByEnd(start: ArrayLike<number>, i: number, end: ArrayLike<number>, j: number): boolean {
  if (compare128(start, i, end, j) <= 0) return true;
  // end + 1, word by word from the least significant; past the last address, everything touches.
  const next = [end[j]!, end[j + 1]!, end[j + 2]!, end[j + 3]!];
  for (let k = 3; k >= 0; k--) {
    if (next[k] !== 0xffffffff) {
      next[k]!++;
      return compare128(start, i, next, 0) <= 0;
    }
    next[k] = 0;
  }
  return true;
}

/** Sorts IPv6 intervals (starts and ends in words, as V6Intervals) by start and merges the ones that overlap or touch. */
function mergedV6(starts: Uint32Array, ends: Uint32Array): V6Intervals {
  const n = starts.length >> 2;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compare128(starts, 4 * a, starts, 4 * b));
  const outStarts = new Uint32Array(4 * n);
  const outEnds = new Uint32Array(4 * n);
  let m = 0;
  for (const i of order) {
    const last = 4 * (m - 1);
    if (m > 0 && startsByEnd(starts, 4 * i, outEnds, last)) {
      if (compare128(ends, 4 * i, outEnds, last) > 0) for (let k = 0; k < 4; k++) outEnds[last + k] = ends[4 * i + k]!;
    } else {
      for (let k = 0; k < 4; k++) {
        outStarts[4 * m + k] = starts[4 * i + k]!;
        outEnds[4 * m + k] = ends[4 * i + k]!;
      }
      m++;
    }
  }
  return { starts: outStarts.slice(0, 4 * m), ends: outEnds.slice(0, 4 * m) };
}

/** IPv6 prefixes (nine numbers each: the network's eight 16-bit parts, then the length) as merged intervals. */
function v6Intervals(v6: ArrayLike<number>): V6Intervals {
  const n = Math.floor(v6.length / 9);
  const starts = new Uint32Array(4 * n);
  const ends = new Uint32Array(4 * n);
  for (let p = 0; p < n; p++) {
    const bits = v6[9 * p + 8]!;
    for (let k = 0; k < 4; k++) {
      const word = ((v6[9 * p + 2 * k]! << 16) | v6[9 * p + 2 * k + 1]!) >>> 0;
      // The prefix's bits in this word: all of them, some, or none.
      const here = Math.max(0, Math.min(32, bits - 32 * k));
      const mask = here === 0 ? 0 : (0xffffffff << (32 - here)) >>> 0;
      starts[4 * p + k] = (word & mask) >>> 0;
      ends[4 * p + k] = (word | ~mask) >>> 0;
    }
  }
  return mergedV6(starts, ends);
}

/** Whether the address (four words) lies in one of the sorted disjoint IPv6 intervals. */
function withinV6(v6: V6Intervals, a: ArrayLike<number>): boolean {
  const { starts, ends } = v6;
  let lo = 0;
  let hi = (starts.length >> 2) - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (compare128(starts, 4 * mid, a, 0) <= 0) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at >= 0 && compare128(a, 0, ends, 4 * at) <= 0;
}

/**
 * A PrefixSet as plain typed arrays, which a thread is sent as they are (copied whole, nothing to
 * parse or sort again): its merged intervals' first and last addresses, IPv6 in words as the set
 * keeps them.
 */
export interface PackedPrefixSet {
  readonly v4: V4Intervals;
  readonly v6: V6Intervals;
}

/** IPv4 and IPv6 prefixes, ready to look addresses up in. */
export class PrefixSet {
  // Set once, by the constructor or `made` (never changed after).
  private v4: V4Intervals;
  private v6: V6Intervals;

  /**
   * `v4`: [network, mask] pairs as unsigned 32-bit numbers, one after the other; `v6`: nine numbers
   * a prefix, the network's eight 16-bit parts and the prefix length.
   */
  constructor(v4: ArrayLike<number>, v6: ArrayLike<number>) {
    this.v4 = mergedV4(v4);
    this.v6 = v6Intervals(v6);
  }

  /** A set of intervals already merged. */
  private static made(v4: V4Intervals, v6: V6Intervals): PrefixSet {
    const set = Object.create(PrefixSet.prototype) as PrefixSet;
    set.v4 = v4;
    set.v6 = v6;
    return set;
  }

  /** The set a PackedPrefixSet holds. */
  static unpack(packed: PackedPrefixSet): PrefixSet {
    return PrefixSet.made(packed.v4, packed.v6);
  }

  /** The prefixes of several sets as one set. */
  static union(sets: readonly PrefixSet[]): PrefixSet {
    const v4 = sets.flatMap((s) => Array.from(s.v4.starts, (start, i) => [start, s.v4.ends[i]!] as const)).sort((a, b) => a[0] - b[0]);
    const out = new V4Builder(v4.length);
    for (const [start, end] of v4) out.add(start, end);
    const concat = (parts: Uint32Array[]) => {
      const all = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
      return all;
    };
    return PrefixSet.made(out.done(), mergedV6(concat(sets.map((s) => s.v6.starts)), concat(sets.map((s) => s.v6.ends))));
  }

  /** Whether an address (IPv4 as an unsigned 32-bit number, IPv6 as eight 16-bit parts) lies in a prefix of the set. */
  has(address: number | readonly number[]): boolean {
    if (typeof address === 'number') return withinV4(this.v4, address >>> 0);
    const words = [0, 0, 0, 0];
    for (let k = 0; k < 4; k++) words[k] = (((address[2 * k] ?? 0) << 16) | (address[2 * k + 1] ?? 0)) >>> 0;
    return withinV6(this.v6, words);
  }

  /** The set as typed arrays (PackedPrefixSet): its own, which are never changed. */
  pack(): PackedPrefixSet {
    return { v4: this.v4, v6: this.v6 };
  }
}
