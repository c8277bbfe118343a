/**
 * An analysis made to share every part that did not change with the one before it: after a
 * keystroke most of an analysis is what it was, and what shows it need not be drawn again.
 */
import type { AnalysisResult } from '../worker/index.js';

/** Whether two values of plain data (objects, arrays, primitives) are equal; other objects only when identical. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * `next` with every part equal to `prev`'s replaced by `prev`'s own: after a keystroke most of an
 * analysis is what it was, and what shows it need not be drawn again.
 */
export function keepUnchanged(prev: AnalysisResult | null, next: AnalysisResult): AnalysisResult {
  if (!prev) return next;
  const keep = <T>(a: T, b: T): T => (sameData(a, b) ? a : b);
  const verdicts = next.verdicts.map((v, i) => (i < prev.verdicts.length ? keep(prev.verdicts[i]!, v) : v));
  const sameVerdicts = verdicts.length === prev.verdicts.length && verdicts.every((v, i) => v === prev.verdicts[i]);
  return {
    ...next,
    summary: keep(prev.summary, next.summary),
    groups: keep(prev.groups, next.groups),
    sitemaps: keep(prev.sitemaps, next.sitemaps),
    fetch: keep(prev.fetch, next.fetch),
    verdicts: sameVerdicts ? prev.verdicts : verdicts,
  };
}
