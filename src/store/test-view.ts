/**
 * The Test tab's matrix as its grid shows it: the URL rows by their distinguishing part (the host
 * they share said once), the crawler columns, and what decided each cell. Pure; the grid reads it.
 */
import type { VerdictData } from '../worker/index.js';
import type { TestRow } from './slices/test.js';

/** One URL row of the matrix. */
export interface MatrixRow {
  /** The URL as typed (shown whole on hover and focus). */
  readonly url: string;
  /** What tells it from the other rows: its path and query when the host is shown once, else the URL as typed. */
  readonly label: string;
}

/** The matrix as the grid shows it. */
export interface MatrixView {
  /** The origin every row's URL is on, said once over the rows (null when they are not all on one). */
  readonly origin: string | null;
  readonly rows: readonly MatrixRow[];
  /** Each column's crawler (its first row's test). */
  readonly crawlers: readonly TestRow[];
}

/** The origin of an absolute http(s) URL as typed (its scheme and host as written), or null. */
function typedOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    // The origin as typed, so that the rest of the URL is the typed text after it.
    const n = u.origin.length;
    return url.toLowerCase().startsWith(u.origin) && /^[/?#]?$/.test(url.charAt(n)) ? url.slice(0, n) : null;
  } catch {
    return null;
  }
}

/** The grid of `columns` crawlers over `tests` (a matrix, row by row): rows labelled by what tells them apart. */
export function matrixView(tests: readonly TestRow[], columns: number): MatrixView {
  const urls = Array.from({ length: columns > 0 ? Math.ceil(tests.length / columns) : 0 }, (_, r) => tests[r * columns]!.url.trim());
  const origins = urls.map(typedOrigin);
  const first = origins[0] ?? null;
  // The host is said once when every row is on it (compared as URLs compare origins: case aside).
  const shared = first !== null && origins.every((o) => o !== null && o.toLowerCase() === first.toLowerCase()) ? first : null;
  return {
    origin: shared,
    rows: urls.map((url, r) => ({ url: tests[r * columns]!.url, label: shared ? url.slice(origins[r]!.length) || '/' : url })),
    crawlers: tests.slice(0, columns),
  };
}

/** The line that decided a verdict, as the grid says it on hover and focus: `{line, text}` of its rule, or null when no rule did. */
export function decidingRule(v: VerdictData): { readonly line: number; readonly text: string } | null {
  return v.rule && v.line > 0 && v.fetch === null ? { line: v.line, text: `${v.rule.allow ? 'Allow' : 'Disallow'}: ${v.rule.value}` } : null;
}
