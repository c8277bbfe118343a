/**
 * Text and JSON output of the `check` command: the verdict, the deciding line, the group, and
 * the engine's "Why" sentences (the same the app shows).
 */
import Papa from 'papaparse';
import { explainVerdict, resolveCrawler, type ResolvedAgent, type RobotsTxt, type Verdict } from '../robots/index.js';
import { crawlerFromCell, expectationOf } from '../store/csv.js';
import type { FetchReport } from './source.js';

function groupLabel(robots: RobotsTxt, v: Verdict): string {
  const g = v.group;
  if (g.kind === 'none') return 'no group applies (no group names this crawler, and no * group)';
  if (g.kind === 'global-ignored') return `* group ignored by ${v.token} (special-case crawler)`;
  const lines = g.groups.map((i) => robots.groups[i]!.firstLine);
  const where = `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
  if (g.kind === 'global') return `* (${where})`;
  return `${g.token}${g.groups.length > 1 ? ' (merged)' : ''}${g.fallback ? ' (fallback)' : ''} (${where})`;
}

/** The text of the deciding line, without its line break. */
export function lineText(robots: RobotsTxt, line: number): string {
  return line > 0 ? robots.text.slice(robots.lines.from[line - 1], robots.lines.to[line - 1]).trim() : '';
}

/** The crawler as the user named it: a profile's name, or the token read from the text. */
function crawlerLabel(v: Verdict): string {
  return v.agent.profile ? `${v.agent.profile.name} [${v.agent.profile.id}]` : v.token;
}

/** One human-readable verdict per URL × crawler, then its "Why", indented. */
export function formatVerdict(robots: RobotsTxt, url: string, v: Verdict): string {
  const why = explainVerdict(robots, v);
  const sentences = [why.group, why.decision, ...why.notes].filter((s) => s !== null).map((s) => `    ${s.text}`);
  if (!v.inScope) return [`OUT OF SCOPE  ${url}  crawler: ${crawlerLabel(v)}`, ...sentences].join('\n');
  const head = `${v.allowed ? 'ALLOWED' : 'BLOCKED'}  ${url}`;
  const rule = v.fetch ? `fetch result decides (line 0)` : v.line > 0 ? `line ${v.line}: ${lineText(robots, v.line)}` : 'no rule matched (line 0)';
  const tested = v.url.path !== url ? `  [tested ${v.url.path}]` : '';
  const group = v.fetch || v.reason === 'ignores-robots-txt' ? '' : `  group: ${groupLabel(robots, v)}`;
  return [`${head}  ${rule}${group}  token: ${v.token || '(none)'}  crawler: ${crawlerLabel(v)}${tested}`, ...sentences].join('\n');
}

/** The machine-readable form of a verdict. */
export function verdictJson(robots: RobotsTxt, url: string, v: Verdict): Record<string, unknown> {
  const why = explainVerdict(robots, v);
  return {
    url,
    path: v.url.path,
    allowed: v.allowed,
    inScope: v.inScope,
    line: v.line,
    rule: v.line > 0 ? lineText(robots, v.line) : null,
    reason: v.reason,
    token: v.token,
    crawler: { input: v.agent.input, profile: v.agent.profile?.id ?? null, tokens: v.agent.tokens },
    group: { kind: v.group.kind, lines: v.group.groups.map((i) => robots.groups[i]!.firstLine) },
    matches: v.matches.map((m) => ({ line: m.line, allow: m.allow, pattern: m.pattern, length: m.length })),
    fetch: v.fetch,
    why: [why.group, why.decision, ...why.notes].filter((s) => s !== null),
  };
}

/** One checked URL × crawler, with the expectation it must meet (null when none). */
export interface CheckRow {
  readonly url: string;
  readonly v: Verdict;
  readonly expected: Expectation | null;
  /** The line of the expectations file it came from. */
  readonly at?: number;
}

/** What a verdict must be. */
export type Expectation = 'allowed' | 'blocked';

/** A URL × crawler whose verdict differs between two versions. */
export interface DiffRow {
  readonly url: string;
  readonly old: Verdict;
  readonly now: Verdict;
}

/** The verdict in the UI's words. */
export function verdictWord(v: Verdict): string {
  return !v.inScope ? 'Out of scope' : v.allowed ? 'Allowed' : 'Blocked';
}

/** True when a row meets its expectation (out of scope never does). */
export function met(r: CheckRow): boolean {
  return r.expected === null || (r.v.inScope && r.v.allowed === (r.expected === 'allowed'));
}

/** One line naming a failed expectation and the rule that decided. */
export function describeFailure(robots: RobotsTxt, r: CheckRow): string {
  const rule = r.v.line > 0 ? `line ${r.v.line} (${lineText(robots, r.v.line)}) decides` : r.v.fetch ? 'the fetch result decides' : 'no rule matches';
  return `${r.at ? `row ${r.at}: ` : ''}${r.url} × ${r.v.token} must be ${r.expected}, is ${verdictWord(r.v).toLowerCase()}: ${rule}`;
}

function groupText(robots: RobotsTxt, v: Verdict): string {
  return v.fetch || !v.inScope || v.reason === 'ignores-robots-txt' ? '' : groupLabel(robots, v);
}

/** Check results as text, JSON or CSV. */
export function formatResults(robots: RobotsTxt, rows: readonly CheckRow[], format: 'text' | 'json' | 'csv', fetch: FetchReport | null): string {
  if (format === 'json') {
    return JSON.stringify(rows.map((r) => ({
      ...verdictJson(robots, r.url, r.v),
      ...(fetch ? { source: { url: fetch.url, finalUrl: fetch.finalUrl, code: fetch.code, hops: fetch.hops, error: fetch.error, bytes: fetch.bytes, cut: fetch.cut, meaning: fetch.outcome.reason } } : {}),
      ...(r.expected ? { expected: r.expected, met: met(r) } : {}),
    })), null, 2) + '\n';
  }
  if (format === 'csv') {
    const expecting = rows.some((r) => r.expected !== null);
    const fields = ['url', 'crawler', 'verdict', 'line', 'rule', 'tested_path', 'group', ...(expecting ? ['expected', 'met'] : [])];
    const data = rows.map((r) => [
      r.url, r.v.agent.profile?.id ?? r.v.token, verdictWord(r.v), r.v.line > 0 ? String(r.v.line) : '', r.v.line > 0 ? lineText(robots, r.v.line) : '',
      r.v.url.path, groupText(robots, r.v), ...(expecting ? [r.expected ?? '', r.expected ? (met(r) ? 'yes' : 'no') : ''] : []),
    ]);
    return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
  }
  return rows.map((r) => (r.expected ? `${met(r) ? 'ok  ' : 'FAIL'}  ` : '') + formatVerdict(robots, r.url, r.v)).join('\n') + (rows.length ? '\n' : '');
}

/** The verdicts that differ between two versions, as text, JSON or CSV. */
export function formatDiff(a: RobotsTxt, b: RobotsTxt, rows: readonly DiffRow[], format: 'text' | 'json' | 'csv', compared: number): string {
  const side = (robots: RobotsTxt, v: Verdict) => ({ verdict: verdictWord(v), line: v.line, rule: v.line > 0 ? lineText(robots, v.line) : null });
  if (format === 'json') {
    return JSON.stringify({ compared, changed: rows.length, changes: rows.map((r) => ({ url: r.url, crawler: r.now.agent.profile?.id ?? r.now.token, path: r.now.url.path, old: side(a, r.old), new: side(b, r.now) })) }, null, 2) + '\n';
  }
  if (format === 'csv') {
    const data = rows.map((r) => [r.url, r.now.agent.profile?.id ?? r.now.token, verdictWord(r.old), r.old.line ? String(r.old.line) : '', side(a, r.old).rule ?? '', verdictWord(r.now), r.now.line ? String(r.now.line) : '', side(b, r.now).rule ?? '']);
    return Papa.unparse({ fields: ['url', 'crawler', 'old_verdict', 'old_line', 'old_rule', 'new_verdict', 'new_line', 'new_rule'], data }, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
  }
  const rule = (robots: RobotsTxt, v: Verdict) => (v.line > 0 ? `line ${v.line}: ${lineText(robots, v.line)}` : v.fetch ? 'fetch result' : 'no rule');
  const lines = rows.map((r) => `${verdictWord(r.old).toUpperCase()} → ${verdictWord(r.now).toUpperCase()}  ${r.url}  crawler: ${r.now.token}\n    old: ${rule(a, r.old)}\n    new: ${rule(b, r.now)}`);
  return [...lines, `${rows.length} of ${compared} verdict${compared === 1 ? '' : 's'} changed`].join('\n') + '\n';
}

/** Reads an expectations CSV: columns url, crawler (a profile id or a token; empty = every crawler given), expected. */
export function readExpectations(text: string): { url: string; crawler: ResolvedAgent | null; expected: Expectation; line: number }[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true, skipEmptyLines: 'greedy', delimiter: '', delimitersToGuess: [',', ';', '\t'], transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const expectedCol = ['expected', 'expect', 'expectation'].find((f) => fields.includes(f));
  if (!fields.includes('url') || !expectedCol) throw new ExpectationsError('the expectations file needs the columns url and expected (and optionally crawler)');
  return parsed.data.map((row, i) => {
    const line = i + 2;
    const url = (row.url ?? '').trim();
    const expected = expectationOf(row[expectedCol] ?? '');
    if (!url) throw new ExpectationsError(`line ${line}: no url`);
    if (!expected) throw new ExpectationsError(`line ${line}: expected must be allowed or blocked, not ${JSON.stringify(row[expectedCol] ?? '')}`);
    const cell = (row.crawler ?? '').trim();
    let crawler: ResolvedAgent | null = null;
    if (cell !== '') {
      crawler = resolveCrawler(crawlerFromCell(cell));
      if (crawler.issue === 'no-crawler') throw new ExpectationsError(`line ${line}: no crawler token in ${JSON.stringify(cell)}`);
    }
    return { url, crawler, expected, line };
  });
}

/** An expectations file that cannot be read (exit code 2). */
export class ExpectationsError extends Error {}
