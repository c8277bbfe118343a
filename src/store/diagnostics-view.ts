/**
 * The Diagnostics panel as data: which findings show (audience and severity filter), grouped by
 * kind, Google's own problems first and the most serious first. Pure; the panel, the tab's count
 * and the editor's markers all read it.
 */
import { PORTABILITY_CODES, type Diagnostic, type FindingCode, type Severity } from '../robots/index.js';

/** Whose reading a finding is about: Google's, or other crawlers' parsers. */
export type Audience = 'google' | 'other';

/** What the Diagnostics panel lists, and whether the editor marks the other parsers' notes. */
export interface DiagnosticsFilter {
  readonly google: boolean;
  readonly other: boolean;
  readonly error: boolean;
  readonly warning: boolean;
  readonly info: boolean;
  /** The editor's gutter and underlines mark other parsers' notes too (off: Google's problems only). */
  readonly markOther: boolean;
}

/** Everything listed; the editor marks Google's problems only. */
export const DEFAULT_DIAGNOSTICS_FILTER: DiagnosticsFilter = { google: true, other: true, error: true, warning: true, info: true, markOther: false };

const FILTER_KEYS = Object.keys(DEFAULT_DIAGNOSTICS_FILTER) as (keyof DiagnosticsFilter)[];

/** A remembered filter read back: unknown or broken input gives the default, never throws. */
export function readDiagnosticsFilter(raw: unknown): DiagnosticsFilter {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_DIAGNOSTICS_FILTER;
  const out: Record<string, boolean> = { ...DEFAULT_DIAGNOSTICS_FILTER };
  for (const k of FILTER_KEYS) {
    const v = (raw as Record<string, unknown>)[k];
    if (typeof v === 'boolean') out[k] = v;
  }
  return out as unknown as DiagnosticsFilter;
}

/** The audience of a finding code. */
export function audienceOf(code: string): Audience {
  return PORTABILITY_CODES.has(code as FindingCode) ? 'other' : 'google';
}

/** Findings of one kind: one card, with a count and its lines. */
export interface DiagnosticGroup {
  readonly code: string;
  readonly severity: Severity;
  readonly audience: Audience;
  /** The listed findings, in line order (the engine lists at most 500 of a kind). */
  readonly items: readonly Diagnostic[];
  /** How many the file holds: the listed ones and those past the engine's limit. */
  readonly count: number;
}

/** The panel's content: the groups shown, and how many findings the filter hides. */
export interface DiagnosticsView {
  readonly groups: readonly DiagnosticGroup[];
  /** Findings (not groups) the filter hides. */
  readonly hidden: number;
  /** Findings per audience and severity before filtering: the filter's own counts. */
  readonly totals: Readonly<Record<Audience | Severity, number>>;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Groups findings by kind, Google's first, then by severity, then by first line; filtered. */
export function diagnosticsView(diagnostics: readonly Diagnostic[], filter: DiagnosticsFilter): DiagnosticsView {
  const byCode = new Map<string, { items: Diagnostic[]; more: number }>();
  const entry = (code: string) => {
    let e = byCode.get(code);
    if (!e) byCode.set(code, (e = { items: [], more: 0 }));
    return e;
  };
  for (const d of diagnostics) {
    // "…and N more like this" belongs to the kind it counts.
    if (d.code === 'more-findings' && typeof d.args.code === 'string' && typeof d.args.count === 'number') entry(d.args.code).more += d.args.count;
    else entry(d.code).items.push(d);
  }
  const totals = { google: 0, other: 0, error: 0, warning: 0, info: 0 };
  const all: DiagnosticGroup[] = [];
  for (const [code, { items, more }] of byCode) {
    if (items.length === 0) continue;
    const severity = items[0]!.severity;
    const audience = audienceOf(code);
    const count = items.length + more;
    totals[audience] += count;
    totals[severity] += count;
    all.push({ code, severity, audience, items, count });
  }
  all.sort((a, b) => (a.audience === b.audience ? 0 : a.audience === 'google' ? -1 : 1) ||
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.items[0]!.line - b.items[0]!.line);
  const groups = all.filter((g) => filter[g.audience] && filter[g.severity]);
  const shown = groups.reduce((n, g) => n + g.count, 0);
  return { groups, hidden: totals.google + totals.other - shown, totals };
}

/** The findings the editor marks: Google's always, other parsers' only when the filter asks. */
export function markedDiagnostics(diagnostics: readonly Diagnostic[], filter: DiagnosticsFilter): readonly Diagnostic[] {
  return filter.markOther ? diagnostics : diagnostics.filter((d) => audienceOf(d.code === 'more-findings' ? String(d.args.code) : d.code) === 'google');
}
