import { ChangeSet, EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTextEdits } from '../robots/index.js';
import { changeSetEdits } from './doc-text.js';

describe('changeSetEdits: the editor\'s changes as the engine\'s text edits', () => {
  it('rebuild the changed document written with any line break (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', 'é'), maxLength: 60 });
    fc.assert(
      fc.property(text, fc.array(fc.tuple(fc.nat(60), fc.nat(5), text), { maxLength: 4 }), fc.constantFrom('\n', '\r\n', '\r'), (start, edits, lineBreak) => {
        const state = EditorState.create({ doc: start });
        const len = state.doc.length;
        // Non-overlapping changes in document order, as one transaction carries them.
        let at = 0;
        const specs = [];
        for (const [gap, remove, insert] of edits) {
          const from = Math.min(len, at + gap % 7);
          const to = Math.min(len, from + remove);
          specs.push({ from, to, insert });
          at = to + 1;
          if (at > len) break;
        }
        const changes = ChangeSet.of(specs, len);
        const after = state.update({ changes }).state.doc;
        const written = (d: typeof after) => d.sliceString(0, d.length, lineBreak);
        expect(applyTextEdits(written(state.doc), changeSetEdits(changes, state.doc, lineBreak))).toBe(written(after));
      }),
      { numRuns: 500 },
    );
  });
});
