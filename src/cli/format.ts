/**
 * Text and JSON output of the `check` command: the verdict, the deciding line, the group, and
 * the engine's "Why" sentences (the same the app shows).
 */
import Papa from 'papaparse';
import {
  explainReader, explainVerdict, fromGoogleVerdict, resolveCrawler, type ReaderId, type ReaderVerdict, type ResolvedAgent, type RobotsTxt, type Verdict,
} from '../robots/index.js';
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

/** One checked URL × crawler (× reader), with the expectation it must meet (null when none). */
export interface CheckRow {
  readonly url: string;
  /** Google's verdict (the URL as tested, the crawler, scope and fetch result come from it). */
  readonly v: Verdict;
  /** Another reader's verdict for the same URL and crawler; absent for Google's own row. */
  readonly reader?: ReaderVerdict;
  readonly expected: Expectation | null;
  /** The line of the expectations file it came from. */
  readonly at?: number;
}

/** The row's verdict: the reader's where it has one (a fetch result or scope decides for all). */
function allowedOf(r: CheckRow): boolean {
  return r.reader && !r.v.fetch ? r.reader.allowed : r.v.allowed;
}

/** The deciding line of the row's verdict. */
function lineOf(r: CheckRow): number {
  return r.reader && !r.v.fetch ? r.reader.line : r.v.line;
}

/** The reader that answered a row. */
function readerOf(r: { readonly reader?: ReaderVerdict }): ReaderId {
  return r.reader?.reader ?? 'google';
}

/** The "why" of another reader's row, beside Google's reading. */
function readerWhy(robots: RobotsTxt, r: CheckRow): string[] {
  if (!r.reader) return [];
  return explainReader(r.reader, fromGoogleVerdict('google', robots, r.v), (line) => lineText(robots, line)).map((s) => s.text);
}

/** What a verdict must be. */
export type Expectation = 'allowed' | 'blocked';

/** A URL × crawler (× reader) whose verdict differs between two versions. */
export interface DiffRow {
  readonly url: string;
  readonly old: Verdict;
  readonly now: Verdict;
  /** Another reader's verdicts, old and new; absent for Google's. */
  readonly readers?: { readonly old: ReaderVerdict; readonly now: ReaderVerdict };
}

/** The verdict in the UI's words. */
export function verdictWord(v: Verdict): string {
  return !v.inScope ? 'Out of scope' : v.allowed ? 'Allowed' : 'Blocked';
}

/** The row's verdict in the UI's words. */
function rowWord(r: CheckRow): string {
  return !r.v.inScope ? 'Out of scope' : allowedOf(r) ? 'Allowed' : 'Blocked';
}

/** True when a row meets its expectation (out of scope never does). */
export function met(r: CheckRow): boolean {
  return r.expected === null || (r.v.inScope && allowedOf(r) === (r.expected === 'allowed'));
}

/** One line naming a failed expectation and the rule that decided. */
export function describeFailure(robots: RobotsTxt, r: CheckRow): string {
  const line = lineOf(r);
  const rule = line > 0 ? `line ${line} (${lineText(robots, line)}) decides` : r.v.fetch ? 'the fetch result decides' : 'no rule matches';
  const reader = r.reader ? ` as ${r.reader.reader} reads it` : '';
  return `${r.at ? `row ${r.at}: ` : ''}${r.url} × ${r.v.token}${reader} must be ${r.expected}, is ${rowWord(r).toLowerCase()}: ${rule}`;
}

function groupText(robots: RobotsTxt, v: Verdict): string {
  return v.fetch || !v.inScope || v.reason === 'ignores-robots-txt' ? '' : groupLabel(robots, v);
}

/** Check results as text, JSON or CSV. */
export function formatResults(robots: RobotsTxt, rows: readonly CheckRow[], format: 'text' | 'json' | 'csv', fetch: FetchReport | null): string {
  if (format === 'json') {
    return JSON.stringify(rows.map((r) => ({
      ...(r.reader ? readerJson(robots, r) : verdictJson(robots, r.url, r.v)),
      ...(fetch ? { source: { url: fetch.url, finalUrl: fetch.finalUrl, code: fetch.code, hops: fetch.hops, error: fetch.error, bytes: fetch.bytes, cut: fetch.cut, meaning: fetch.outcome.reason } } : {}),
      ...(r.expected ? { expected: r.expected, met: met(r) } : {}),
    })), null, 2) + '\n';
  }
  if (format === 'csv') {
    const expecting = rows.some((r) => r.expected !== null);
    const readers = rows.some((r) => r.reader);
    const fields = ['url', 'crawler', ...(readers ? ['reader'] : []), 'verdict', 'line', 'rule', 'tested_path', 'group', ...(expecting ? ['expected', 'met'] : [])];
    const data = rows.map((r) => {
      const line = lineOf(r);
      return [
        r.url, r.v.agent.profile?.id ?? r.v.token, ...(readers ? [readerOf(r)] : []), rowWord(r), line > 0 ? String(line) : '', line > 0 ? lineText(robots, line) : '',
        r.reader?.path ?? r.v.url.path, r.reader ? r.reader.groupLines.join(' ') : groupText(robots, r.v), ...(expecting ? [r.expected ?? '', r.expected ? (met(r) ? 'yes' : 'no') : ''] : []),
      ];
    });
    return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
  }
  return rows.map((r) => (r.expected ? `${met(r) ? 'ok  ' : 'FAIL'}  ` : '') + (r.reader ? formatReaderRow(robots, r) : formatVerdict(robots, r.url, r.v))).join('\n') + (rows.length ? '\n' : '');
}

