import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTextEdits } from '../text/index.js';
import { diffRows } from './diff.js';
import { composeAiPolicy } from './compose.js';

const rows = (text: string, edits: { from: number; to: number; insert: string }[], context = 1) => diffRows(text, edits, context).map((r) => `${r.kind} ${r.line} ${r.text}`);

describe('diffRows: the preview of an edit', () => {
  it('a replaced line shows as removed and added, with context and gaps', () => {
    const text = 'a\nb\nc\nd\ne\n';
    expect(rows(text, [{ from: 4, to: 5, insert: 'C' }])).toEqual(['gap 1 ', 'same 2 b', 'del 3 c', 'add 3 C', 'same 4 d', 'gap 1 ']);
  });
  it('an insertion after a line and a removal keep the line numbers of each side', () => {
    const text = 'a\nb\nc\n';
    expect(rows(text, [{ from: 0, to: 1, insert: 'a\nX\nY' }, { from: 4, to: 6, insert: '' }], 0)).toEqual(['gap 1 ', 'add 2 X', 'add 3 Y', 'gap 1 ', 'del 3 c']);
  });
  it('the composer’s edit reads as whole lines', () => {
    const text = 'User-agent: *\nDisallow: /x\n\nUser-agent: GPTBot\nAllow: /\n';
    const out = composeAiPolicy(text, { purposes: { training: { mode: 'block' } } });
    const r = diffRows(text, out.edits, 1);
    expect(r.filter((x) => x.kind === 'del').map((x) => x.text)).toEqual(['Allow: /']);
    expect(r.filter((x) => x.kind === 'add')[0]).toEqual({ kind: 'add', line: 5, text: 'Disallow: /' });
    expect(r.filter((x) => x.kind === 'add').some((x) => x.text === 'User-agent: ClaudeBot')).toBe(true);
  });
});

describe('diffRows: only real changes', () => {
  it('a line kept inside an edit shows unchanged, not removed and added again', () => {
    const text = 'User-agent: a\n# kept\nDisallow: /\nUser-agent: b\n';
    expect(rows(text, [{ from: 0, to: 32, insert: '# kept\nAllow: /' }], 0)).toEqual(['del 1 User-agent: a', 'same 2 # kept', 'del 3 Disallow: /', 'add 2 Allow: /', 'gap 1 ']);
  });
  it('property: the rows are the old text (same + del) and the new text (same + add), line for line', () => {
    const line = fc.constantFrom('a', 'b', 'disallow: /', 'Disallow: /', '', '# c');
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.array(line, { maxLength: 3 })), { maxLength: 3 }), (lines, cuts) => {
      const text = lines.join('\n') + '\n';
      const starts = [0];
      for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
      // Whole-line edits, in order and apart, as the composer makes them.
      const edits: { from: number; to: number; insert: string }[] = [];
      let at = 0;
      for (const [x, y, ins] of cuts) {
        const a = at + (x % 3);
        const b = a + (y % 3);
        if (b >= lines.length) break;
        edits.push({ from: starts[a]!, to: starts[b]! + lines[b]!.length, insert: ins.join('\n') });
        at = b + 2;
      }
      if (edits.length === 0) return;
      const r = diffRows(text, edits, 1_000);
      const next = applyTextEdits(text, edits);
      expect(r.filter((x) => x.kind !== 'add').map((x) => x.text).join('\n')).toBe(text.replace(/\n$/, '').split('\n').join('\n'));
      expect(r.filter((x) => x.kind === 'same' || x.kind === 'add').map((x) => x.text).join('\n')).toBe(next.replace(/\n$/, ''));
      for (const x of r) if (x.kind === 'same' || x.kind === 'del') expect(text.split('\n')[x.line - 1]).toBe(x.text);
      for (const x of r) if (x.kind === 'add') expect(next.split('\n')[x.line - 1]).toBe(x.text);
    }), { numRuns: 500, seed: 32 });
  });
});
