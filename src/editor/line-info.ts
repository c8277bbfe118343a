/**
 * How Google reads a line of the editor, from the analysis data and the line's own text (the UI
 * thread never parses the file), with the line's findings from the engine's one catalogue: its
 * own findings at once, the file-wide ones (shadowed rules, merged groups…) from the diagnostics,
 * installed with the lint markers and moved through edits as they are.
 */
import { RangeSet, RangeValue, StateEffect, StateField, type EditorState, type Line } from '@codemirror/state';
import {
  describeLineParts, lineFindings, LineKind, linePartsFrom, severityOf, worstSeverity, type LineData, type LineInfo, type LineNote, type LineParts, type Severity,
} from '../robots/index.js';
import { analysisField } from './analysis-field.js';
import { englishTranslate, type Translate } from './translate.js';

/** A file-wide finding on a line: its code, data and severity (worded where it is shown). */
export type FileWideNote = Pick<LineNote, 'code' | 'severity' | 'args'>;

/** A line's reading and every finding on it, line-local and file-wide. */
export interface EditorLineInfo extends LineInfo {
  /** File-wide findings on this line (from the diagnostics), worded as the panel words them. */
  readonly fileWide: readonly FileWideNote[];
}

/** Whether two file-wide findings are the same (code, severity and data). */
function sameNote(a: FileWideNote, b: FileWideNote): boolean {
  return a.code === b.code && a.severity === b.severity && JSON.stringify(a.args) === JSON.stringify(b.args);
}

/** The most serious of a line's own severity and its file-wide findings'. */
function withFileWide(own: Severity | null, fileWide: readonly FileWideNote[]): Severity | null {
  return fileWide.length === 0 ? own : worstSeverity([...(own ? [own] : []), ...fileWide.map((f) => f.severity)]);
}

/** A file-wide finding anchored at the start of its line (mapped through edits like the lint markers). */
class FileWideMark extends RangeValue {
  constructor(readonly note: FileWideNote) {
    super();
  }
  override eq(other: RangeValue): boolean {
    return other instanceof FileWideMark && sameNote(other.note, this.note);
  }
}

/** Installs the file-wide findings (from the diagnostics) that the gutter and hover show. */
export const setFileWide = StateEffect.define<readonly { from: number; note: FileWideNote }[]>();

/** The file-wide findings by position; edits move them as they move the lint markers. */
export const fileWideField = StateField.define<RangeSet<FileWideMark>>({
  create: () => RangeSet.empty,
  update(set, tr) {
    for (const e of tr.effects) {
      if (e.is(setFileWide)) return RangeSet.of(e.value.map((m) => new FileWideMark(m.note).range(m.from)), true);
    }
    return tr.docChanged ? set.map(tr.changes) : set;
  },
});

const NO_NOTES: readonly FileWideNote[] = [];

/** The file-wide findings on `line` (the same note objects while edits only move them). */
function fileWideOn(state: EditorState, line: Line): readonly FileWideNote[] {
  const set = state.field(fileWideField, false);
  if (!set || set.size === 0) return NO_NOTES;
  const out: FileWideNote[] = [];
  set.between(line.from, line.to, (from, _to, mark) => {
    if (from >= line.from && from <= line.to) out.push(mark.note);
  });
  return out.length === 0 ? NO_NOTES : out;
}

/** What an editor line's annotations are read from: the analysis's line table, the analysed line, and the line's file-wide findings. */
export interface LineSource {
  readonly L: LineData;
  readonly analysed: number;
  readonly fileWide: readonly FileWideNote[];
}

/** Where `line` of the editor is read from, or null when no analysis covers it yet. */
export function lineSourceOf(state: EditorState, line: Line): LineSource | null {
  const a = state.field(analysisField, false);
  if (!a) return null;
  const analysed = a.toAnalysedLine(line.number);
  const L = a.analysis.lines;
  return analysed === null || analysed > L.kind.length ? null : { L, analysed, fileWide: fileWideOn(state, line) };
}

