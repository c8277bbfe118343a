/**
 * CSV read as spreadsheets and crawl tools write it, for the app and the CLI (papaparse): URL
 * lists with url, crawler and expected columns; comma, semicolon or tab separated; a byte-order
 * mark; quoted cells with line breaks.
 */
import Papa from 'papaparse';
import { crawlerById, listEntries, type CrawlerSpec } from '../../../robots/index.js';
import type { Expectation } from '../../index.js';

/** Reads CSV text: a byte-order mark dropped, the separator guessed (comma, semicolon, tab); blank records kept as `['']`. */
export function readCsv(text: string): { readonly rows: string[][]; readonly delimiter: string } {
  const body = text.replace(/^\uFEFF/, '');
  // The separator is guessed from the first records, blank ones aside; the whole text is then
  // read with it, blank records kept so that each row's number is its record's.
  const delimiter = Papa.parse<string[]>(body, { delimiter: '', delimitersToGuess: [',', ';', '\t'], preview: 20, skipEmptyLines: 'greedy' }).meta.delimiter;
  return { rows: Papa.parse<string[]>(body, { delimiter }).data, delimiter };
}

/** Where a list's columns are (-1 when absent). */
export interface CsvColumns {
  readonly url: number;
  readonly expected: number;
  readonly crawler: number;
}

const URL_NAMES = ['url', 'address', 'loc', 'page'];
const EXPECTED_NAMES = ['expected', 'expect', 'expectation', 'must be'];
const CRAWLER_NAMES = ['crawler', 'user-agent', 'ua', 'token'];

/**
 * The columns a header row names — the URL (`url`, else `address` as crawl exports write it,
 * `loc`, `page`), the expectation and the crawler — or null when it names none (a data row).
 */
export function csvColumns(header: readonly string[]): CsvColumns | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const find = (list: readonly string[]) => {
    for (const name of list) {
      const at = names.indexOf(name);
      if (at >= 0) return at;
    }
    return -1;
  };
  const columns = { url: find(URL_NAMES), expected: find(EXPECTED_NAMES), crawler: find(CRAWLER_NAMES) };
  return columns.url < 0 && columns.expected < 0 && columns.crawler < 0 ? null : columns;
}

/** A crawler as written in a cell: a profile id, or free text (a token or User-Agent string). */
export function crawlerFromCell(cell: string): CrawlerSpec {
  const id = cell.trim().toLowerCase();
  return crawlerById(id) ? { kind: 'profile', id } : { kind: 'text', value: cell.trim() };
}

const ALLOWED = /^(allow|allowed|must be allowed|crawlable|yes)$/;
const BLOCKED = /^(block|blocked|disallow|disallowed|must be blocked|no)$/;

/** What an expectation cell says (`allowed`, `must be blocked`, `yes`…), or null when it says neither. */
export function expectationOf(cell: string): Expectation | null {
  const e = cell.trim().toLowerCase();
  return ALLOWED.test(e) ? 'allowed' : BLOCKED.test(e) ? 'blocked' : null;
}

/** True when a list's first line is CSV: plain lists have no separators there (URLs hold no comma, semicolon or tab). */
function looksLikeCsv(firstLine: string): boolean {
  return /[,;\t]/.test(firstLine);
}

/** A list's URLs, each once in order, and the expectations its rows state (crawler null: every crawler). */
export interface UrlImport {
  readonly urls: string;
  readonly expectations: readonly { readonly url: string; readonly crawler: CrawlerSpec | null; readonly expected: Expectation }[];
  /** Lines whose URL an earlier line already gave: dropped, whatever the list's form. */
  readonly duplicates: number;
}

/** True when a one-column list's first line names its column (`url`, `URL`, `Address`…) instead of giving a URL. */
function isColumnName(line: string): boolean {
  return csvColumns([line.replace(/^"(.*)"$/, '$1')])?.url === 0;
}

/**
 * Reads an imported URL list: plain text (one URL per line, its first line a header when it is a
 * column name) or CSV whose URL column is named (else the first), with optional expected and
 * crawler columns. A URL listed again is dropped and counted, for either form.
 */
export function parseUrlImport(text: string): UrlImport {
  const body = text.replace(/^\uFEFF/, '');
  const listed: string[] = [];
  // A row repeats another when it names the same URL for the same crawler (several crawlers are not a repeat).
  const seen = new Set<string>();
  let duplicates = 0;
  const expectations: UrlImport['expectations'][number][] = [];
  if (!looksLikeCsv(body.split(/\r\n|\r|\n/, 1)[0] ?? '')) {
    const lines = listEntries(body);
    for (let i = lines.length > 0 && isColumnName(lines[0]!) ? 1 : 0; i < lines.length; i++) {
      if (seen.has(lines[i]!)) duplicates++;
      else seen.add(lines[i]!);
    }
    // A plain list's rows are its URLs: the set holds each once, in order (a big list is not hashed twice).
    return { urls: [...seen].join('\n'), expectations, duplicates };
  } else {
    let { rows } = readCsv(body);
    const columns = csvColumns(rows[0] ?? []);
    if (columns) rows = rows.slice(1);
    const urlAt = Math.max(columns?.url ?? 0, 0);
    for (const row of rows) {
      const url = (row[urlAt] ?? '').trim();
      if (!url) continue;
      listed.push(url);
      const expected = columns && columns.expected >= 0 ? expectationOf(row[columns.expected] ?? '') : null;
      const cell = columns && columns.crawler >= 0 ? (row[columns.crawler] ?? '').trim() : '';
      const key = `${url}\n${cell.toLowerCase()}`;
      if (seen.has(key)) duplicates++;
      else seen.add(key);
      if (expected) expectations.push({ url, crawler: cell ? crawlerFromCell(cell) : null, expected });
    }
  }
  // One URL tested for several crawlers appears once in the list.
  const urls = [...new Set(listed)];
  return { urls: urls.join('\n'), expectations, duplicates };
}

