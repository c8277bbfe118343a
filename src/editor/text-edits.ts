/**
 * Applies edits made to the text as the tester holds it (its own line break between lines) to the
 * editor, as one undoable transaction: the AI access tab's whole edit is one Ctrl+Z.
 */
import type { ChangeSpec, EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { TextEdit } from '../robots/index.js';

/**
 * `edits` of `base` (the document written with `lineBreak`) as the editor's changes; null when
 * the editor's document is no longer `base`.
 */
export function textEditsToChanges(state: EditorState, base: string, edits: readonly TextEdit[], lineBreak: string): ChangeSpec[] | null {
  const doc = state.doc;
  if (doc.sliceString(0, doc.length, lineBreak) !== base) return null;
  // The editor keeps one character per line break: a CRLF text's positions shift by one per line.
  const extra = lineBreak.length - 1;
  const breaksBefore = (pos: number) => {
    if (extra === 0) return 0;
    let n = 0;
    for (let i = base.indexOf(lineBreak); i >= 0 && i < pos; i = base.indexOf(lineBreak, i + lineBreak.length)) n++;
    return n;
  };
  return edits.map((e) => ({
    from: e.from - breaksBefore(e.from) * extra,
    to: e.to - breaksBefore(e.to) * extra,
    insert: e.insert.replace(/\r\n|\r|\n/g, '\n'),
  }));
}

/** Dispatches `edits` of `base` as one transaction; false, and nothing changes, when the document is no longer `base`. */
export function applyTextEditsToView(view: EditorView, base: string, edits: readonly TextEdit[], lineBreak: string): boolean {
  const changes = textEditsToChanges(view.state, base, edits, lineBreak);
  if (!changes) return false;
  view.dispatch({ changes, userEvent: 'input.ai-policy', scrollIntoView: true });
  return true;
}
