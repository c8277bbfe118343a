/**
 * The editor's basic setup: line numbers, history, search, keyboard, theme.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import type { Extension } from '@codemirror/state';
import {
  closeHoverTooltips, drawSelection, EditorView, hasHoverTooltips, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap,
  lineNumbers,
} from '@codemirror/view';
import { focusRing } from './focus-ring.js';

/** Escape closes an open hover tooltip (and does nothing else then). */
function closeTooltips(view: EditorView): boolean {
  if (!hasHoverTooltips(view.state)) return false;
  view.dispatch({ effects: closeHoverTooltips });
  return true;
}

/** The editing basics, without language or analysis features. */
export function editorBasics(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    // No Tab binding: robots.txt has no meaningful indentation, so Tab moves focus on (WCAG 2.1.2).
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, { key: 'Escape', run: closeTooltips }]),
    // An explicit tabindex: checkers (axe) then see the scrolling editor as reachable from the keyboard, as it is.
    EditorView.contentAttributes.of({ 'aria-label': 'robots.txt', spellcheck: 'false', tabindex: '0' }),
    editorTheme,
    focusRing(),
  ];
}

const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13.5px', backgroundColor: 'var(--editor-bg)', color: 'var(--text)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.6' },
  '.cm-content': { caretColor: 'var(--accent)' },
  '.cm-gutters': { backgroundColor: 'var(--editor-gutter)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'var(--active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--active-line)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--selection) !important' },
  '.cm-panels': { backgroundColor: 'var(--panel)', color: 'var(--text)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', border: '1px solid var(--border)', borderRadius: '8px', boxShadow: 'var(--shadow)' },
});
