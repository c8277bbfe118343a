/**
 * The editors' focus ring, drawn by an overlay rather than an outline (CodeMirror's own ring is an
 * outline too).
 */
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

// One theme for every editor: each EditorView.theme call adds a class and rules that stay.
const ring = EditorView.theme({
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused::after': {
    content: '""', position: 'absolute', inset: '0', border: '2px solid var(--focus)', borderRadius: 'inherit', pointerEvents: 'none',
    // Over the search and lint panels (300), under tooltips and completions (500).
    zIndex: '400',
  },
});

/**
 * A 2 px ring in the focus colour while the editor has focus. Not an outline: Chromium repaints an
 * element with an outline whenever a descendant's size changes, and CodeMirror sets and clears its
 * content's height on every update, so each keystroke repainted the whole editor, not its line.
 */
export function focusRing(): Extension {
  return ring;
}
