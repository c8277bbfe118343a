/**
 * Diagnostics as CodeMirror lint markers: underlines titled from the engine's catalogue. The
 * message is the finding's title alone: the gutter and the hover read file-wide findings back from
 * these markers, and word the rest themselves from the same catalogue.
 */
import { diagnosticCount, forEachDiagnostic, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import type { EditorState, StateEffect } from '@codemirror/state';
import type { Diagnostic } from '../robots/index.js';

// Invalid lines already get the rt-invalid wavy underline; a second one would only add noise.
const SHOWN_ELSEWHERE = new Set(['invalid-line']);
/** Enough to mark every problem a person can read; a pathological file gets the first ones. */
const MAX_MARKERS = 2000;

/** Converts engine diagnostics (line + columns) to positions in `state`'s document. */
export function toCmDiagnostics(state: EditorState, diagnostics: readonly Diagnostic[]): CmDiagnostic[] {
  const out: CmDiagnostic[] = [];
  for (const d of diagnostics) {
    if (out.length >= MAX_MARKERS) break;
    if (SHOWN_ELSEWHERE.has(d.code) || d.line > state.doc.lines) continue;
    const line = state.doc.line(d.line);
    const from = line.from + Math.min(d.from, line.length);
    const to = line.from + Math.min(Math.max(d.to, d.from), line.length);
    out.push({ from, to, severity: d.severity, message: d.message, source: d.code });
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
  return spec.effects ? (Array.isArray(spec.effects) ? spec.effects : [spec.effects]) as StateEffect<unknown>[] : [];
}

function showsExactly(state: EditorState, next: readonly CmDiagnostic[]): boolean {
  if (diagnosticCount(state) !== next.length) return false;
  // The editor keeps its markers in document order.
  const sorted = [...next].sort((a, b) => a.from - b.from || a.to - b.to);
  let i = 0;
  let same = true;
  forEachDiagnostic(state, (d, from, to) => {
    const n = sorted[i++];
    if (!n || n.from !== from || n.to !== to || n.severity !== d.severity || n.message !== d.message || n.source !== d.source) same = false;
  });
  return same && i === sorted.length;
}
