/**
 * Text, JSON and CSV output of the CLI's listings (check, diff, --expect): the verdict, the
 * deciding line, the group, and the engine's "Why" sentences (the same the app shows). Rows come
 * from the list checker; the CSV is the CSV module's.
 */
import {
  explainReader, formatIcu, preferenceMessages, preferenceParts, explainVerdict, fromGoogleVerdict, ListVerdict, problemSentence, readerGroupLabel, resolveCrawler, urlPreferences, verdictTag, verdictWord,
  type ListChecker, type ListRow, type ReaderId, type ResolvedAgent, type RobotsTxt, type UrlPreferences, type Verdict,
} from '../robots/index.js';
import type { Expectation } from '../share/index.js';
import { csvRecord } from '../share/csv/index.js';
import { readExpectationRows } from '../share/csv/read/index.js';
import type { FetchReport } from './source.js';
import type { FailingRow } from './github.js';
import { CliError } from './cli-error.js';
import { terminalText } from './terminal.js';

/** The preference line in English: "crawling allowed; train-ai = n from line 12 (Content-Usage /); …". */
function describePreferences(p: UrlPreferences): string {
  const messages = preferenceMessages();
  return preferenceParts(p).map((part) => formatIcu(messages[part.id]!, part.args)).join('; ');
}

/** The text of a line of a version, without its line break. */
export function lineText(checker: ListChecker, version: number, line: number): string {
  return checker.lineText(version, line);
}

/** The crawler as the user named it: a profile's name, or the token read from the text. */
function crawlerLabel(v: Verdict): string {
  return v.agent.profile ? `${v.agent.profile.name} [${v.agent.profile.id}]` : v.token;
}

/** One human-readable verdict (Google's row), then its "Why", indented: its lines, to print through terminalText. */
export function formatVerdict(checker: ListChecker, r: ListRow): string[] {
  const { google: v, url } = r;
  const robots = checker.robots[r.version]!;
  const why = explainVerdict(robots, v);
  const sentences = [why.group, why.decision, ...why.notes].filter((s) => s !== null).map((s) => `    ${s.text}`);
  if (!v.inScope) return [`${verdictTag(ListVerdict.OutOfScope)}  ${url}  crawler: ${crawlerLabel(v)}`, ...sentences];
  const head = `${verdictTag(v.allowed ? ListVerdict.Allowed : ListVerdict.Blocked)}  ${url}`;
  const rule = v.fetch ? `fetch result decides (line 0)` : v.line > 0 ? `line ${v.line}: ${checker.lineText(r.version, v.line)}` : 'no rule matched (line 0)';
  const tested = v.url.path !== url ? `  [tested ${v.url.path}]` : '';
  const group = checker.groupFor(r.column, r.version, r.verdict);
  const prefs = urlPreferences(robots, v);
  const ai = prefs ? [`    ${preferenceMessages()['prefs.label']}: ${describePreferences(prefs)}.`] : [];
  return [`${head}  ${rule}${group ? `  group: ${group}` : ''}  token: ${v.token || '(none)'}  crawler: ${crawlerLabel(v)}${tested}`, ...sentences, ...ai];
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
    rule: v.line > 0 ? robots.text.slice(robots.lines.from[v.line - 1], robots.lines.to[v.line - 1]).trim() : null,
    reason: v.reason,
    token: v.token,
    crawler: { input: v.agent.input, profile: v.agent.profile?.id ?? null, tokens: v.agent.tokens },
    group: { kind: v.group.kind, lines: v.group.groups.map((i) => robots.groups[i]!.firstLine) },
    matches: v.matches.map((m) => ({ line: m.line, allow: m.allow, pattern: m.pattern, length: m.length })),
    fetch: v.fetch,
    why: [why.group, why.decision, ...why.notes].filter((s) => s !== null),
    ...preferencesJson(robots, v),
  };
}

/**
 * What the file says about AI use of the URL, for this crawler: `usage` (the Content-Usage
 * categories that apply, as written) and `contentSignal`, objects where the crawler may fetch the
 * URL ({} when nothing is stated), null where it may not or no verdict stands; `preferences` gives
 * the lines, the licences (RSL) and what would apply were crawling allowed.
 */