/** Another reader's row as text: the verdict, its deciding line, the reader and crawler, and why. */
function formatReaderRow(robots: RobotsTxt, r: CheckRow): string {
  const rv = r.reader!;
  if (r.v.fetch || !r.v.inScope) return `${formatVerdict(robots, r.url, r.v).split('\n')[0]}  reader: ${rv.reader}`;
  const head = rv.reason === 'unparsable' ? `NO VERDICT  ${r.url}` : `${rv.allowed ? 'ALLOWED' : 'BLOCKED'}  ${r.url}`;
  const rule = rv.line > 0 ? `line ${rv.line}: ${lineText(robots, rv.line)}` : 'no rule matched (line 0)';
  return [`${head}  ${rule}  reader: ${rv.reader}  crawler: ${r.v.agent.profile ? `${r.v.agent.profile.name} [${r.v.agent.profile.id}]` : r.v.token}`, ...readerWhy(robots, r).map((t) => `    ${t}`)].join('\n');
}

/** Another reader's row as JSON. */
function readerJson(robots: RobotsTxt, r: CheckRow): Record<string, unknown> {
  const rv = r.reader!;
  return {
    url: r.url,
    reader: rv.reader,
    path: rv.path,
    allowed: allowedOf(r),
    inScope: r.v.inScope,
    line: lineOf(r),
    rule: lineOf(r) > 0 ? lineText(robots, lineOf(r)) : null,
    reason: r.v.fetch ? r.v.reason : rv.reason,
    error: rv.error,
    crawler: { input: r.v.agent.input, profile: r.v.agent.profile?.id ?? null, tokens: r.v.agent.tokens },
    group: { lines: rv.groupLines },
    fetch: r.v.fetch,
    why: readerWhy(robots, r),
  };
}

/** The verdicts that differ between two versions, as text, JSON or CSV. */
export function formatDiff(a: RobotsTxt, b: RobotsTxt, rows: readonly DiffRow[], format: 'text' | 'json' | 'csv', compared: number): string {
  const row = (r: DiffRow, which: 'old' | 'now'): CheckRow => ({ url: r.url, v: r[which], ...(r.readers ? { reader: r.readers[which] } : {}), expected: null });
  const side = (robots: RobotsTxt, c: CheckRow) => ({ verdict: rowWord(c), line: lineOf(c), rule: lineOf(c) > 0 ? lineText(robots, lineOf(c)) : null });
  const readers = rows.some((r) => r.readers);
  if (format === 'json') {
    return JSON.stringify({ compared, changed: rows.length, changes: rows.map((r) => ({ url: r.url, crawler: r.now.agent.profile?.id ?? r.now.token, ...(readers ? { reader: readerOf({ reader: r.readers?.now }) } : {}), path: r.readers?.now.path ?? r.now.url.path, old: side(a, row(r, 'old')), new: side(b, row(r, 'now')) })) }, null, 2) + '\n';
  }
  if (format === 'csv') {
    const data = rows.map((r) => {
      const [o, n] = [side(a, row(r, 'old')), side(b, row(r, 'now'))];
      return [r.url, r.now.agent.profile?.id ?? r.now.token, ...(readers ? [readerOf({ reader: r.readers?.now })] : []), o.verdict, o.line ? String(o.line) : '', o.rule ?? '', n.verdict, n.line ? String(n.line) : '', n.rule ?? ''];
    });
    return Papa.unparse({ fields: ['url', 'crawler', ...(readers ? ['reader'] : []), 'old_verdict', 'old_line', 'old_rule', 'new_verdict', 'new_line', 'new_rule'], data }, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
  }
  const rule = (robots: RobotsTxt, c: CheckRow) => (lineOf(c) > 0 ? `line ${lineOf(c)}: ${lineText(robots, lineOf(c))}` : c.v.fetch ? 'fetch result' : 'no rule');
  const lines = rows.map((r) => {
    const [o, n] = [row(r, 'old'), row(r, 'now')];
    return `${rowWord(o).toUpperCase()} → ${rowWord(n).toUpperCase()}  ${r.url}  crawler: ${r.now.token}${r.readers ? `  reader: ${r.readers.now.reader}` : ''}\n    old: ${rule(a, o)}\n    new: ${rule(b, n)}`;
  });
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
