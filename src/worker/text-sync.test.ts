import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeText, OutOfSyncError, TextMirror } from './text-sync.js';

describe('text sync: edits rebuild the document exactly', () => {
  it('for any two versions (property)', () => {
    const doc = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', 'é', '😀'), minLength: 16_384, maxLength: 17_000 });
    fc.assert(
      fc.property(doc, fc.nat(17_000), fc.nat(40), fc.string({ maxLength: 40 }), (before, at, remove, insert) => {
        const after = before.slice(0, at) + insert + before.slice(at + remove);
        const mirror = new TextMirror();
        mirror.apply(encodeText(null, before));
        expect(mirror.apply(encodeText(before, after))).toBe(after);
      }),
      { numRuns: 300 },
    );
  });
  it('sends small documents whole, large ones as one edit', () => {
    expect(encodeText('User-agent: *', 'User-agent: x').kind).toBe('whole');
    const big = 'x'.repeat(20_000);
    expect(encodeText(big, big + 'y')).toEqual({ kind: 'edit', baseLength: 20_000, from: 20_000, to: 20_000, insert: 'y' });
  });
  it('refuses an edit of a text it does not hold', () => {
    const mirror = new TextMirror();
    expect(() => mirror.apply({ kind: 'edit', baseLength: 5, from: 0, to: 0, insert: 'x' })).toThrow(OutOfSyncError);
    mirror.apply({ kind: 'whole', text: 'abc' });
    expect(() => mirror.apply({ kind: 'edit', baseLength: 4, from: 0, to: 0, insert: 'x' })).toThrow(OutOfSyncError);
  });
});
