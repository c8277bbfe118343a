import { diagnosticCount } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../robots/index.js';
import { lintEffects } from './lint.js';

const TEXT = 'User-agent: *\nDisalow: /a\nCrawl-delay: 5\nDisallow: /b\n';

/** A diagnostic on `line`, columns [from, to). */
const diag = (line: number, from: number, to: number, code = 'misspelled-field', key = 'Disalow'): Diagnostic =>
  ({ code, severity: 'warning', line, from, to, args: { key, field: 'disallow' }, message: `m-${code}`, hint: 'h' }) as unknown as Diagnostic;

/** The state after installing `ds`. */
function installed(state: EditorState, ds: readonly Diagnostic[]): EditorState {
  return state.update({ effects: lintEffects(state, ds) }).state;
}

describe('lint markers', () => {
  const ds = [diag(2, 0, 7), diag(3, 0, 11, 'ignored-field')];

  it('installs markers, and installs nothing when the same ones come again', () => {
    const state = installed(EditorState.create({ doc: TEXT }), ds);
    expect(diagnosticCount(state)).toBe(2);
    expect(lintEffects(state, ds)).toEqual([]);
  });

  it('after an edit above them, the same findings on their new lines change nothing', () => {
    let state = installed(EditorState.create({ doc: TEXT }), ds);
    state = state.update({ changes: { from: 0, insert: '# note\n' } }).state;
    expect(lintEffects(state, [diag(3, 0, 7), diag(4, 0, 11, 'ignored-field')])).toEqual([]);
  });

  it('installs again when a finding is added, removed, moved or reworded', () => {
    const state = installed(EditorState.create({ doc: TEXT }), ds);
    expect(lintEffects(state, [...ds, diag(4, 0, 8, 'other')])).not.toEqual([]);
    expect(lintEffects(state, ds.slice(1))).not.toEqual([]);
    expect(lintEffects(state, [diag(2, 1, 7), ds[1]!])).not.toEqual([]);
    expect(lintEffects(state, [{ ...ds[0]!, message: 'reworded', args: { key: 'Dissalow', field: 'disallow' } }, ds[1]!])).not.toEqual([]);
    expect(lintEffects(state, [])).not.toEqual([]);
  });
});
