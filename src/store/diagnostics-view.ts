/**
 * The Diagnostics panel as data: which findings show (audience and severity filter), grouped by
 * what they tell the user (their code, and the field or kind where its advice differs), Google's
 * own problems first, the most serious first, a lost intent first among its severity. Pure; the
 * panel, the tab's count and the editor's markers all read it.
 */
import { adviceKey, LOST_INTENT_CODES, PORTABILITY_CODES, type Diagnostic, type FindingCode, type Severity } from '../robots/index.js';

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

/** Findings that tell the user the same thing: one card, with a count and its lines. */
export interface DiagnosticGroup {
  /** The code and the arguments that choose its advice (see adviceKey): unique among the groups. */
  readonly key: string;
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

/**
 * Groups findings by what they tell the user (adviceKey), Google's first, then by severity, a lost
 * intent first among its severity, then by first line; filtered.
 */
export function diagnosticsView(diagnostics: readonly Diagnostic[], filter: DiagnosticsFilter): DiagnosticsView {
  const byKey = new Map<string, { code: string; items: Diagnostic[]; more: number }>();
  // The card each code's last listed finding is on: the engine's "…and N more" follows that one.
  const lastKey = new Map<string, string>();
  for (const d of diagnostics) {
    if (d.code === 'more-findings' && typeof d.args.code === 'string' && typeof d.args.count === 'number') {
      const e = byKey.get(lastKey.get(d.args.code) ?? '');
      if (e) e.more += d.args.count;
      continue;
    }
    const key = adviceKey(d.code, d.args);
    let e = byKey.get(key);
    if (!e) byKey.set(key, (e = { code: d.code, items: [], more: 0 }));
    e.items.push(d);
    lastKey.set(d.code, key);
  }
  const totals = { google: 0, other: 0, error: 0, warning: 0, info: 0 };
  const all: DiagnosticGroup[] = [];
  for (const [key, { code, items, more }] of byKey) {
    const severity = items[0]!.severity;
    const audience = audienceOf(code);
    const count = items.length + more;
    totals[audience] += count;
    totals[severity] += count;
    all.push({ key, code, severity, audience, items, count });
  }
  const lost = (g: DiagnosticGroup) => (LOST_INTENT_CODES.has(g.code as FindingCode) ? 0 : 1);
  all.sort((a, b) => (a.audience === b.audience ? 0 : a.audience === 'google' ? -1 : 1) ||
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || lost(a) - lost(b) || a.items[0]!.line - b.items[0]!.line);
  const groups = all.filter((g) => filter[g.audience] && filter[g.severity]);
  const shown = groups.reduce((n, g) => n + g.count, 0);
  return { groups, hidden: totals.google + totals.other - shown, totals };
}

/** The findings the editor marks: Google's always, other parsers' only when the filter asks. */
export function markedDiagnostics(diagnostics: readonly Diagnostic[], filter: DiagnosticsFilter): readonly Diagnostic[] {
  return filter.markOther ? diagnostics : diagnostics.filter((d) => audienceOf(d.code === 'more-findings' ? String(d.args.code) : d.code) === 'google');
}
