import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrefixSet } from './prefix-set.js';

// The plain reading of CIDR (RFC 4632 §3.1): an address is in a prefix when its first `bits` bits are the prefix's.
const v4In = (a: number, [net, mask]: readonly [number, number]) => ((a & mask) >>> 0) === ((net & mask) >>> 0);
const v6In = (a: readonly number[], [net, bits]: readonly [readonly number[], number]) => {
  for (let i = 0; i < 8 && bits > 16 * i; i++) {
    const here = Math.min(16, bits - 16 * i);
    const mask = (0xffff << (16 - here)) & 0xffff;
    if ((a[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
};
const maskOf = (bits: number) => (bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0);

const v4Prefix = fc.tuple(fc.nat({ max: 0xffffffff }), fc.integer({ min: 0, max: 32 })).map(([n, b]): [number, number] => [n, maskOf(b)]);
// Few distinct values per part, so addresses often fall in, next to and between prefixes.
const part = fc.constantFrom(0, 1, 0x2001, 0xdb8, 0xffff, 0x8000, 0x7fff);
const v6Address = fc.array(part, { minLength: 8, maxLength: 8 });
const v6Prefix = fc.tuple(v6Address, fc.integer({ min: 0, max: 128 }));

/** A set of prefixes given as tuples, in the flat lists PrefixSet takes. */
const setOf = (v4: readonly (readonly [number, number])[], v6: readonly (readonly [readonly number[], number])[]) => new PrefixSet(v4.flat(), v6.flatMap(([parts, bits]) => [...parts, bits]));

describe('PrefixSet: sorted merged intervals answer as a scan of every prefix does (RFC 4632 §3.1)', () => {
  it('property: IPv4, overlapping, nested and touching prefixes, addresses anywhere', () => {
    fc.assert(fc.property(fc.array(v4Prefix, { maxLength: 30 }), fc.array(fc.nat({ max: 0xffffffff }), { maxLength: 30 }), (prefixes, addresses) => {
      const set = setOf(prefixes, []);
      for (const p of prefixes) addresses.push((p[0] & p[1]) >>> 0, ((p[0] & p[1]) | ~p[1]) >>> 0, (((p[0] & p[1]) | ~p[1]) + 1) >>> 0);
      for (const a of addresses) expect(set.has(a), String(a)).toBe(prefixes.some((p) => v4In(a, p)));
    }), { numRuns: 300 });
  });
  it('property: IPv6', () => {
    fc.assert(fc.property(fc.array(v6Prefix, { maxLength: 20 }), fc.array(v6Address, { maxLength: 30 }), (prefixes, addresses) => {
      const set = setOf([], prefixes);
      for (const a of [...addresses, ...prefixes.map((p) => p[0])]) expect(set.has(a), a.join(':')).toBe(prefixes.some((p) => v6In(a, p)));
    }), { numRuns: 300 });
  });
  it('property: a set packed into typed arrays and unpacked, and the union of several sets, answer as a scan of their prefixes does', () => {
    const set4 = fc.array(v4Prefix, { maxLength: 12 });
    const set6 = fc.array(v6Prefix, { maxLength: 8 });
    fc.assert(fc.property(fc.array(fc.tuple(set4, set6), { minLength: 1, maxLength: 4 }), fc.array(fc.nat({ max: 0xffffffff }), { maxLength: 20 }), fc.array(v6Address, { maxLength: 10 }), (sets, v4s, v6s) => {
      const all4 = sets.flatMap(([p]) => p);
      const all6 = sets.flatMap(([, p]) => p);
      for (const p of all4) v4s.push((p[0] & p[1]) >>> 0, ((p[0] & p[1]) | ~p[1]) >>> 0, (((p[0] & p[1]) | ~p[1]) + 1) >>> 0);
      v6s.push(...all6.map((p) => p[0]));
      const union = PrefixSet.union(sets.map(([a, b]) => setOf(a, b)));
      const unpacked = PrefixSet.unpack(setOf(all4, all6).pack());
      for (const set of [union, unpacked]) {
        for (const a of v4s) expect(set.has(a), String(a)).toBe(all4.some((p) => v4In(a, p)));
        for (const a of v6s) expect(set.has(a), a.join(':')).toBe(all6.some((p) => v6In(a, p)));
      }
    }), { numRuns: 300 });
  });
  it('IPv4 never matches IPv6 prefixes, nor the other way; an empty set holds nothing', () => {
    const set = setOf([[0, 0]], []);
    expect([set.has(0x01020304), set.has([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304])]).toEqual([true, false]);
    expect([setOf([], [[[0, 0, 0, 0, 0, 0, 0, 0], 0]]).has(1), setOf([], []).has(1)]).toEqual([false, false]);
  });
  it('200,000 prefixes: the ones listed and only those (every other IPv4 address from 10.0.0.0, and 100,000 IPv6 /64s)', () => {
    const v4: [number, number][] = [];
    for (let i = 0; i < 100_000; i++) v4.push([(0x0a000000 + 2 * i) >>> 0, 0xffffffff]);
    const v6: [number[], number][] = [];
    for (let i = 0; i < 100_000; i++) v6.push([[0x2001, 0xdb8, i & 0xffff, i >> 16, 0, 0, 0, 0], 64]);
    const set = setOf(v4, v6);
    expect([0x0a000000, 0x0a000001, 0x0a000000 + 199_998, 0x0a000000 + 199_999, 0x0a000000 + 200_000].map((a) => set.has(a))).toEqual([true, false, true, false, false]);
    expect([[0x2001, 0xdb8, 5, 0, 1, 2, 3, 4], [0x2001, 0xdb8, 0x869f, 1, 0, 0, 0, 0], [0x2001, 0xdb8, 0x86a0, 1, 0, 0, 0, 0], [0x2001, 0xdb8, 0, 2, 0, 0, 0, 0]].map((a) => set.has(a)))
      .toEqual([true, true, false, false]);
  });
});
