import { describe, expect, it } from 'vitest';
import { englishNumber } from './english-number.js';

describe('englishNumber', () => {
  it('ECMA-402: groups as Intl.NumberFormat("en-US") does, whole numbers and others', () => {
    const en = new Intl.NumberFormat('en-US');
    const samples = [0, -0, 7, 12, 999, 1000, -1000, 12345, 123456, 1234567, -987654321, 1e15, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e21, 2 ** 60, 1.5, 1234.5678, -0.25, NaN, Infinity, -Infinity];
    for (const n of samples) expect(englishNumber(n), String(n)).toBe(en.format(n));
  });

  it('ECMA-402: every length of whole number from 1 to 16 digits', () => {
    const en = new Intl.NumberFormat('en-US');
    for (let n = 1, k = 0; k < 16; k++, n = n * 10 + (k % 10)) expect(englishNumber(n)).toBe(en.format(n));
  });
});
