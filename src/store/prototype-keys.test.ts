/**
 * URLs and crawler names are the user's text: `toString`, `constructor` and
 * `__proto__` are URLs like any other in expectations — in the store, its imports and links.
 */
import { describe, expect, it } from 'vitest';
import { caseFromObject, expectationFor, expectationKey, makeCase, toWire } from '../share/index.js';
import { importUrlList } from './bulk-csv.js';
import { addExpectations, initialState, setBulkUrls, setExpectation, toCase } from './transitions.js';

const NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];
const googlebot = { kind: 'text', value: 'Googlebot' } as const;
const bingbot = { kind: 'text', value: 'Bingbot' } as const;
const start = () => setBulkUrls(initialState(makeCase('User-agent: *\nDisallow: /', [{ url: '/', crawler: googlebot }])), NAMES.join('\n'));

describe('expectations keyed by URL: nothing inherited, nothing lost', () => {
  it.each(NAMES)('a URL named %s has no expectation until one is set', (url) => {
    const s = start();
    expect(expectationFor(s.expectations, url, googlebot)).toBeUndefined();
    expect(expectationFor({}, url, googlebot)).toBeUndefined();
  });
  it.each(NAMES)('%s: one set for every crawler, then one crawler’s own, then removed', (url) => {
    const s1 = setExpectation(start(), url, null, 'blocked');
    expect(expectationFor(s1.expectations, url, googlebot)).toBe('blocked');
    expect(Object.keys(s1.expectations)).toEqual([url]);
    const s2 = setExpectation(s1, url, bingbot, 'allowed');
    expect(expectationFor(s2.expectations, url, bingbot)).toBe('allowed');
    expect(expectationFor(s2.expectations, url, googlebot)).toBe('blocked');
    const s3 = setExpectation(setExpectation(s2, url, bingbot, null), url, googlebot, null);
    expect(expectationFor(s3.expectations, url, googlebot)).toBeUndefined();
    expect(({} as Record<string, unknown>)[url === '__proto__' ? 'x' : url]).not.toBe('blocked');
  });
  it('imported with a list, they are keys of their own', () => {
    const imported = importUrlList(`url,expected\n${NAMES.map((n) => `${n},blocked`).join('\n')}\n`);
    expect(Object.keys(imported.expectations).sort()).toEqual([...NAMES].sort());
    const s = addExpectations(start(), imported.expectations);
    for (const n of NAMES) expect(expectationFor(s.expectations, n, googlebot)).toBe('blocked');
  });
  it('they survive a link: written and read back', () => {
    let s = start();
    for (const n of NAMES) s = setExpectation(s, n, n === 'valueOf' ? googlebot : null, 'allowed');
    const back = caseFromObject(JSON.parse(JSON.stringify(toWire(toCase(s)))));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(Object.keys(back.value.expectations).sort()).toEqual([...NAMES.filter((n) => n !== 'valueOf'), expectationKey('valueOf', googlebot)].sort());
    for (const n of NAMES) expect(expectationFor(back.value.expectations, n, googlebot)).toBe('allowed');
    expect(Object.getPrototypeOf(back.value.expectations)).toBeNull();
  });
});
