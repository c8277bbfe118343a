/**
 * Line highlights for the current URL and crawler: the deciding line (`rt-winner`), the lines of
 * the applied group (`rt-group`), ignored lines (`rt-ignored`) and invalid ones (`rt-invalid`,
 * with a wavy underline). Built for the visible lines only, so a 500 KB file costs the same.
 */
import { RangeSetBuilder, type Extension } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { LineKind } from '../robots/index.js';
import { analysisField, type AnalysisState } from './analysis-field.js';

/** Kinds Google reads but ignores, shown muted. */
export function isIgnoredKind(kind: number): boolean {
  return kind === LineKind.IgnoredField || kind === LineKind.RuleOutsideGroup ||
    kind === LineKind.EmptyRule || kind === LineKind.AfterLimit;
}

/** The rt-* classes of one (analysed) line. */
export function lineClasses(state: AnalysisState, analysed: number): string {
  const a = state.analysis;
  const i = analysed - 1;
  const kind = a.lines.kind[i]!;
  const classes: string[] = [];
  if (a.appliedGroups.includes(a.lines.group[i]!)) classes.push('rt-group');
  if (analysed === a.winnerLine) classes.push('rt-winner', a.winnerAllow ? 'rt-winner-allow' : 'rt-winner-disallow');
  if (isIgnoredKind(kind)) classes.push('rt-ignored');
  else if (kind === LineKind.Invalid) classes.push('rt-invalid');
  return classes.join(' ');
}

const lineDecos = new Map<string, Decoration>();
const lineDeco = (cls: string): Decoration => {
  let d = lineDecos.get(cls);
  if (!d) lineDecos.set(cls, (d = Decoration.line({ class: cls })));
  return d;
};
const invalidMark = Decoration.mark({ class: 'rt-invalid-text' });

function build(view: EditorView): DecorationSet {
  const state = view.state.field(analysisField, false);
  if (!state) return Decoration.none;
  const builder = new RangeSetBuilder<Decoration>();
  const count = state.analysis.lines.kind.length;
  const doc = view.state.doc;
  for (const { from, to } of view.visibleRanges) {
    for (let pos = from; pos <= to; ) {
      const line = doc.lineAt(pos);
      const analysed = state.toAnalysedLine(line.number);
      if (analysed !== null && analysed <= count) {
        const cls = lineClasses(state, analysed);
        if (cls) builder.add(line.from, line.from, lineDeco(cls));
        if (state.analysis.lines.kind[analysed - 1] === LineKind.Invalid && line.length > 0) {
          const lead = /^\s*/.exec(line.text)![0].length;
          if (lead < line.length) builder.add(line.from + lead, line.to, invalidMark);
        }
      }
      pos = line.to + 1;
    }
  }
  return builder.finish();
}

/** The line highlights, recomputed when the analysis or the viewport changes. */
export function robotsHighlights(): Extension {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = build(view);
      }
      update(u: ViewUpdate): void {
        // A new analysis or a viewport that moved is drawn afresh; a keystroke only moves the
        // highlights with the text (the analysis of the new text follows within milliseconds).
        if (u.viewportMoved || u.startState.field(analysisField, false)?.analysis !== u.state.field(analysisField, false)?.analysis) {
          this.decorations = build(u.view);
        } else if (u.docChanged) {
          this.decorations = this.decorations.map(u.changes);
        }
      }
    },
    { decorations: (v) => v.decorations },
  );
}
