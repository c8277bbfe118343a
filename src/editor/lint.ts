/**
 * Diagnostics as CodeMirror lint markers: underlines titled from the engine's catalogue. The
 * message is the finding's title alone: the gutter and the hover read file-wide findings back from
 * these markers, and word the rest themselves from the same catalogue.
 */
import { diagnosticCount, forEachDiagnostic, setDiagnostics, type Action, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import type { EditorState, StateEffect } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { FILE_WIDE_CODES, type Diagnostic, type LineFix } from '../robots/index.js';
import { setFileWide } from './line-info.js';
import { englishTranslate, translator, type Translate } from './translate.js';

/** A repair to apply: its fix, on the line that read `lineText` when it was diagnosed. */
export interface FixRequest {
  readonly line: number;
  readonly fix: LineFix;
  readonly lineText: string;
}

/**
 * Applies repairs as one undoable transaction. A repair whose line no longer reads as diagnosed
 * is skipped (the text changed meanwhile). Returns how many were applied.
 */
export function applyFixes(view: EditorView, requests: readonly FixRequest[]): number {
  const doc = view.state.doc;
  const changes: { from: number; to: number; insert: string }[] = [];
  for (const r of requests) {
    if (r.line > doc.lines) continue;
    const line = doc.line(r.line);
    if (line.text !== r.lineText) continue;
    const also = r.fix.also;
    if (also && (also.line > doc.lines || doc.line(also.line).text !== also.lineText)) continue;
    // Column -1 is the line break before the line: a repair that removes a whole line takes it too.
    changes.push({ from: r.fix.from < 0 ? Math.max(0, line.from - 1) : line.from + r.fix.from, to: line.from + r.fix.to, insert: r.fix.insert });
    if (also) {
      const other = doc.line(also.line);
      changes.push({ from: other.from + also.from, to: other.from + also.to, insert: also.insert });
    }
  }
  if (changes.length > 0) view.dispatch({ changes, userEvent: 'input.fix', scrollIntoView: changes.length === 1 });
  return changes.length;
}

/** The lint action of a repair: applies it where the diagnostic's line now is. */
function fixAction(fix: LineFix, lineText: string, t: Translate): Action {
  return {
    name: t === englishTranslate ? fix.label : t(`fix.${fix.labelCode}`, fix.labelArgs),
    apply(view, from) {
      applyFixes(view, [{ line: view.state.doc.lineAt(from).number, fix, lineText }]);
      // The tooltip's button goes away with the repair: the focus stays in the editor, so Ctrl+Z undoes it.
      view.focus();
    },
  };
}

// Invalid lines already get the rt-invalid wavy underline; a second one would only add noise.
const SHOWN_ELSEWHERE = new Set(['invalid-line']);
/** Enough to mark every problem a person can read; a pathological file gets the first ones. */
const MAX_MARKERS = 2000;

/** Converts engine diagnostics (line + columns) to positions in `state`'s document, worded by its translator. */
export function toCmDiagnostics(state: EditorState, diagnostics: readonly Diagnostic[]): CmDiagnostic[] {
  const t = state.facet(translator);
  const out: CmDiagnostic[] = [];
  for (const d of diagnostics) {
    if (out.length >= MAX_MARKERS) break;
    if (SHOWN_ELSEWHERE.has(d.code) || d.line > state.doc.lines) continue;
    const line = state.doc.line(d.line);
    const from = line.from + Math.min(d.from, line.length);
    const to = line.from + Math.min(Math.max(d.to, d.from), line.length);
    out.push({
      // English is what the engine already worded (the same templates): nothing to format again.
      from, to, severity: d.severity, message: t === englishTranslate ? d.message : t(`finding.${d.code}.title`, d.args), source: d.code,
      ...(d.fix ? { actions: [fixAction(d.fix, d.lineText, t)] } : {}),
    });
  }
  return out;
}

/**
 * The effects that install `diagnostics` as lint markers; none when the editor already shows
 * exactly these (its markers move with the text, so most edits leave them right).
 */
export function lintEffects(state: EditorState, diagnostics: readonly Diagnostic[]): StateEffect<unknown>[] {
  const next = toCmDiagnostics(state, diagnostics);
  // Installing markers walks the whole document (~20-35 ms at 500 KB): skip it when nothing changed.
  if (showsExactly(state, next)) return [];
  const spec = setDiagnostics(state, next);
  const effects = spec.effects ? (Array.isArray(spec.effects) ? spec.effects : [spec.effects]) as StateEffect<unknown>[] : [];
  // The findings that need the whole file, for the gutter and the hover of their lines.
  const fileWide = diagnostics.filter((d) => FILE_WIDE_CODES.has(d.code) && d.line <= state.doc.lines)
    .map((d) => ({ from: state.doc.line(d.line).from, note: { code: d.code, severity: d.severity, args: d.args } }))
    .sort((a, b) => a.from - b.from);
  return [...effects, setFileWide.of(fileWide)];
}

function showsExactly(state: EditorState, next: readonly CmDiagnostic[]): boolean {
  if (diagnosticCount(state) !== next.length) return false;
  // The editor keeps its markers in document order.
  const sorted = [...next].sort((a, b) => a.from - b.from || a.to - b.to);
  let i = 0;
  let same = true;
  forEachDiagnostic(state, (d, from, to) => {
    const n = sorted[i++];
    if (!n || n.from !== from || n.to !== to || n.severity !== d.severity || n.message !== d.message || n.source !== d.source ||
      n.actions?.[0]?.name !== d.actions?.[0]?.name) same = false;
  });
  return same && i === sorted.length;
}
