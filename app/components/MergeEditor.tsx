import { EditorState } from '@codemirror/state';
import { EditorView, placeholder } from '@codemirror/view';
import { MergeView } from '@codemirror/merge';
import { useEffect, useRef } from 'react';
import { robotsSyntax } from '../../src/editor/index.js';
import { useTester } from '../context.js';
import { useT } from '../i18n/index.js';

/** Side by side: the other version (editable) and the current robots.txt (read-only here). */
export default function MergeEditor() {
  const host = useRef<HTMLDivElement>(null);
  const t = useTester();
  const tr = useT();
  useEffect(() => {
    const { store } = t.tester;
    const theme = EditorView.theme({ '&': { fontSize: '12.5px' }, '.cm-scroller': { fontFamily: 'var(--mono)' } });
    let known = store.getState().compare ?? '';
    const view = new MergeView({
      parent: host.current!,
      a: {
        doc: known,
        extensions: [robotsSyntax(), theme, EditorView.contentAttributes.of({ 'aria-label': tr('compare.other-label'), tabindex: '0' }),
          placeholder(tr('compare.placeholder')),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            known = u.state.doc.toString();
            t.tester.setCompare(known);
          })],
      },
      b: {
        doc: store.getState().doc,
        extensions: [robotsSyntax(), theme, EditorState.readOnly.of(true), EditorView.editable.of(false),
          // Read-only, yet reachable from the keyboard so its text can be scrolled and read.
          EditorView.contentAttributes.of({ 'aria-label': tr('compare.current-label'), tabindex: '0' })],
      },
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.doc !== prev.doc) view.b.dispatch({ changes: { from: 0, to: view.b.state.doc.length, insert: s.doc } });
      const other = s.compare ?? '';
      if (other !== known) {
        known = other;
        view.a.dispatch({ changes: { from: 0, to: view.a.state.doc.length, insert: other } });
      }
    });
    // "Paste a version" opened an empty pane: the next step is pasting into it.
    if (known === '') view.a.focus();
    return () => {
      unsubscribe();
      view.destroy();
    };
  }, [t, tr]);
  return <div className="merge-host" data-testid="merge-view" ref={host} tabIndex={0} role="region" aria-label={tr('compare.region')} />;
}