/** One row of an expectations file: the URL, its crawler (null: every crawler), what it must be, and its record number. */
export interface ExpectationRow {
  readonly url: string;
  readonly crawler: CrawlerSpec | null;
  readonly expected: Expectation;
  readonly line: number;
}

/**
 * Reads an expectations file (columns url, expected, optionally crawler; any order, any of the
 * three separators); every row must name a URL and say allowed or blocked.
 */
export function readExpectationRows(text: string): { readonly rows: ExpectationRow[] } | { readonly error: string } {
  const { rows } = readCsv(text);
  const columns = csvColumns(rows[0] ?? []);
  if (!columns || columns.url < 0 || columns.expected < 0) return { error: 'the expectations file needs the columns url and expected (and optionally crawler)' };
  const out: ExpectationRow[] = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.every((c) => c.trim() === '')) continue;
    const line = i + 1;
    const url = (row[columns.url] ?? '').trim();
    if (!url) return { error: `line ${line}: no url` };
    const cell = row[columns.expected] ?? '';
    const expected = expectationOf(cell);
    if (!expected) return { error: `line ${line}: expected must be allowed or blocked, not ${JSON.stringify(cell)}` };
    const crawler = columns.crawler >= 0 ? (row[columns.crawler] ?? '').trim() : '';
    out.push({ url, crawler: crawler ? crawlerFromCell(crawler) : null, expected, line });
  }
  return { rows: out };
}

/** Reads a URL list as it streams in. */
export interface UrlListReader {
  /** Takes the next piece of the text (any length, cut anywhere); gives the URLs it completes, in order. */
  push(chunk: string): string[];
  /** At the end of the input: the URLs of the last line, and of a record left open by an unclosed quote. */
  end(): string[];
}

/**
 * A reader of a URL list that streams: lines end at LF, CRLF or CR; the first line that is not
 * blank says whether it is a plain list or CSV (then its header, if any, names the URL column,
 * else the first); a quoted cell may span lines. No line is copied more than once.
 */
export function urlListReader(): UrlListReader {
  let started = false;
  let csv = false;
  let delimiter = ',';
  let column = 0;
  let pending: string | null = null;
  let rest = '';
  const cellOf = (record: string): string => {
    // Without quotes, the record splits on its separator; with them, papaparse reads it.
    const cells = record.includes('"') ? (Papa.parse<string[]>(record, { delimiter }).data[0] ?? []) : record.split(delimiter);
    return (cells[column] ?? '').trim();
  };
  const line = (raw: string, out: string[]): void => {
    if (!started) {
      if (raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
      if (raw.trim() === '') return;
      started = true;
      if (looksLikeCsv(raw)) {
        csv = true;
        const head = readCsv(raw);
        delimiter = head.delimiter;
        const columns = csvColumns(head.rows[0] ?? []);
        column = Math.max(columns?.url ?? 0, 0);
        if (columns) return;
      } else if (isColumnName(raw.trim())) return;
    }
    if (!csv) {
      const url = raw.trim();
      if (url !== '') out.push(url);
      return;
    }
    let quotes = 0;
    for (let i = raw.indexOf('"'); i >= 0; i = raw.indexOf('"', i + 1)) quotes++;
    // An odd number of quotes opens (or closes) a quoted cell that spans lines.
    let record = raw;
    if (pending !== null) {
      pending += '\n' + raw;
      if (quotes % 2 === 0) return;
      record = pending;
      pending = null;
    } else if (quotes % 2 === 1) {
      pending = raw;
      return;
    }
    const url = cellOf(record);
    if (url !== '') out.push(url);
  };
  /** Splits `text` at line breaks; what follows the last one waits for more (a CR may be half of a CRLF). */
  const lines = (text: string, final: boolean): string[] => {
    const out: string[] = [];
    // Most lists end their lines with LF alone: those are split natively, in one call.
    if (text.indexOf('\r') < 0) {
      const parts = text.split('\n');
      rest = parts.pop()!;
      for (let i = 0; i < parts.length; i++) line(parts[i]!, out);
      return out;
    }
    let start = 0;
    let lf = text.indexOf('\n');
    let cr = text.indexOf('\r');
    for (;;) {
      if (lf >= 0 && lf < start) lf = text.indexOf('\n', start);
      if (cr >= 0 && cr < start) cr = text.indexOf('\r', start);
      let end: number;
      let next: number;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        if (cr + 1 === text.length && !final) break;
        end = cr;
        next = text.charCodeAt(cr + 1) === 0x0a ? cr + 2 : cr + 1;
      } else if (lf >= 0) {
        end = lf;
        next = lf + 1;
      } else break;
      line(text.slice(start, end), out);
      start = next;
    }
    rest = text.slice(start);
    return out;
  };
  return {
    push: (chunk) => lines(rest === '' ? chunk : rest + chunk, false),
    end() {
      const out = lines(rest, true);
      if (rest !== '') line(rest, out);
      rest = '';
      if (pending !== null) {
        const url = cellOf(pending);
        pending = null;
        if (url !== '') out.push(url);
      }
      return out;
    },
  };
}
