import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

/** The characters of a long file the placeholder shows (the editor shows a screenful anyway). */
const PLACEHOLDER_CHARS = 20_000;

/** The number of lines of `text`, as the editor counts them (any line break ends a line). */
function lineCount(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/**
 * The file as the editor will show it, where it will (its line numbers in a gutter as wide as the
 * editor's, the text at the editor's font, line height and padding), while the editor loads: the
 * page's HTML holds it (app/first-screen.tsx), so it is there before any script runs.
 */
function Placeholder() {
  const doc = useTesterState((s) => s.doc);
  const t = useT();
  const shown = doc.length > PLACEHOLDER_CHARS ? doc.slice(0, PLACEHOLDER_CHARS) + '\n…' : doc;
  const numbers = Array.from({ length: lineCount(shown) }, (_, i) => i + 1).join('\n');
  return (
    <div className="editor-placeholder" aria-busy="true" aria-label={t('app.editor-loading')}>
      {/* As wide as the editor's gutters: the line numbers' (the widest number's digits), then the markers'. */}
      <pre className="editor-placeholder-gutter" aria-hidden="true" style={{ width: `calc(max(20px, ${String(lineCount(doc)).length}ch + 8px) + 19px)` }}>{numbers}</pre>
      <pre className="editor-placeholder-text">{shown}</pre>
    </div>
  );
}

/** CodeMirror, the largest part of the app. */
const loadCodeEditor = () => import('./CodeEditor.js');

/** How near the screen the editor is when CodeMirror starts loading (a phone shows the tests above it). */
const NEAR_SCREEN = '200px';

/**
 * The robots.txt editor: the placeholder until CodeMirror has loaded, which it does once the page
 * has been drawn (and taken over) and the editor is near the screen: on a phone, where the tests
 * come first, not before the user goes to the file.
 */
export function Editor() {
  // Not React.lazy: the placeholder is part of the page's HTML, and the app takes it over as it is.
  const [CodeEditor, setCodeEditor] = useState<ComponentType | null>(null);
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let mounted = true;
    const load = () => {
      near?.disconnect();
      // A chunk that cannot load (offline without it, a new deploy) leaves the file shown, read-only.
      loadCodeEditor().then((m) => mounted && setCodeEditor(() => m.default), () => {});
    };
    const near = typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && load(), { rootMargin: NEAR_SCREEN })
      : null;
    if (near) near.observe(host.current!);
    else load();
    return () => {
      mounted = false;
      near?.disconnect();
    };
  }, []);
  return <div className="editor-host" data-testid="robots-editor" ref={host}>{CodeEditor ? <CodeEditor /> : <Placeholder />}</div>;
}