function preferencesJson(robots: RobotsTxt, v: Verdict): Record<string, unknown> {
  const p = urlPreferences(robots, v);
  const applies = v.problem === null && v.inScope && v.fetch === null && v.reason !== 'ignores-robots-txt' && v.allowed;
  return {
    usage: applies ? Object.fromEntries((p?.usage ?? []).map((x) => [x.key, x.value])) : null,
    contentSignal: applies ? Object.fromEntries((p?.signals ?? []).map((x) => [x.key, x.value])) : null,
    ...(p ? {
      preferences: {
        crawl: p.crawl, usageLines: [...new Set(p.usage.map((x) => x.line))], usagePath: p.usagePath, contentSignalLines: [...new Set(p.signals.map((x) => x.line))],
        licenses: p.licenses.map((l) => ({ url: l.url, line: l.line })), withheld: p.withheld, text: describePreferences(p),
      },
    } : {}),
  };
}

/** One checked URL × crawler (× reader), explained, with the expectation it must meet (null when none). */
export interface CheckRow extends ListRow {
  readonly expected: Expectation | null;
  /** The line of the expectations file it came from. */
  readonly at?: number;
}

/** The reader of a row's column. */
function readerOf(checker: ListChecker, r: ListRow): ReaderId {
  return checker.columns[r.column]!.reader;
}

/** The "why" of another reader's row, beside Google's reading. */
function readerWhy(checker: ListChecker, r: ListRow): string[] {
  if (!r.reader) return [];
  const robots = checker.robots[r.version]!;
  return explainReader(r.reader, fromGoogleVerdict('google', robots, r.google), (line) => checker.lineText(r.version, line)).map((s) => s.text);
}

/** A URL × crawler (× reader) whose verdict differs between two versions. */
export interface DiffRow {
  readonly url: string;
  readonly old: ListRow;
  readonly now: ListRow;
}

/** True when a row meets its expectation (a row out of scope or without a verdict never does). */
export function met(r: CheckRow): boolean {
  if (r.expected === null) return true;
  return (r.verdict === ListVerdict.Allowed || r.verdict === ListVerdict.Blocked) && (r.verdict === ListVerdict.Allowed) === (r.expected === 'allowed');
}

/** One line naming a failed expectation and the rule that decided. */
export function describeFailure(checker: ListChecker, r: CheckRow): string {
  const rule = r.line > 0 ? `line ${r.line} (${checker.lineText(r.version, r.line)}) decides` : r.google.fetch ? 'the fetch result decides' : 'no rule matches';
  const reader = readerOf(checker, r);
  return `${r.at ? `row ${r.at}: ` : ''}${r.url} × ${r.google.token}${reader !== 'google' ? ` as ${reader} reads it` : ''} must be ${r.expected}, is ${verdictWord(r.verdict)}: ${rule}`;
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
  if (l.format === 'csv') return csvRecord(csvFields(l));
  return '';
}

/** The cells of a row's CSV record, in csvFields' order. */
export function csvCells(checker: ListChecker, l: ResultLayout, r: CheckRow): string[] {
  const col = checker.columns[r.column]!;
  const expect = l.expecting ? [r.expected ?? '', r.expected ? (met(r) ? 'yes' : 'no') : ''] : [];
  const lead = [r.url, col.id, ...(l.readers ? [col.reader] : [])];
  if (r.google.problem) return [...lead, verdictWord(ListVerdict.CannotTest), '', problemSentence(r.google)!.text, '', '', ...expect];
  const rv = r.reader;
  const ruled = r.verdict === ListVerdict.Allowed || r.verdict === ListVerdict.Blocked;
  const group = !rv ? checker.groupFor(r.column, r.version, r.verdict) : ruled && !r.google.fetch ? readerGroupLabel(rv.groupLines) : '';
  const rule = r.line > 0 ? checker.lineText(r.version, r.line) : rv?.reason === 'unparsable' ? `${rv.reader}: ${rv.error ?? ''}` : '';
  return [...lead, verdictWord(r.verdict), r.line > 0 ? String(r.line) : '', rule, rv?.path ?? r.google.url.path, group, ...expect];
}

