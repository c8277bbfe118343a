/**
 * Applies edits made to the text as the tester holds it (its own line break between lines) to the
 * editor, as one undoable transaction: the AI access tab's whole edit is one Ctrl+Z.
 */
import type { EditorView } from '@codemirror/view';
import type { TextEdit } from '../robots/index.js';

/**
 * Dispatches `edits` of `base` (the document written with `lineBreak`) as one transaction; false,
 * and nothing changes, when the document is no longer `base`.
 */
export function applyTextEditsToView(view: EditorView, base: string, edits: readonly TextEdit[], lineBreak: string): boolean {
  const doc = view.state.doc;
  if (doc.sliceString(0, doc.length, lineBreak) !== base) return false;
  // The editor keeps one character per line break: a CRLF text's positions shift by one per line.
  const extra = lineBreak.length - 1;
  const breaksBefore = (pos: number) => {
    if (extra === 0) return 0;
    let n = 0;
    for (let i = base.indexOf(lineBreak); i >= 0 && i < pos; i = base.indexOf(lineBreak, i + lineBreak.length)) n++;
    return n;
  };
  const changes = edits.map((e) => ({
    from: e.from - breaksBefore(e.from) * extra,
    to: e.to - breaksBefore(e.to) * extra,
    insert: e.insert.replace(/\r\n|\r|\n/g, '\n'),
  }));
  view.dispatch({ changes, userEvent: 'input.ai-policy', scrollIntoView: true });
  return true;
}
