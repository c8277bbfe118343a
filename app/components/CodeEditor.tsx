import { Compartment, EditorState, type Extension, type Text } from '@codemirror/state';
import { closeHoverTooltips, EditorView, hasHoverTooltips, logException } from '@codemirror/view';
import { undo } from '@codemirror/commands';
import { useEffect, useRef, useState } from 'react';
import type { Diagnostic } from '../../src/robots/index.js';
import {
  applyFixes, applyTextEditsToView, changeSetEdits, editorPhrases, englishTranslate, lintEffects, revealLine, robotsEditor, setAnalysis, showLine, translator, type Translate,
} from '../../src/editor/index.js';
import { detectLineBreak, markedDiagnostics } from '../../src/store/index.js';
import { diagnosticsFilterStore } from '../ui-store.js';
import { useTester } from '../context.js';
import { rememberOpenedVersion } from '../persistence.js';
import { i18nStore, useT, type Translator } from '../i18n/index.js';

/** The editor's words: the app's catalogue, and the editor's own English where it has none; CodeMirror's phrases too. */
function editorLanguage(t: Translator): Extension {
  // In English the editor's own translator serves: it knows every engine and editor template.
  if (t.language === 'en') return translator.of(englishTranslate);
  const translate: Translate = (id, args) => (t.has(id) ? t(id, args) : englishTranslate(id, args));
  return [translator.of(translate), editorPhrases(translate)];
}

/** Above this size a document's lint markers wait for a pause in typing. */
const BIG_DOC_CHARS = 100_000;
const TYPING_PAUSE_MS = 600;
/** How long the "Changed — Undo" confirmation stays when nothing else happens. */
const CHANGED_SHOWN_MS = 12_000;

