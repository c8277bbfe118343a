/**
 * The findings of one parse put together from two lists worked out apart: the findings the
 * other readers' parses decide (readerFindingsInSteps) and the rest (diagnoseWithoutReadersInSteps).
 * Apart from diagnostics.ts: the page merges, and needs none of the diagnosis's code.
 */
import type { Diagnostic } from './diagnostics.js';

/** diagnose's order of findings: by line, then column. */
export const byPlace = (a: Diagnostic, b: Diagnostic): number => a.line - b.line || a.from - b.from;

/**
 * diagnose's list, from the lists of diagnoseWithoutReadersInSteps and readerFindingsInSteps for
 * one parse: the findings in line order (on one place, the file's own first, as diagnose adds
 * them), then the notes of findings past the cap, in the order of their kinds' first findings.
 */
export function mergeReaderFindings(own: readonly Diagnostic[], fromReaders: readonly Diagnostic[]): Diagnostic[] {
  const isNote = (d: Diagnostic) => d.code === 'more-findings';
  const a = own.filter((d) => !isNote(d));
  const b = fromReaders.filter((d) => !isNote(d));
  const out: Diagnostic[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j === b.length || (i < a.length && byPlace(a[i]!, b[j]!) <= 0)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  const first = new Map<string, number>();
  out.forEach((d, k) => {
    if (!first.has(d.code)) first.set(d.code, k);
  });
  const rank = (d: Diagnostic) => first.get(String(d.args.code)) ?? out.length;
  return [...out, ...[...own, ...fromReaders].filter(isNote).sort((x, y) => rank(x) - rank(y))];
}

