/**
 * Selecting and scrolling to a line (clicking the deciding rule in the verdict).
 */
import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/** Selects line `lineNumber`, scrolls it to the middle of the editor and focuses the editor. */
export function revealLine(view: EditorView, lineNumber: number): void {
  if (lineNumber < 1 || lineNumber > view.state.doc.lines) return;
  const line = view.state.doc.line(lineNumber);
  view.dispatch({
    selection: EditorSelection.range(line.from, line.to),
    effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
  });
  view.focus();
}