/** Rows of a listing, to follow its head (`first`: nothing was written before them). */
export function resultsChunk(checker: ListChecker, rows: readonly CheckRow[], l: ResultLayout, first: boolean): string {
  if (rows.length === 0) return '';
  if (l.format === 'json') {
    const fetch = l.fetch;
    return rows.map((r, i) => {
      const reader = readerOf(checker, r);
      const named = reader !== 'google' ? { reader } : {};
      return (first && i === 0 ? '\n' : ',\n') + indent(JSON.stringify(r.google.problem ? { url: r.url, ...named, error: problemSentence(r.google)!.text } : {
        ...(r.reader ? readerJson(checker, r) : verdictJson(checker.robots[r.version]!, r.url, r.google)),
        ...(fetch ? { source: { url: fetch.url, finalUrl: fetch.finalUrl, code: fetch.code, hops: fetch.hops, chain: fetch.chain, unfollowed: fetch.unfollowed, error: fetch.error, bytes: fetch.bytes, cut: fetch.cut, meaning: fetch.outcome.reason, body: fetch.body.map((b) => ({ code: b.code, text: b.text })) } } : {}),
        ...(r.expected ? { expected: r.expected, met: met(r) } : {}),
      }, null, 2));
    }).join('');
  }
  if (l.format === 'csv') return rows.map((r) => csvRecord(csvCells(checker, l, r))).join('');
  return terminalText(rows.flatMap((r) => {
    const reader = readerOf(checker, r);
    if (r.google.problem) return [`${verdictTag(ListVerdict.CannotTest)}  ${r.url}  ${problemSentence(r.google)!.text}${reader !== 'google' ? `  reader: ${reader}` : ''}`];
    const lines = r.reader ? formatReaderRow(checker, r) : formatVerdict(checker, r);
    if (r.expected) lines[0] = `${met(r) ? 'ok  ' : 'FAIL'}  ${lines[0]}`;
    return lines;
  }));
}

/** What a listing ends with (`any`: some row was written). */
export function resultsTail(l: ResultLayout, any: boolean): string {
  return l.format === 'json' ? (any ? '\n]\n' : ']\n') : '';
}

/** Check results as text, JSON or CSV. */
export function formatResults(checker: ListChecker, rows: readonly CheckRow[], format: 'text' | 'json' | 'csv', fetch: FetchReport | null): string {
  const l: ResultLayout = { format, readers: rows.some((r) => readerOf(checker, r) !== 'google'), expecting: rows.some((r) => r.expected !== null), fetch };
  return resultsHead(l) + resultsChunk(checker, rows, l, true) + resultsTail(l, rows.length > 0);
}

/** Another reader's row as text: the verdict, its deciding line, the reader and crawler, and why; its lines. */
function formatReaderRow(checker: ListChecker, r: CheckRow): string[] {
  const rv = r.reader!;
  if (r.google.fetch || !r.google.inScope) return [`${formatVerdict(checker, r)[0]}  reader: ${rv.reader}`];
  const head = `${verdictTag(r.verdict)}  ${r.url}`;
  const rule = rv.line > 0 ? `line ${rv.line}: ${checker.lineText(r.version, rv.line)}` : 'no rule matched (line 0)';
  const crawler = r.google.agent.profile ? `${r.google.agent.profile.name} [${r.google.agent.profile.id}]` : r.google.token;
  return [`${head}  ${rule}  reader: ${rv.reader}  crawler: ${crawler}`, ...readerWhy(checker, r).map((t) => `    ${t}`)];
}

