/**
 * A gutter of markers for lines Google ignores, cannot read, or reads differently from how they
 * look; each marker's tooltip says why.
 */
import type { Extension } from '@codemirror/state';
import { gutter, GutterMarker, type EditorView } from '@codemirror/view';
import { analysisField } from './analysis-field.js';
import { lineInfoAt, markerKindAt } from './line-info.js';

const SYMBOL = { ignored: '⊘', invalid: '!', note: 'i' } as const;

class LineMarker extends GutterMarker {
  constructor(readonly kind: keyof typeof SYMBOL, readonly why: string) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof LineMarker && other.kind === this.kind && other.why === this.why;
  }
  override toDOM(): Node {
    const el = document.createElement('span');
    el.className = `rt-marker rt-marker-${this.kind}`;
    el.textContent = SYMBOL[this.kind];
    el.title = this.why;
    el.setAttribute('aria-label', this.why);
    return el;
  }
}

/** The marker gutter. */
export function robotsGutter(): Extension {
  return gutter({
    class: 'rt-marker-gutter',
    lineMarker(view: EditorView, block) {
      const line = view.state.doc.lineAt(block.from);
      // Most lines have no marker: decide from the arrays before describing the line.
      const kind = markerKindAt(view.state, line.number);
      const info = kind ? lineInfoAt(view.state, line.number) : null;
      return kind && info ? new LineMarker(kind, [info.reading, ...info.notes].join(' ')) : null;
    },
    lineMarkerChange: (u) => u.docChanged || u.startState.field(analysisField, false) !== u.state.field(analysisField, false),
    initialSpacer: () => new LineMarker('note', ''),
  });
}