/** A line's annotations (against its current text) and its file-wide findings: what its reading is made of. */
export interface EditorLineParts {
  readonly parts: LineParts;
  readonly fileWide: readonly FileWideNote[];
}

/** The annotations of `line` of the editor, read from `source` (see lineSourceOf). */
export function linePartsOf(source: LineSource, line: Line): EditorLineParts {
  return { parts: { ...linePartsFrom(source.L, source.analysed, line.text), line: line.number }, fileWide: source.fileWide };
}

/** The annotations of line `lineNumber` of the editor, or null when no analysis covers it yet. */
function linePartsAt(state: EditorState, lineNumber: number): EditorLineParts | null {
  const line = state.doc.line(lineNumber);
  const source = lineSourceOf(state, line);
  return source && linePartsOf(source, line);
}

/** A line's reading and findings, worded, from its annotations. */
export function describeEditorLine({ parts, fileWide }: EditorLineParts): EditorLineInfo {
  const info = describeLineParts(parts);
  return { ...info, fileWide, severity: withFileWide(info.severity, fileWide) };
}

/** The reading of line `lineNumber` of the editor, or null when no analysis covers it yet. */
export function lineInfoAt(state: EditorState, lineNumber: number): EditorLineInfo | null {
  const at = linePartsAt(state, lineNumber);
  return at && describeEditorLine(at);
}

// The severity of a line's own findings depends only on its annotations and text: remembered, so
// a keystroke re-reads only the line it changed (the gutter asks for every visible line).
const ownSeverity = new Map<string, Severity | null>();
const OWN_SEVERITY_KEPT = 4096;

function ownSeverityOf(parts: LineParts): Severity | null {
  const { kind, flags } = parts;
  // Blank, comment and plain user-agent lines carry no finding of their own: skip reading them.
  if (flags === 0 && (kind === LineKind.Blank || kind === LineKind.Comment || kind === LineKind.UserAgent)) return null;
  const key = `${kind} ${flags} ${parts.field} ${parts.keyFrom} ${parts.keyTo} ${parts.valueFrom} ${parts.valueTo} ${parts.text}`;
  const known = ownSeverity.get(key);
  if (known !== undefined) return known;
  const severity = worstSeverity(lineFindings(parts).map((f) => severityOf(f.code)));
  if (ownSeverity.size >= OWN_SEVERITY_KEPT) ownSeverity.clear();
  ownSeverity.set(key, severity);
  return severity;
}

/** The severity of a line's most serious finding, or null: from codes alone, nothing is worded. */
export function severityOfLine({ parts, fileWide }: EditorLineParts): Severity | null {
  return withFileWide(ownSeverityOf(parts), fileWide);
}

/** Whether two lines read the same: same text, annotations and file-wide findings (their words are equal too). */
export function sameLineParts(a: EditorLineParts, b: EditorLineParts): boolean {
  const p = a.parts;
  const q = b.parts;
  return p.text === q.text && p.kind === q.kind && p.field === q.field && p.flags === q.flags && p.keyFrom === q.keyFrom && p.keyTo === q.keyTo &&
    p.valueFrom === q.valueFrom && p.valueTo === q.valueTo && p.group === q.group && a.fileWide.length === b.fileWide.length &&
    a.fileWide.every((f, i) => sameNote(f, b.fileWide[i]!));
}

/** The text of a line's marker tooltip: its reading and every finding, one per sentence. */
export function markerTitle(info: EditorLineInfo, t: Translate): string {
  // English is what the engine already worded from the same templates.
  if (t === englishTranslate) {
    return [info.reading, ...info.findings.map((f) => `${f.title} ${f.google}`), ...info.fileWide.map((f) => t(`finding.${f.code}.title`, f.args))].join(' ');
  }
  return [
    t(`reading.${info.readingCode}`, info.readingArgs),
    ...info.findings.map((f) => `${t(`finding.${f.code}.title`, f.args)} ${t(`finding.${f.code}.google`, f.args)}`),
    ...info.fileWide.map((f) => t(`finding.${f.code}.title`, f.args)),
  ].join(' ');
}
