/**
 * How Google reads a line of the editor, from the analysis data and the line's own text (the UI
 * thread never parses the file).
 */
import type { EditorState } from '@codemirror/state';
import { describeLineParts, FieldKey, LineFlag, LineKind, type LineInfo } from '../robots/index.js';
import { analysisField } from './analysis-field.js';
import { isIgnoredKind } from './highlights.js';

/** The reading of line `lineNumber` of the editor, or null when no analysis covers it yet. */
export function lineInfoAt(state: EditorState, lineNumber: number): LineInfo | null {
  const a = state.field(analysisField, false);
  if (!a) return null;
  const analysed = a.toAnalysedLine(lineNumber);
  const L = a.analysis.lines;
  if (analysed === null || analysed > L.kind.length) return null;
  const i = analysed - 1;
  const text = state.doc.line(lineNumber).text;
  const slice = (from: number, to: number) => (from < 0 ? null : text.slice(from, to));
  return describeLineParts({
    line: lineNumber,
    kind: L.kind[i]! as LineKind,
    field: L.field[i] ?? FieldKey.None,
    flags: L.flags[i]!,
    text,
    key: slice(L.keyFrom[i]!, L.keyTo[i]!),
    value: slice(L.valueFrom[i]!, L.valueTo[i]!),
    group: L.group[i]!,
  });
}

/** Flags worth a marker even on lines Google reads: it reads them differently from how they look. */
const NOTE_FLAGS = LineFlag.Typo | LineFlag.KeyPrefix | LineFlag.MissingColon | LineFlag.LongLineCut |
  LineFlag.NulCut | LineFlag.LimitCut | LineFlag.AgentCut | LineFlag.AgentEmpty | LineFlag.NeverMatches | LineFlag.Escaped;

/** The marker a line gets: 'ignored', 'invalid', 'note' or null. */
export function markerKind(kind: number, flags: number): 'ignored' | 'invalid' | 'note' | null {
  if (kind === LineKind.Invalid) return 'invalid';
  if (isIgnoredKind(kind)) return 'ignored';
  return flags & NOTE_FLAGS ? 'note' : null;
}

/** The marker of line `lineNumber` of the editor, from the analysis arrays alone (no text read). */
export function markerKindAt(state: EditorState, lineNumber: number): 'ignored' | 'invalid' | 'note' | null {
  const a = state.field(analysisField, false);
  if (!a) return null;
  const analysed = a.toAnalysedLine(lineNumber);
  const L = a.analysis.lines;
  if (analysed === null || analysed > L.kind.length) return null;
  return markerKind(L.kind[analysed - 1]!, L.flags[analysed - 1]!);
}
