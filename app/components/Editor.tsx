import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { robotsEditor } from '../../src/editor/index.js';
import { useTester } from '../context.js';

/** The CodeMirror editor; every change goes to the store (and from there to the worker). */
export function Editor() {
  const host = useRef<HTMLDivElement>(null);
  const t = useTester();
  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: t.tester.store.getState().doc,
        extensions: [
          robotsEditor(),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) t.tester.setDoc(u.state.doc.toString());
          }),
        ],
      }),
    });
    t.attachEditor(view);
    return () => {
      t.attachEditor(null);
      view.destroy();
    };
  }, [t]);
  return <div className="editor-host" data-testid="robots-editor" ref={host} />;
}
