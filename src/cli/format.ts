/**
 * Text and JSON output of the `check` command: the verdict, the deciding line, the group, and
 * the engine's "Why" sentences (the same the app shows).
 */
import Papa from 'papaparse';
import {
  explainReader, explainVerdict, fromGoogleVerdict, problemSentence, resolveCrawler, type ReaderId, type ReaderVerdict, type ResolvedAgent, type RobotsTxt, type Verdict,
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

/** The group label of a verdict, as the listings write it. */
export /** The reader that answered a row. */
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

/** The group label of a verdict, as the listings write it. */
export function groupText(robots: RobotsTxt, v: Verdict): string {
  return v.fetch || !v.inScope || v.reason === 'ignores-robots-txt' ? '' : groupLabel(robots, v);
}

/** How a listing of check results is laid out: its format and which optional columns it has. */
export interface ResultLayout {
  readonly format: 'text' | 'json' | 'csv';
  /** Rows may come from other readers (a `reader` column). */
  readonly readers: boolean;
  /** Rows carry expectations (`expected`, `met`). */
  readonly expecting: boolean;
  readonly fetch: FetchReport | null;
}

function csvFields(l: ResultLayout): string[] {
  return ['url', 'crawler', ...(l.readers ? ['reader'] : []), 'verdict', 'line', 'rule', 'tested_path', 'group', ...(l.expecting ? ['expected', 'met'] : [])];
}

const indent = (json: string) => json.replace(/^/gm, '  ');

/** What a listing starts with: a JSON array's bracket, the CSV header, nothing for text. */
export function resultsHead(l: ResultLayout): string {
  if (l.format === 'json') return '[';
  if (l.format === 'csv') return Papa.unparse([csvFields(l)], { newline: '\r\n' }) + '\r\n';
  return '';
}

/** Rows of a listing, to follow its head (`first`: nothing was written before them). */
export function resultsChunk(robots: RobotsTxt, rows: readonly CheckRow[], l: ResultLayout, first: boolean): string {
  if (rows.length === 0) return '';
  if (l.format === 'json') {
    const fetch = l.fetch;
    return rows.map((r, i) => (first && i === 0 ? '\n' : ',\n') + indent(JSON.stringify(r.v.problem ? { url: r.url, ...(r.reader ? { reader: r.reader.reader } : {}), error: problemSentence(r.v)!.text } : {
      ...(r.reader ? readerJson(robots, r) : verdictJson(robots, r.url, r.v)),
      ...(fetch ? { source: { url: fetch.url, finalUrl: fetch.finalUrl, code: fetch.code, hops: fetch.hops, error: fetch.error, bytes: fetch.bytes, cut: fetch.cut, meaning: fetch.outcome.reason, body: fetch.body.map((b) => ({ code: b.code, text: b.text })) } } : {}),
      ...(r.expected ? { expected: r.expected, met: met(r) } : {}),
    }, null, 2))).join('');
  }
  if (l.format === 'csv') {
    const data = rows.map((r) => {
      const line = lineOf(r);
      const crawler = r.v.agent.profile?.id ?? r.v.token;
      if (r.v.problem) return csvRecord(l, r.url, crawler, readerOf(r), 'Cannot test', 0, problemSentence(r.v)!.text, '', '', r);
      return csvRecord(l, r.url, crawler, readerOf(r), rowWord(r), line, line > 0 ? lineText(robots, line) : '', r.reader?.path ?? r.v.url.path,
        r.reader ? r.reader.groupLines.join(' ') : groupText(robots, r.v), r);
    });
    return csvLines(data);
  }
  return rows.map((r) => (r.v.problem ? `CANNOT TEST  ${r.url}  ${problemSentence(r.v)!.text}${r.reader ? `  reader: ${r.reader.reader}` : ''}`
    : (r.expected ? `${met(r) ? 'ok  ' : 'FAIL'}  ` : '') + (r.reader ? formatReaderRow(robots, r) : formatVerdict(robots, r.url, r.v)))).join('\n') + '\n';
}

/** One CSV record of a check listing, in csvFields' order. */
export function csvRecord(l: ResultLayout, url: string, crawler: string, reader: ReaderId, word: string, line: number, rule: string, path: string, group: string, r: CheckRow | null): string[] {
  return [
    url, crawler, ...(l.readers ? [reader] : []), word, line > 0 ? String(line) : '', rule, path, group,
    ...(l.expecting ? [r?.expected ?? '', r?.expected ? (met(r) ? 'yes' : 'no') : ''] : []),
  ];
}

/** CSV lines of records (formula-like cells neutralised), each ending in CRLF. */
export function csvLines(records: readonly string[][]): string {
  return records.length ? Papa.unparse(records as string[][], { escapeFormulae: true, newline: '\r\n' }) + '\r\n' : '';
}

/** What a listing ends with (`any`: some row was written). */
export function resultsTail(l: ResultLayout, any: boolean): string {
  return l.format === 'json' ? (any ? '\n]\n' : ']\n') : '';
}

/** Check results as text, JSON or CSV. */
export function formatResults(robots: RobotsTxt, rows: readonly CheckRow[], format: 'text' | 'json' | 'csv', fetch: FetchReport | null): string {
  const l: ResultLayout = { format, readers: rows.some((r) => r.reader), expecting: rows.some((r) => r.expected !== null), fetch };
  return resultsHead(l) + resultsChunk(robots, rows, l, true) + resultsTail(l, rows.length > 0);
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

/** How a listing of changed verdicts is laid out. */
export interface DiffLayout {
  readonly format: 'text' | 'json' | 'csv';
  /** Rows may come from other readers (a `reader` column). */
  readonly readers: boolean;
}

/** What a diff listing starts with. */
export function diffHead(l: DiffLayout): string {
  if (l.format === 'json') return '{\n  "changes": [';
  if (l.format === 'csv') return Papa.unparse([['url', 'crawler', ...(l.readers ? ['reader'] : []), 'old_verdict', 'old_line', 'old_rule', 'new_verdict', 'new_line', 'new_rule']], { newline: '\r\n' }) + '\r\n';
  return '';
}

/** Changed rows of a diff listing (`first`: nothing was written before them). */
export function diffChunk(a: RobotsTxt, b: RobotsTxt, rows: readonly DiffRow[], l: DiffLayout, first: boolean): string {
  if (rows.length === 0) return '';
  const row = (r: DiffRow, which: 'old' | 'now'): CheckRow => ({ url: r.url, v: r[which], ...(r.readers ? { reader: r.readers[which] } : {}), expected: null });
  const side = (robots: RobotsTxt, c: CheckRow) => ({ verdict: rowWord(c), line: lineOf(c), rule: lineOf(c) > 0 ? lineText(robots, lineOf(c)) : null });
  if (l.format === 'json') {
    return rows.map((r, i) => (first && i === 0 ? '\n' : ',\n') + indent(indent(JSON.stringify({
      url: r.url, crawler: r.now.agent.profile?.id ?? r.now.token, ...(l.readers ? { reader: readerOf({ reader: r.readers?.now }) } : {}),
      path: r.readers?.now.path ?? r.now.url.path, old: side(a, row(r, 'old')), new: side(b, row(r, 'now')),
    }, null, 2)))).join('');
  }
  if (l.format === 'csv') {
    const data = rows.map((r) => {
      const [o, n] = [side(a, row(r, 'old')), side(b, row(r, 'now'))];
      return [r.url, r.now.agent.profile?.id ?? r.now.token, ...(l.readers ? [readerOf({ reader: r.readers?.now })] : []), o.verdict, o.line ? String(o.line) : '', o.rule ?? '', n.verdict, n.line ? String(n.line) : '', n.rule ?? ''];
    });
    return Papa.unparse(data, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
  }
  const rule = (robots: RobotsTxt, c: CheckRow) => (lineOf(c) > 0 ? `line ${lineOf(c)}: ${lineText(robots, lineOf(c))}` : c.v.fetch ? 'fetch result' : 'no rule');
  return rows.map((r) => {
    const [o, n] = [row(r, 'old'), row(r, 'now')];
    return `${rowWord(o).toUpperCase()} → ${rowWord(n).toUpperCase()}  ${r.url}  crawler: ${r.now.token}${r.readers ? `  reader: ${r.readers.now.reader}` : ''}\n    old: ${rule(a, o)}\n    new: ${rule(b, n)}\n`;
  }).join('');
}

/** What a diff listing ends with: how many verdicts were compared and changed. */
export function diffTail(l: DiffLayout, compared: number, changed: number): string {
  if (l.format === 'json') return `${changed > 0 ? '\n  ' : ''}],\n  "compared": ${compared},\n  "changed": ${changed}\n}\n`;
  if (l.format === 'csv') return '';
  return `${changed} of ${compared} verdict${compared === 1 ? '' : 's'} changed\n`;
}

/** The verdicts that differ between two versions, as text, JSON or CSV. */
export function formatDiff(a: RobotsTxt, b: RobotsTxt, rows: readonly DiffRow[], format: 'text' | 'json' | 'csv', compared: number): string {
  const l: DiffLayout = { format, readers: rows.some((r) => r.readers) };
  return diffHead(l) + diffChunk(a, b, rows, l, true) + diffTail(l, compared, rows.length);
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
