import { describe, expect, it } from 'vitest';
import { isNewDocument } from './analyse.js';

const change = (base: string, from: number, to: number) => ({ base, from, to });

describe('isNewDocument (what the analyser indexes at once: product behaviour, not Google’s)', () => {
  const base = 'User-agent: *\n' + 'Disallow: /x\n'.repeat(1000);
  it('a keystroke is not a new document', () => {
    expect(isNewDocument(base.slice(0, 20) + 'a' + base.slice(20), change(base, 20, 20))).toBe(false);
    expect(isNewDocument(base.slice(0, 20) + base.slice(21), change(base, 20, 21))).toBe(false);
  });
  it('a paste over the file, a big deletion or a whole text is', () => {
    const pasted = 'User-agent: *\n' + 'Allow: /y\n'.repeat(2000);
    expect(isNewDocument(pasted, change(base, 0, base.length))).toBe(true);
    expect(isNewDocument(base.slice(0, 14), change(base, 14, base.length))).toBe(true);
    expect(isNewDocument(base, null)).toBe(true);
  });
});
