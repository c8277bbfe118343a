/**
 * How Google reads a line of the editor, from the analysis data and the line's own text (the UI
 * thread never parses the file), with the line's findings from the engine's one catalogue: its
 * own findings at once, the file-wide ones (shadowed rules, merged groups…) as the lint markers
 * installed from the diagnostics hold them.
 */
import { forEachDiagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import {
  describeLineParts, FILE_WIDE_CODES, LineKind, linePartsFrom, worstSeverity,
  type FindingCode, type LineInfo, type LineNote, type Severity,
} from '../robots/index.js';
import { analysisField } from './analysis-field.js';

/** A line's reading and every finding on it, line-local and file-wide. */
export interface EditorLineInfo extends LineInfo {
  /** File-wide findings on this line (from the diagnostics), worded as the panel words them. */
  readonly fileWide: readonly Pick<LineNote, 'code' | 'severity' | 'title'>[];
}

const fileWideCache = new WeakMap<EditorState, Map<number, Pick<LineNote, 'code' | 'severity' | 'title'>[]>>();

/** File-wide findings by line number, read from the installed lint markers (mapped through edits). */
function fileWideByLine(state: EditorState): Map<number, Pick<LineNote, 'code' | 'severity' | 'title'>[]> {
  let map = fileWideCache.get(state);
  if (map) return map;
  map = new Map();
  const found = map;
  forEachDiagnostic(state, (d, from) => {
    const code = d.source as FindingCode | undefined;
    if (!code || !FILE_WIDE_CODES.has(code)) return;
    const line = state.doc.lineAt(from).number;
    const list = found.get(line) ?? [];
    list.push({ code, severity: d.severity as Severity, title: d.message });
    found.set(line, list);
  });
  fileWideCache.set(state, map);
  return map;
}

/** The reading of line `lineNumber` of the editor, or null when no analysis covers it yet. */
export function lineInfoAt(state: EditorState, lineNumber: number): EditorLineInfo | null {
  const a = state.field(analysisField, false);
  if (!a) return null;
  const analysed = a.toAnalysedLine(lineNumber);
  const L = a.analysis.lines;
  if (analysed === null || analysed > L.kind.length) return null;
  const info = describeLineParts({ ...linePartsFrom(L, analysed, state.doc.line(lineNumber).text), line: lineNumber });
  const fileWide = fileWideByLine(state).get(lineNumber) ?? [];
  const severity = worstSeverity([...(info.severity ? [info.severity] : []), ...fileWide.map((f) => f.severity)]);
  return { ...info, fileWide, severity };
}

/** The gutter marker of a line: the severity of its most serious finding, or null. */
export function markerAt(state: EditorState, lineNumber: number): Severity | null {
  const a = state.field(analysisField, false);
  if (!a) return null;
  const analysed = a.toAnalysedLine(lineNumber);
  const L = a.analysis.lines;
  if (analysed === null || analysed > L.kind.length) return null;
  const kind = L.kind[analysed - 1]!;
  // Blank, comment and plain user-agent lines carry no finding of their own: skip reading them.
  const plain = L.flags[analysed - 1] === 0 && (kind === LineKind.Blank || kind === LineKind.Comment || kind === LineKind.UserAgent);
  if (plain && !fileWideByLine(state).has(lineNumber)) return null;
  return lineInfoAt(state, lineNumber)?.severity ?? null;
}

/** The text of a line's marker tooltip: its reading and every finding, one per sentence. */
export function markerTitle(info: EditorLineInfo): string {
  return [info.reading, ...info.findings.map((f) => `${f.title} ${f.google}`), ...info.fileWide.map((f) => f.title)].join(' ');
}
