/**
 * Bringing a line into view: on request (clicking the deciding rule), and by itself when the
 * deciding line changes and is off-screen. Neither selects text: a selection would make the
 * editor paint every matching text elsewhere, in colours that read as verdicts.
 */
import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/** Puts the cursor at the start of line `lineNumber`, scrolls it to the middle and focuses the editor. */
export function revealLine(view: EditorView, lineNumber: number): void {
  if (lineNumber < 1 || lineNumber > view.state.doc.lines) return;
  const line = view.state.doc.line(lineNumber);
  view.dispatch({
    selection: EditorSelection.cursor(line.from),
    effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
  });
  view.focus();
}

/** Whether line `lineNumber` is fully inside the editor's visible area. */
function onScreen(view: EditorView, lineNumber: number): boolean {
  const block = view.lineBlockAt(view.state.doc.line(lineNumber).from);
  const rect = view.scrollDOM.getBoundingClientRect();
  return view.documentTop + block.top >= rect.top && view.documentTop + block.bottom <= rect.bottom;
}

/** Scrolls line `lineNumber` to the middle when it is off-screen; cursor and focus stay. */
export function showLine(view: EditorView, lineNumber: number): void {
  if (lineNumber < 1 || lineNumber > view.state.doc.lines || onScreen(view, lineNumber)) return;
  view.dispatch({ effects: EditorView.scrollIntoView(view.state.doc.line(lineNumber).from, { y: 'center' }) });
}
