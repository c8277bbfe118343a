import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutAtBytes, cutAtBytesByUnits, surveyText, utf8Length } from './utf8.js';

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

});

/** The stretches of units beyond ASCII in `t[from, to)`, found plainly. */
function runsOf(t: string, from: number, to: number): number[] {
  const runs: number[] = [];
  for (const m of t.slice(from, to).matchAll(/[^\x00-\x7f]+/g)) runs.push(from + m.index, from + m.index + m[0].length);
  return runs;
}

describe('Property: the survey a scan starts with equals a plain count', () => {
  it('counts bytes as utf8Length, knows ASCII and NUL, and finds every stretch beyond ASCII', () => {
    const withNul = fc.array(fc.oneof(unit, fc.constant('\0')), { maxLength: 60 }).map((units) => units.join(''));
    fc.assert(
      fc.property(withNul, fc.nat(), fc.nat(), (t, a, b) => {
        const from = t.length === 0 ? 0 : a % (t.length + 1);
        const to = from + (t.length - from === 0 ? 0 : b % (t.length - from + 1));
        const part = t.slice(from, to);
        // A range is read on its own: a pair it splits is two lone surrogates.
        expect(surveyText(t, from, to)).toEqual({ bytes: utf8Length(part), ascii: !/[^\x00-\x7f]/.test(part), nul: part.includes('\0'), runs: runsOf(t, from, to) });
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a unit beyond ASCII wherever it falls in a long text (the encoder is asked a piece at a time)', () => {
    const long = 'Disallow: /a\n'.repeat(12_000);
    for (const at of [0, 65_535, 65_536, 65_537, 131_071, long.length - 1]) {
      for (const u of ['é', '中', '😀', '\udc80']) {
        const t = long.slice(0, at) + u + long.slice(at);
        expect(surveyText(t), `${u} at ${at}`).toEqual({ bytes: utf8Length(t), ascii: false, nul: false, runs: runsOf(t, 0, t.length) });
      }
    }
    expect(surveyText(long)).toEqual({ bytes: long.length, ascii: true, nul: false, runs: [] });
  });
});

describe('Property: a long text\'s survey (the encoder asked a piece at a time) equals the plain count', () => {
  it('wherever units beyond ASCII, NULs and pairs fall (piece edges, stretches across them), from any start', () => {
    const filler = 'Disallow: /a\n'.repeat(6_000);
    // Places near multiples of 16,384 units (the encoder's pieces among them) and anywhere else.
    const place = fc.oneof(fc.integer({ min: 0, max: filler.length }), fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: -3, max: 3 })).map(([k, d]) => k * 16_384 + d));
    const insert = fc.tuple(place, fc.array(fc.oneof(unit, fc.constant('\0')), { minLength: 1, maxLength: 6 }).map((u) => u.join('')));
    fc.assert(
      fc.property(fc.array(insert, { maxLength: 6 }), fc.nat(40_000), (inserts, from) => {
        let t = filler;
        for (const [at, u] of [...inserts].sort((x, y) => y[0] - x[0])) t = t.slice(0, Math.min(at, t.length)) + u + t.slice(Math.min(at, t.length));
        const start = Math.min(from, t.length);
        const part = t.slice(start);
        expect(surveyText(t, start)).toEqual({ bytes: utf8Length(part), ascii: !/[^\x00-\x7f]/.test(part), nul: part.includes('\0'), runs: runsOf(t, start, t.length) });
      }),
      { numRuns: 300 },
    );
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
    expect(surveyText(t).bytes).toBe(5);
    expect(cutAtBytes(t, 0, t.length, 3)).toEqual({ end: 3, bytes: 3, partial: [] });
  });
});
