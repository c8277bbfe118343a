import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTextEdits, editsFit, widenSpan, type ChangedSpan, type TextEdit } from './edit.js';

/** Ascending, non-overlapping edits of a text of `length`, from raw picks. */
function editsOf(length: number, picks: readonly { at: number; remove: number; insert: string }[]): TextEdit[] {
  const out: TextEdit[] = [];
  let pos = 0;
  for (const p of [...picks].sort((a, b) => a.at - b.at)) {
    const from = Math.max(pos, Math.min(p.at, length));
    const to = Math.min(length, from + p.remove);
    out.push({ from, to, insert: p.insert });
    pos = to;
  }
  return out;
}

const pick = fc.record({ at: fc.nat(60), remove: fc.nat(6), insert: fc.string({ unit: fc.constantFrom('a', 'b', '\n'), maxLength: 5 }) });

describe('text edits (the editor\'s changes, as the workers receive them)', () => {
  it('apply as successive slices do', () => {
    expect(applyTextEdits('abcdef', [{ from: 1, to: 2, insert: 'X' }, { from: 4, to: 4, insert: 'YZ' }])).toBe('aXcdYZef');
    expect(editsFit([{ from: 1, to: 2, insert: '' }, { from: 1, to: 3, insert: '' }], 6)).toBe(false);
    expect(editsFit([{ from: 5, to: 7, insert: '' }], 6)).toBe(false);
  });

  it('a widened span covers everything that changed since the copy (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\n'), maxLength: 60 }), fc.array(fc.array(pick, { maxLength: 3 }), { maxLength: 6 }), (start, batches) => {
        let text = start;
        let span: ChangedSpan | null = null;
        for (const picks of batches) {
          const edits = editsOf(text.length, picks);
          expect(editsFit(edits, text.length)).toBe(true);
          text = applyTextEdits(text, edits);
          span = widenSpan(span, edits);
        }
        if (span === null) {
          expect(text).toBe(start);
          return;
        }
        // The copy becomes the text by replacing one stretch: outside the span nothing changed.
        const oldTo = start.length - (text.length - span.to);
        expect(span.from).toBeLessThanOrEqual(oldTo);
        expect(start.slice(0, span.from) + text.slice(span.from, span.to) + start.slice(oldTo)).toBe(text);
      }),
      { numRuns: 3000 },
    );
  });
});
