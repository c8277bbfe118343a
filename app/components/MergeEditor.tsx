import { EditorState } from '@codemirror/state';
import { EditorView, placeholder } from '@codemirror/view';
import { MergeView } from '@codemirror/merge';
import { useEffect, useRef } from 'react';
import { focusRing, robotsSyntax } from '../../src/editor/index.js';
import { useTester } from '../context.js';
import { useT } from '../i18n/index.js';

/** Side by side: the other version (editable) and the current robots.txt (read-only here). */
export default function MergeEditor() {
  const host = useRef<HTMLDivElement>(null);
  const t = useTester();
  const tr = useT();
  useEffect(() => {
    const { store } = t.tester;
    const theme = [EditorView.theme({ '&': { fontSize: '12.5px' }, '.cm-scroller': { fontFamily: 'var(--mono)' } }), focusRing()];
    let known = store.getState().compare ?? '';
    /** Scrolls the panes to the first changed line (what comparing is for), leaving some context above. */
    const showFirstChange = () => requestAnimationFrame(() => {
      const chunk = view.chunks[0];
      const scroller = host.current;
      if (!chunk || !scroller) return;
      const line = view.b.lineBlockAt(Math.min(chunk.fromB, view.b.state.doc.length));
      const top = line.top + view.b.documentTop - scroller.getBoundingClientRect().top + scroller.scrollTop;
      scroller.scrollTop = Math.max(0, top - 3 * line.height);
    });
    const view = new MergeView({
      parent: host.current!,
      a: {
        doc: known,
        // Long lines wrap: a rule cut at the pane's edge would hide the very change being compared.
        extensions: [robotsSyntax(), theme, EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': tr('compare.other-label'), tabindex: '0' }),
          placeholder(tr('compare.placeholder')),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            known = u.state.doc.toString();
            t.tester.setCompare(known);
          })],
      },
      b: {
        doc: store.getState().doc,
        extensions: [robotsSyntax(), theme, EditorView.lineWrapping, EditorState.readOnly.of(true), EditorView.editable.of(false),
          // Read-only, yet reachable from the keyboard so its text can be scrolled and read.
          EditorView.contentAttributes.of({ 'aria-label': tr('compare.current-label'), tabindex: '0' })],
      },
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.doc !== prev.doc) view.b.dispatch({ changes: { from: 0, to: view.b.state.doc.length, insert: s.doc } });
      // Comparing stopped: the view is about to go. Emptying its pane would say "compare with an empty version".
      if (s.compare === null) return;
      const other = s.compare;
      if (other !== known) {
        known = other;
        view.a.dispatch({ changes: { from: 0, to: view.a.state.doc.length, insert: other } });
        // A new version from a button: an empty one is to be pasted into, another is to be read where it differs.
        if (other === '') view.a.focus();
        else showFirstChange();
      }
    });
    // "Paste a version" opened an empty pane: the next step is pasting into it.
    if (known === '') view.a.focus();
    else showFirstChange();
    return () => {
      unsubscribe();
      view.destroy();
    };
  }, [t, tr]);
  return <div className="merge-host" data-testid="merge-view" ref={host} tabIndex={0} role="region" aria-label={tr('compare.region')} />;
}
