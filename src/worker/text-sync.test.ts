import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTextEdits, type TextEdit } from '../robots/index.js';
import { HeldText, OutOfSyncError, TextMirror } from './text-sync.js';

const big = (n: number) => 'Disallow: /x\n'.repeat(Math.ceil(n / 13)).slice(0, n);

describe('text sync: the worker\'s copy follows the editor\'s edits exactly', () => {
  it('through any edits, sent after any number of them (property)', () => {
    const pick = fc.record({ at: fc.nat(17_000), remove: fc.nat(40), insert: fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'é', '😀'), maxLength: 30 }) });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(pick, { maxLength: 3 }), fc.boolean()), { minLength: 1, maxLength: 8 }), (steps) => {
        let text = big(16_500);
        const held = new HeldText();
        const mirror = new TextMirror();
        mirror.apply(held.payload(text));
        for (const [picks, send] of steps) {
          const edits: TextEdit[] = [];
          let pos = 0;
          for (const p of [...picks].sort((a, b) => a.at - b.at)) {
            const from = Math.max(pos, Math.min(p.at, text.length));
            const to = Math.min(text.length, from + p.remove);
            edits.push({ from, to, insert: p.insert });
            pos = to;
          }
          text = applyTextEdits(text, edits);
          held.changed(edits, text);
          if (send) expect(mirror.apply(held.payload(text)).text).toBe(text);
        }
        expect(mirror.apply(held.payload(text)).text).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('sends small documents whole, large ones as the stretch that changed', () => {
    const held = new HeldText();
    expect(held.payload('User-agent: *').kind).toBe('whole');
    const text = big(20_000);
    held.changed(null, text);
    expect(held.payload(text).kind).toBe('whole');
    held.changed([{ from: 20_000, to: 20_000, insert: 'y' }], text + 'y');
    expect(held.payload(text + 'y')).toEqual({ kind: 'edit', baseLength: 20_000, from: 20_000, to: 20_000, insert: 'y' });
  });

  it('sends a keystroke as the edit told, without reading the new text (V8 would first copy a text built by an edit)', () => {
    const held = new HeldText();
    const text = big(20_000);
    held.payload(text);
    const typed = Object.assign(new String(text.slice(0, 5) + 'y' + text.slice(5)), {
      slice: () => {
        throw new Error('read');
      },
    }) as unknown as string;
    held.changed([{ from: 5, to: 5, insert: 'y' }], typed);
    expect(held.payload(typed)).toEqual({ kind: 'edit', baseLength: 20_000, from: 5, to: 5, insert: 'y' });
  });

  it('sends whole after a replacement or a lost copy; the text held again as an empty edit', () => {
    const held = new HeldText();
    const text = big(20_000);
    held.payload(text);
    const replaced = text.replace('/x', '/y');
    held.changed(null, replaced);
    expect(held.payload(replaced).kind).toBe('whole');
    expect(held.payload(replaced)).toEqual({ kind: 'edit', baseLength: 20_000, from: 20_000, to: 20_000, insert: '' });
    held.lost();
    expect(held.payload(replaced).kind).toBe('whole');
  });

  it('sends whole a text other than the one the edits told lead to (an older request re-sent), and the next one', () => {
    const held = new HeldText();
    const text = big(20_000);
    held.payload(text);
    const edited = 'X' + text.slice(1);
    held.changed([{ from: 0, to: 1, insert: 'X' }], edited);
    // The same length as the edited text, but another string: only a whole copy is safe.
    expect(held.payload('Y' + text.slice(1))).toEqual({ kind: 'whole', text: 'Y' + text.slice(1) });
    // Edits told next apply to the newest text, not to the one just sent: whole once more (a site
    // audit re-sent after an error), then edits again.
    const typed = edited + 'y';
    held.changed([{ from: 20_000, to: 20_000, insert: 'y' }], typed);
    expect(held.payload(typed)).toEqual({ kind: 'whole', text: typed });
    held.changed([{ from: 0, to: 0, insert: 'z' }], 'z' + typed);
    expect(held.payload('z' + typed)).toEqual({ kind: 'edit', baseLength: 20_001, from: 0, to: 0, insert: 'z' });
  });

  it('after a lost copy, an older text sent whole is not taken for the newest (a site audit re-sent after an error)', () => {
    const held = new HeldText();
    const text = big(20_000);
    const mirror = new TextMirror();
    mirror.apply(held.payload(text));
    const typed = text + 'y';
    held.changed([{ from: 20_000, to: 20_000, insert: 'y' }], typed);
    held.lost();
    mirror.apply(held.payload(text));
    const more = typed + 'z';
    held.changed([{ from: 20_001, to: 20_001, insert: 'z' }], more);
    expect(mirror.apply(held.payload(more)).text).toBe(more);
  });

  it('refuses an edit of a text it does not hold', () => {
    const mirror = new TextMirror();
    expect(() => mirror.apply({ kind: 'edit', baseLength: 5, from: 0, to: 0, insert: 'x' })).toThrow(OutOfSyncError);
    mirror.apply({ kind: 'whole', text: 'abc' });
    expect(() => mirror.apply({ kind: 'edit', baseLength: 4, from: 0, to: 0, insert: 'x' })).toThrow(OutOfSyncError);
  });
});