/** Another reader's row as JSON. */
function readerJson(checker: ListChecker, r: CheckRow): Record<string, unknown> {
  const rv = r.reader!;
  const google = r.google.fetch !== null || !r.google.inScope;
  return {
    url: r.url,
    reader: rv.reader,
    path: rv.path,
    allowed: r.verdict === ListVerdict.Allowed,
    inScope: r.google.inScope,
    line: r.line,
    rule: r.line > 0 ? checker.lineText(r.version, r.line) : null,
    reason: google ? r.google.reason : rv.reason,
    error: rv.error,
    crawler: { input: r.google.agent.input, profile: r.google.agent.profile?.id ?? null, tokens: r.google.agent.tokens },
    group: { lines: rv.groupLines },
    fetch: r.google.fetch,
    why: readerWhy(checker, r),
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
  if (l.format === 'csv') return csvRecord(['url', 'crawler', ...(l.readers ? ['reader'] : []), 'old_verdict', 'old_line', 'old_rule', 'new_verdict', 'new_line', 'new_rule']);
  return '';
}

/** Changed rows of a diff listing (`first`: nothing was written before them). */
export function diffChunk(checker: ListChecker, rows: readonly DiffRow[], l: DiffLayout, first: boolean): string {
  if (rows.length === 0) return '';
  const side = (c: ListRow) => ({ verdict: verdictWord(c.verdict), line: c.line, rule: c.line > 0 ? checker.lineText(c.version, c.line) : null });
  const named = (r: DiffRow) => (l.readers ? [readerOf(checker, r.now)] : []);
  if (l.format === 'json') {
    return rows.map((r, i) => (first && i === 0 ? '\n' : ',\n') + indent(indent(JSON.stringify({
      url: r.url, crawler: checker.columns[r.now.column]!.id, ...(l.readers ? { reader: readerOf(checker, r.now) } : {}),
      path: r.now.reader?.path ?? r.now.google.url.path, old: side(r.old), new: side(r.now),
    }, null, 2)))).join('');
  }
  if (l.format === 'csv') {
    return rows.map((r) => {
      const [o, n] = [side(r.old), side(r.now)];
      return csvRecord([r.url, checker.columns[r.now.column]!.id, ...named(r), o.verdict, o.line ? String(o.line) : '', o.rule ?? '', n.verdict, n.line ? String(n.line) : '', n.rule ?? '']);
    }).join('');
  }
  const rule = (c: ListRow) => (c.line > 0 ? `line ${c.line}: ${checker.lineText(c.version, c.line)}` : c.google.fetch ? 'fetch result' : 'no rule');
  return terminalText(rows.flatMap((r) => {
    const reader = readerOf(checker, r.now);
    return [`${verdictTag(r.old.verdict)} → ${verdictTag(r.now.verdict)}  ${r.url}  crawler: ${r.now.google.token}${reader !== 'google' ? `  reader: ${reader}` : ''}`, `    old: ${rule(r.old)}`, `    new: ${rule(r.now)}`];
  }));
}

/** What a diff listing ends with: how many verdicts were compared and changed. */
export function diffTail(l: DiffLayout, compared: number, changed: number): string {
  if (l.format === 'json') return `${changed > 0 ? '\n  ' : ''}],\n  "compared": ${compared},\n  "changed": ${changed}\n}\n`;
  if (l.format === 'csv') return '';
  return `${changed} of ${compared} verdict${compared === 1 ? '' : 's'} changed\n`;
}

/**
 * Reads the expectations CSV `file` holds: columns url, crawler (a profile id or a token; empty =
 * every crawler given), expected. One that cannot be read throws CliError, naming the file.
 */
export function readExpectations(text: string, file: string): { url: string; crawler: ResolvedAgent | null; expected: Expectation; line: number }[] {
  const read = readExpectationRows(text);
  if ('error' in read) throw new CliError(`${file}: ${read.error}`);
  return read.rows.map((row) => {
    if (row.crawler === null) return { ...row, crawler: null };
    const crawler = resolveCrawler(row.crawler);
    if (crawler.issue === 'no-crawler') throw new CliError(`${file}: line ${row.line}: no crawler token in ${JSON.stringify(row.crawler.kind === 'text' ? row.crawler.value : row.crawler.id)}`);
    return { ...row, crawler };
  });
}

/** The line a row's annotation points at: the deciding line, else the first line of the group that applied, else 0. */
function annotatedLine(checker: ListChecker, r: ListRow): number {
  if (r.line > 0) return r.line;
  if (r.reader) return r.reader.groupLines[0] ?? 0;
  const g = r.google.group.groups[0];
  return g === undefined ? 0 : checker.robots[r.version]!.groups[g]!.firstLine;
}

/** What decided a row, as the summary's rule cell says it. */
function decidedBy(checker: ListChecker, r: ListRow): string {
  if (r.google.problem) return problemSentence(r.google)!.text;
  if (r.line > 0) return `line ${r.line}: ${checker.lineText(r.version, r.line)}`;
  if (r.google.fetch) return 'the fetch result decides';
  if (!r.google.inScope) return 'out of scope';
  return 'no rule matches';
}

/** A failed expectation as GitHub shows it (see github.ts). */
export function failingExpectation(checker: ListChecker, r: CheckRow): FailingRow {
  const col = checker.columns[r.column]!;
  return {
    url: r.url, crawler: col.id, ...(col.reader !== 'google' ? { reader: col.reader } : {}), expected: r.expected ?? '', got: verdictWord(r.verdict),
    line: annotatedLine(checker, r), rule: decidedBy(checker, r), message: describeFailure(checker, r),
  };
}

/** A verdict that changed between two versions as GitHub shows it: on the new version's deciding line. */
export function failingChange(checker: ListChecker, r: DiffRow): FailingRow {
  const col = checker.columns[r.now.column]!;
  const [old, now] = [verdictWord(r.old.verdict), verdictWord(r.now.verdict)];
  const side = (c: ListRow) => (c.line > 0 ? `line ${c.line} (${checker.lineText(c.version, c.line)})` : decidedBy(checker, c));
  return {
    url: r.url, crawler: col.id, ...(col.reader !== 'google' ? { reader: col.reader } : {}), expected: old, got: now,
    line: annotatedLine(checker, r.now), rule: decidedBy(checker, r.now),
    message: `${r.url} × ${r.now.google.token}${col.reader !== 'google' ? ` as ${col.reader} reads it` : ''} was ${old}, is ${now}: old ${side(r.old)}, new ${side(r.now)}`,
  };
}
