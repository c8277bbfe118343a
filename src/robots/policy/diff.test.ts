import { describe, expect, it } from 'vitest';
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
