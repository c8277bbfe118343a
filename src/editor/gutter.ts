/**
 * A gutter of markers for lines with findings: one symbol per severity, the same severity the
 * Diagnostics panel and the lint markers show (all from the engine's catalogue); the marker's
 * tooltip says why.
 */
import type { Extension } from '@codemirror/state';
import { gutter, GutterMarker, type EditorView } from '@codemirror/view';
import type { Severity } from '../robots/index.js';
import { analysisField } from './analysis-field.js';
import { describeEditorLine, fileWideField, linePartsAt, markerTitle, sameLineParts, severityOfLine, type EditorLineParts } from './line-info.js';
import { translator, type Translate } from './translate.js';

/** The symbol of each severity, as the Diagnostics panel shows it. */
export const SEVERITY_SYMBOL: Readonly<Record<Severity, string>> = { error: '✕', warning: '!', info: 'i' };

/** A line's marker; its words are made only when it is drawn, so an unchanged line costs a compare. */
class LineMarker extends GutterMarker {
  constructor(readonly severity: Severity, readonly line: EditorLineParts | null, readonly t: Translate | null) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    if (!(other instanceof LineMarker) || other.severity !== this.severity || other.t !== this.t) return false;
    return this.line === null || other.line === null ? this.line === other.line : sameLineParts(this.line, other.line);
  }
  override toDOM(): Node {
    const el = document.createElement('span');
    el.className = `rt-marker rt-marker-${this.severity}`;
    el.textContent = SEVERITY_SYMBOL[this.severity];
    if (this.line && this.t) {
      const why = markerTitle(describeEditorLine(this.line), this.t);
      el.title = why;
      el.setAttribute('aria-label', this.t('editor.severity', { severity: this.severity, text: why }));
    }
    return el;
  }
}

/** The marker gutter. */
export function robotsGutter(): Extension {
  return gutter({
    class: 'rt-marker-gutter',
    lineMarker(view: EditorView, block) {
      const line = linePartsAt(view.state, view.state.doc.lineAt(block.from).number);
      const severity = line && severityOfLine(line);
      return severity ? new LineMarker(severity, line, view.state.facet(translator)) : null;
    },
    lineMarkerChange: (u) => u.docChanged || u.startState.field(analysisField, false) !== u.state.field(analysisField, false) ||
      u.startState.field(fileWideField, false) !== u.state.field(fileWideField, false) ||
      u.startState.facet(translator) !== u.state.facet(translator),
    initialSpacer: () => new LineMarker('info', null, null),
  });
}
