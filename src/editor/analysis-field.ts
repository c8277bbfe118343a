/**
 * The latest analysis as editor state: set through a StateEffect, kept in a StateField, and
 * carried through edits made before the next analysis arrives (line numbers are mapped).
 */
import { StateEffect, StateField, type Text, type Transaction } from '@codemirror/state';
import type { LineData } from '../robots/index.js';

/** What the editor highlights for the current URL and crawler. */
export interface EditorAnalysis {
  readonly lines: LineData;
  /** The deciding rule's line (0 when none) and whether it is an allow. */
  readonly winnerLine: number;
  readonly winnerAllow: boolean;
  /** Indices of the groups that applied. */
  readonly appliedGroups: readonly number[];
}

/** The analysis plus how current line numbers map to the lines it describes. */
export interface AnalysisState {
  readonly analysis: EditorAnalysis;
  /** Maps a line of the current document to the analysed line, or null for lines edited since. */
  readonly toAnalysedLine: (line: number) => number | null;
}

/** Installs a new analysis computed for the current document. */
export const setAnalysis = StateEffect.define<EditorAnalysis | null>();

const identity = (line: number): number | null => line;

function mapThrough(prev: (line: number) => number | null, tr: Transaction): (line: number) => number | null {
  const before: Text = tr.startState.doc;
  const after: Text = tr.newDoc;
  const steps: { fromLine: number; toLine: number; delta: number }[] = [];
  tr.changes.iterChanges((fromA, toA, fromB, toB) => {
    const removed = before.lineAt(toA).number - before.lineAt(fromA).number;
    const added = after.lineAt(toB).number - after.lineAt(fromB).number;
    if (removed !== added) steps.push({ fromLine: after.lineAt(fromB).number, toLine: after.lineAt(toB).number, delta: added - removed });
  });
  if (steps.length === 0) return prev;
  return (line) => {
    let l = line;
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i]!;
      if (l > s.toLine) l -= s.delta;
      else if (l >= s.fromLine) return null;
    }
    return prev(l);
  };
}

/** The field holding the analysis shown in the editor. */
export const analysisField = StateField.define<AnalysisState | null>({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) {
      if (e.is(setAnalysis)) return e.value ? { analysis: e.value, toAnalysedLine: identity } : null;
    }
    if (value && tr.docChanged) return { analysis: value.analysis, toAnalysedLine: mapThrough(value.toAnalysedLine, tr) };
    return value;
  },
});
