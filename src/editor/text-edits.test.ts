import { EditorState, type Transaction } from '@codemirror/state';
import { history, undo } from '@codemirror/commands';
import { describe, expect, it } from 'vitest';
import { applyTextEdits } from '../robots/index.js';
import { textEditsToChanges } from './text-edits.js';

const written = (s: EditorState, lineBreak: string) => s.doc.sliceString(0, s.doc.length, lineBreak);

describe('textEditsToChanges: the AI access tab’s edit in the editor', () => {
  it('CRLF text: positions of the text map to the editor’s; one transaction, one undo', () => {
    const base = 'User-agent: *\r\nDisallow: /x\r\n\r\nUser-agent: GPTBot\r\nAllow: /\r\n';
    const at = base.indexOf('Allow: /');
    const edits = [{ from: at, to: at + 8, insert: 'Disallow: /' }, { from: base.length, to: base.length, insert: 'User-agent: CCBot\r\nDisallow: /\r\n' }];
    let state = EditorState.create({ doc: base.replace(/\r\n/g, '\n'), extensions: [history()] });
    state = state.update({ changes: textEditsToChanges(state, base, edits, '\r\n')! }).state;
    expect(written(state, '\r\n')).toBe(applyTextEdits(base, edits));
    undo({ state, dispatch: (tr: Transaction) => { state = tr.state; } });
    expect(written(state, '\r\n')).toBe(base);
  });
  it('refuses when the document is no longer the text the edit was made for', () => {
    const state = EditorState.create({ doc: 'User-agent: *\n' });
    expect(textEditsToChanges(state, 'User-agent: x\n', [{ from: 0, to: 0, insert: '#' }], '\n')).toBeNull();
  });
});
