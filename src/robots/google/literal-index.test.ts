import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLiteralIndex, forEachCandidate, replaceLiteralItems } from './literal-index.js';

/** What the index must find, plainly: every item whose piece the text holds, and those without one. */
function plainCandidates(items: readonly string[], text: string): string[] {
  return items.filter((piece) => piece === '' || text.includes(piece)).sort();
}

function candidates(index: ReturnType<typeof buildLiteralIndex<string>>, text: string): string[] {
  const seen: string[] = [];
  forEachCandidate(index, text, (item) => seen.push(item));
  return seen.sort();
}

const unit = fc.constantFrom('a', 'b', 'ab', '/', '.', '?', '=', '%2F', 'é', '\u4e2d');

describe('Property: the literal index visits exactly the items whose piece a path holds', () => {
  it('for pieces of ASCII (the table of moves) and beyond (the automaton walked), however often it is asked', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 4 }), { maxLength: 12 }), fc.array(fc.string({ unit, maxLength: 12 }), { minLength: 1, maxLength: 4 }), (pieces, texts) => {
        const index = buildLiteralIndex(pieces, (p) => p);
        expect(index.moves === null).toBe(pieces.some((p) => /[^\x00-\x7f]/.test(p)));
        for (const text of texts) expect(candidates(index, text)).toEqual(plainCandidates(pieces, text));
      }),
      { numRuns: 3000 },
    );
  });

  it('after items are replaced, sharing the automaton', () => {
    const index = buildLiteralIndex(['.pdf', '?sort=', '/print'], (p) => p);
    const next = replaceLiteralItems(index, ['?sort='], ['.pdf', '/new'], (p) => p);
    expect(candidates(next, '/a/print/x.pdf')).toEqual(['.pdf', '.pdf', '/new', '/print']);
    expect(candidates(index, '/a?sort=1')).toEqual(['?sort=']);
  });
});
