import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutAtBytes, cutAtBytesByUnits, utf8Facts, utf8Length, utf8Survey } from './utf8.js';

// Units of every width the engine meets: ASCII, Latin-1, the BMP, surrogate pairs, lone
// surrogates, and raw bytes carried as surrogate escapes (U+DC80–U+DCFF).
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', '/', ':', ' ', '\n', '%', '#') },
  { weight: 2, arbitrary: fc.constantFrom('é', 'ß', '\u00ff', 'ж', '中', '\uffff', '😀', '\ud83d', '\ude00') },
  { weight: 1, arbitrary: fc.integer({ min: 0xdc80, max: 0xdcff }).map((c) => String.fromCharCode(c)) },
);
const text = fc.array(unit, { maxLength: 60 }).map((units) => units.join(''));
const asciiText = fc.string({ unit: fc.constantFrom('a', '/', ':', ' ', '\n', '%', '#', '*'), maxLength: 60 });

describe('Property: the byte cut and the byte count from the platform encoder equal the unit-by-unit reference (Google cuts bytes)', () => {
  it('cutAtBytes equals cutAtBytesByUnits on random texts, ranges and limits', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), fc.nat({ max: 200 }), (t, a, b, max) => {
        const from = t.length === 0 ? 0 : a % (t.length + 1);
        const to = from + (t.length - from === 0 ? 0 : b % (t.length - from + 1));
        expect(cutAtBytes(t, from, to, max)).toEqual(cutAtBytesByUnits(t, from, to, max));
      }),
      { numRuns: 3000 },
    );
  });

  it('the ASCII path equals the reference on ASCII texts', () => {
    fc.assert(
      fc.property(asciiText, fc.nat({ max: 80 }), (t, max) => {
        expect(cutAtBytes(t, 0, t.length, max, true)).toEqual(cutAtBytesByUnits(t, 0, t.length, max));
        expect(cutAtBytes(t, 0, t.length, max)).toEqual(cutAtBytesByUnits(t, 0, t.length, max));
      }),
      { numRuns: 2000 },
    );
  });

  it('utf8Facts counts as utf8Length and knows ASCII', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(utf8Facts(t)).toEqual({ bytes: utf8Length(t), ascii: !/[^\x00-\x7f]/.test(t) });
      }),
      { numRuns: 3000 },
    );
  });
});

describe('one encoding surveyed for what a parse needs first', () => {
  it('says when a unit became U+FFFD\'s bytes: a lone surrogate or U+FFFD itself, not a pair nor another EF-led character', () => {
    expect(['a\uff61\uf000ж', 'x\ud83d\ude00', 'x\ufffd', 'x\udcff', 'x\ud800y'].map((t) => utf8Survey(t).replacement)).toEqual([false, false, true, true, true]);
  });
});

describe('Google-specific: the 500 KiB cut', () => {
  it('splits a character the limit falls in, and keeps its leading bytes', () => {
    const t = 'a'.repeat(9) + 'ж' + 'b';
    expect(cutAtBytes(t, 0, t.length, 10)).toEqual({ end: 9, bytes: 10, partial: [0xd0] });
    expect(cutAtBytes(t, 0, t.length, 11)).toEqual({ end: 10, bytes: 11, partial: [] });
  });

  it('counts a surrogate-escaped byte as one byte', () => {
    const t = 'ab\udcffcd';
    expect(utf8Facts(t).bytes).toBe(5);
    expect(cutAtBytes(t, 0, t.length, 3)).toEqual({ end: 3, bytes: 3, partial: [] });
  });
});