/** The CodeMirror editor; every change goes to the store (and from there to the worker). */
export default function CodeEditor() {
  const host = useRef<HTMLDivElement>(null);
  const t = useTester();
  const tr = useT();
  // After a one-click change (repair, fix all, AI apply): a small "Changed — Undo" until the next edit.
  const [changed, setChanged] = useState<{ undo: () => void } | null>(null);
  useEffect(() => {
    const { store } = t.tester;
    // The text as the editor last reported it: a different store text came from elsewhere
    // (a link, a file, the draft) and replaces the editor's content.
    let known = store.getState().doc;
    // True while the editor's own edit goes into the store, or the store's text into the editor:
    // either side already holds the text the other is being given.
    let editing = false;
    // When the user last typed in the editor: the deciding line never scrolls away from typing.
    let typedAt = -Infinity;
    let shownWinner = 0;
    // A paste that replaces the whole text opens a version: Compare's "The version I opened" is that one.
    let pastedWhole = false;
    const language = new Compartment();
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: known,
        extensions: [
          robotsEditor(),
          language.of(editorLanguage(i18nStore.getState().t)),
          EditorView.domEventHandlers({
            paste(e, v) {
              // CodeMirror splits lines on any break; remember which one the pasted file used.
              const text = e.clipboardData?.getData('text/plain') ?? '';
              const sel = v.state.selection.main;
              const replacesAll = v.state.doc.length === 0 || (sel.from === 0 && sel.to === v.state.doc.length);
              if (replacesAll && /[\r\n]/.test(text)) t.tester.setLineBreak(detectLineBreak(text));
              pastedWhole = replacesAll && text.trim() !== '';
              return false;
            },
          }),
        ],
      }),
      // The edit goes to the store, and from there to the workers, before the view redraws: the
      // analysis runs while CodeMirror updates its DOM, so its answer more often comes in before
      // the next frame (sent after the redraw, it often missed that frame and waited for another).
      dispatchTransactions(trs, v) {
        if (editing || !trs.some((tr) => tr.docChanged)) return v.update(trs);
        const startDoc = v.state.doc;
        const changes = trs.map((tr) => tr.changes).reduce((a, b) => a.compose(b));
        if (!trs.some((tr) => tr.isUserEvent('input.fix') || tr.isUserEvent('input.ai-policy'))) setChanged(null);
        if (trs.some((tr) => tr.isUserEvent('input.type') || tr.isUserEvent('delete') || tr.isUserEvent('input.complete'))) typedAt = performance.now();
        // The change itself goes on, not the document: nobody compares versions to find it.
        const before = store.getState();
        editing = true;
        try {
          t.tester.editDoc(changeSetEdits(changes, startDoc, before.lineBreak));
        } catch (e) {
          // A failing listener must not keep the keystroke from the view (an update listener's
          // error was logged the same way): the view and the store stay in step.
          logException(v.state, e);
        } finally {
          editing = false;
        }
        try {
          v.update(trs);
        } finally {
          // The store's text was not the editor's (it never should be), or the view refused the
          // change: the editor's text wins.
          const after = store.getState();
          if (after.docRevision === before.docRevision || v.state.doc !== trs[trs.length - 1]!.state.doc) {
            t.tester.setDoc(v.state.doc.sliceString(0, v.state.doc.length, after.lineBreak));
          }
          known = store.getState().doc;
        }
        if (pastedWhole && trs.some((tr) => tr.isUserEvent('input.paste'))) {
          pastedWhole = false;
          rememberOpenedVersion(known);
        }
      },
    });
    const unsubscribe = store.subscribe((s) => {
      if (editing || s.doc === known) return;
      known = s.doc;
      const current = view.state.doc.sliceString(0, view.state.doc.length, s.lineBreak);
      if (current === s.doc) return;
      editing = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s.doc }, userEvent: 'input.replace' });
      } finally {
        editing = false;
      }
    });
    // Escape closes a hover tooltip wherever the focus is (the mouse opened it, not the keyboard).
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && hasHoverTooltips(view.state)) view.dispatch({ effects: closeHoverTooltips });
    };
    window.addEventListener('keydown', onKey);
    // In a big file, installing lint markers walks the whole document (tens of ms): it waits for a
    // pause in typing, and markers for a text that changed meanwhile are dropped (newer ones follow).
    let pendingLint: { diagnostics: readonly Diagnostic[]; doc: Text } | null = null;
    // The findings last shown: a change of language words them again.
    let lastDiagnostics: readonly Diagnostic[] = [];
    const unsubscribeLanguage = i18nStore.subscribe((s, prev) => {
      if (s.t === prev.t) return;
      view.dispatch({ effects: language.reconfigure(editorLanguage(s.t)) });
      const effects = lintEffects(view.state, marked(lastDiagnostics));
      if (effects.length > 0) view.dispatch({ effects });
    });
    // The editor marks Google's problems; the other parsers' notes only when the Diagnostics filter asks.
    const marked = (diagnostics: readonly Diagnostic[]) => markedDiagnostics(diagnostics, diagnosticsFilterStore.getState());
    const unsubscribeFilter = diagnosticsFilterStore.subscribe((f, prev) => {
      if (f.markOther === prev.markOther) return;
      const effects = lintEffects(view.state, marked(lastDiagnostics));
      if (effects.length > 0) view.dispatch({ effects });
    });
    let lintTimer: ReturnType<typeof setTimeout> | null = null;
    const installLint = () => {
      lintTimer = null;
      if (!pendingLint) return;
      const quiet = performance.now() - typedAt;
      if (quiet < TYPING_PAUSE_MS) {
        lintTimer = setTimeout(installLint, TYPING_PAUSE_MS - quiet);
        return;
      }
      const { diagnostics, doc } = pendingLint;
      pendingLint = null;
      if (doc !== view.state.doc) return;
      const effects = lintEffects(view.state, marked(diagnostics));
      if (effects.length > 0) view.dispatch({ effects });
    };
    // The focus goes back to the editor, so Ctrl+Z undoes the change at once; the Undo button does too.
    const confirmChange = () => {
      view.focus();
      setChanged({
        undo: () => {
          undo(view);
          view.focus();
          setChanged(null);
        },
      });
    };
    t.attachEditor({
      show(analysis, diagnostics) {
        const effects = [];
        if (analysis) effects.push(setAnalysis.of(analysis));
        if (diagnostics) {
          lastDiagnostics = diagnostics;
          if (view.state.doc.length > BIG_DOC_CHARS) {
            pendingLint = { diagnostics, doc: view.state.doc };
            if (!lintTimer) installLint();
          } else {
            effects.push(...lintEffects(view.state, marked(diagnostics)));
          }
        }
        if (effects.length > 0) view.dispatch({ effects });
        // A new deciding line is brought into view, unless the user is typing in the editor.
        if (analysis && analysis.winnerLine !== shownWinner) {
          shownWinner = analysis.winnerLine;
          if (shownWinner > 0 && performance.now() - typedAt > 1500) showLine(view, shownWinner);
        }
      },
      reveal: (line) => revealLine(view, line),
      fix: (requests) => {
        const n = applyFixes(view, requests);
        if (n > 0) confirmChange();
        return n;
      },
      edit: (base, edits) => {
        const done = applyTextEditsToView(view, base, edits, store.getState().lineBreak);
        if (done) confirmChange();
        return done;
      },
    });
    return () => {
      if (lintTimer) clearTimeout(lintTimer);
      window.removeEventListener('keydown', onKey);
      unsubscribe();
      unsubscribeLanguage();
      unsubscribeFilter();
      t.attachEditor(null);
      view.destroy();
    };
  }, [t]);
  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => setChanged(null), CHANGED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [changed]);
  return (
    <>
      <div className="editor-mount" ref={host} />
      {changed && (
        <div className="editor-changed" role="status" data-testid="changed">
          <span>{tr('editor.changed')}</span>
          <button type="button" className="btn btn-small" data-testid="changed-undo" onClick={changed.undo}>{tr('editor.undo')}</button>
        </div>
      )}
    </>
  );
}
