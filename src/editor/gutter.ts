/**
 * A gutter of markers for lines with findings: one symbol per severity, the same severity the
 * Diagnostics panel and the lint markers show (all from the engine's catalogue); the marker's
 * tooltip says why.
 */
import type { Extension } from '@codemirror/state';
import { gutter, GutterMarker, type EditorView } from '@codemirror/view';
import type { Severity } from '../robots/index.js';
import { analysisField } from './analysis-field.js';
import { fileWideField, lineInfoAt, markerAt, markerTitle } from './line-info.js';
import { translator } from './translate.js';

/** The symbol of each severity, as the Diagnostics panel shows it. */
export const SEVERITY_SYMBOL: Readonly<Record<Severity, string>> = { error: '✕', warning: '!', info: 'i' };

class LineMarker extends GutterMarker {
  constructor(readonly severity: Severity, readonly why: string, readonly label: string) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof LineMarker && other.severity === this.severity && other.why === this.why;
  }
  override toDOM(): Node {
    const el = document.createElement('span');
    el.className = `rt-marker rt-marker-${this.severity}`;
    el.textContent = SEVERITY_SYMBOL[this.severity];
    el.title = this.why;
    el.setAttribute('aria-label', this.label);
    return el;
  }
}

/** The marker gutter. */
export function robotsGutter(): Extension {
  return gutter({
    class: 'rt-marker-gutter',
    lineMarker(view: EditorView, block) {
      const line = view.state.doc.lineAt(block.from);
      const severity = markerAt(view.state, line.number);
      const info = severity ? lineInfoAt(view.state, line.number) : null;
      if (!severity || !info) return null;
      const t = view.state.facet(translator);
      const why = markerTitle(info, t);
      return new LineMarker(severity, why, t('editor.severity', { severity, text: why }));
    },
    lineMarkerChange: (u) => u.docChanged || u.startState.field(analysisField, false) !== u.state.field(analysisField, false) ||
      u.startState.field(fileWideField, false) !== u.state.field(fileWideField, false) ||
      u.startState.facet(translator) !== u.state.facet(translator),
    initialSpacer: () => new LineMarker('info', '', ''),
  });
}
