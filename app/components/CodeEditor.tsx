import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { applyChangesToString, lintEffects, revealLine, robotsEditor, setAnalysis } from '../../src/editor/index.js';
import { detectLineBreak } from '../../src/store/index.js';
import { useTester } from '../context.js';

/** The CodeMirror editor; every change goes to the store (and from there to the worker). */
export default function CodeEditor() {
  const host = useRef<HTMLDivElement>(null);
  const t = useTester();
  useEffect(() => {
    const { store } = t.tester;
    // The text as the editor last reported it: a different store text came from elsewhere
    // (a link, a file, the draft) and replaces the editor's content.
    let known = store.getState().doc;
    // The editor's document as one LF-joined string, kept current by each change.
    let editorText = '';
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: known,
        extensions: [
          robotsEditor(),
          EditorView.domEventHandlers({
            paste(e, v) {
              // CodeMirror splits lines on any break; remember which one the pasted file used.
              const text = e.clipboardData?.getData('text/plain') ?? '';
              const sel = v.state.selection.main;
              const replacesAll = v.state.doc.length === 0 || (sel.from === 0 && sel.to === v.state.doc.length);
              if (replacesAll && /[\r\n]/.test(text)) t.tester.setLineBreak(detectLineBreak(text));
              return false;
            },
          }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            editorText = applyChangesToString(editorText, u.changes);
            const lineBreak = store.getState().lineBreak;
            known = lineBreak === '\n' ? editorText : u.state.doc.sliceString(0, u.state.doc.length, lineBreak);
            t.tester.setDoc(known);
          }),
        ],
      }),
    });
    editorText = view.state.doc.toString();
    const unsubscribe = store.subscribe((s) => {
      if (s.doc === known) return;
      known = s.doc;
      const current = view.state.doc.sliceString(0, view.state.doc.length, s.lineBreak);
      if (current !== s.doc) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s.doc }, userEvent: 'input.replace' });
    });
    t.attachEditor({
      show(analysis, diagnostics) {
        const effects = [];
        if (analysis) effects.push(setAnalysis.of(analysis));
        if (diagnostics) effects.push(...lintEffects(view.state, diagnostics));
        if (effects.length > 0) view.dispatch({ effects });
      },
      reveal: (line) => revealLine(view, line),
    });
    return () => {
      unsubscribe();
      t.attachEditor(null);
      view.destroy();
    };
  }, [t]);
  return <div className="editor-mount" ref={host} />;
}
