import { describe, expect, it } from 'vitest';
import { applyTextEdits, editsFit } from './edit.js';

describe('text edits (the editor\'s changes, as the workers receive them)', () => {
  it('apply as successive slices do', () => {
    expect(applyTextEdits('abcdef', [{ from: 1, to: 2, insert: 'X' }, { from: 4, to: 4, insert: 'YZ' }])).toBe('aXcdYZef');
    expect(editsFit([{ from: 1, to: 2, insert: '' }, { from: 1, to: 3, insert: '' }], 6)).toBe(false);
    expect(editsFit([{ from: 5, to: 7, insert: '' }], 6)).toBe(false);
  });
});
