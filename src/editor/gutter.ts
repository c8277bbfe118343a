/**
 * A gutter of markers for lines with findings: one symbol per severity, the same severity the
 * Diagnostics panel and the lint markers show (all from the engine's catalogue); the marker's
 * tooltip says why.
 */
import type { Extension } from '@codemirror/state';
import { gutter, GutterMarker, type EditorView } from '@codemirror/view';
import { shallow } from 'zustand/shallow';
import type { LineData, Severity } from '../robots/index.js';
import { analysisField } from './analysis-field.js';
import {
  describeEditorLine, fileWideField, lineSourceOf, linePartsOf, markerTitle, sameLineParts, severityOfLine, type EditorLineParts, type FileWideNote,
} from './line-info.js';
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

/** A line's marker as last drawn and what it was made of. */
interface DrawnLine {
  readonly text: string;
  readonly fileWide: readonly FileWideNote[];
  readonly t: Translate;
  readonly marker: LineMarker | null;
}

/** Whether analysed line `line` reads the same in two line tables (every column a marker is made from). */
function sameRow(a: LineData, b: LineData, line: number): boolean {
  const i = line - 1;
  return a.kind[i] === b.kind[i] && a.field[i] === b.field[i] && a.flags[i] === b.flags[i] && a.group[i] === b.group[i] &&
    a.keyFrom[i] === b.keyFrom[i] && a.keyTo[i] === b.keyTo[i] && a.valueFrom[i] === b.valueFrom[i] && a.valueTo[i] === b.valueTo[i];
}

/** The marker gutter. */
export function robotsGutter(): Extension {
  // Every edit redraws the gutter and asks for each visible line's marker: a line whose analysed
  // annotations, text, file-wide findings and language are those it was last drawn with keeps its
  // marker, so a keystroke reads only the line it changed. By line table (each analysis has its
  // own); a new analysis takes over the markers of the lines its table reads as the last one did.
  const drawn = new WeakMap<LineData, (DrawnLine | undefined)[]>();
  let current: LineData | null = null;
  let previous: LineData | null = null;
  return gutter({
    class: 'rt-marker-gutter',
    lineMarker(view: EditorView, block) {
      const { state } = view;
      const line = state.doc.lineAt(block.from);
      const source = lineSourceOf(state, line);
      if (!source) return null;
      const t = state.facet(translator);
      let byLine = drawn.get(source.L);
      if (!byLine) {
        drawn.set(source.L, (byLine = []));
        [previous, current] = [current, source.L];
      }
      let known = byLine[source.analysed];
      if (!known && previous && source.L === current && sameRow(previous, source.L, source.analysed)) known = drawn.get(previous)?.[source.analysed];
      if (known && known.text === line.text && known.t === t && shallow(known.fileWide, source.fileWide)) {
        byLine[source.analysed] = known;
        return known.marker;
      }
      const parts = linePartsOf(source, line);
      const severity = severityOfLine(parts);
      const marker = severity ? new LineMarker(severity, parts, t) : null;
      byLine[source.analysed] = { text: line.text, fileWide: source.fileWide, t, marker };
      return marker;
    },
    lineMarkerChange: (u) => u.docChanged || u.startState.field(analysisField, false) !== u.state.field(analysisField, false) ||
      u.startState.field(fileWideField, false) !== u.state.field(fileWideField, false) ||
      u.startState.facet(translator) !== u.state.facet(translator),
    initialSpacer: () => new LineMarker('info', null, null),
  });
}
