/**
 * Diagnostics as CodeMirror lint markers: underlines with the message and fix hint on hover.
 */
import { setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
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
    out.push({ from, to, severity: d.severity, message: `${d.message} ${d.hint}`, source: d.code });
  }
  return out;
}

/** The effects that install `diagnostics` as lint markers. */
export function lintEffects(state: EditorState, diagnostics: readonly Diagnostic[]): StateEffect<unknown>[] {
  const spec = setDiagnostics(state, toCmDiagnostics(state, diagnostics));
  return spec.effects ? (Array.isArray(spec.effects) ? spec.effects : [spec.effects]) as StateEffect<unknown>[] : [];
}
