/**
 * The CSV of a log's judged requests, one row per request that names a crawler: the same columns
 * from the CLI (`logs --format csv`) and the Logs tab's export.
 */
import { verdictWord, type ReaderId } from '../../robots/index.js';
import type { JudgedRequest } from '../../robots/logs/index.js';
import { csvCell, CSV_NEWLINE } from './write.js';

/** The header of the log CSV: the User-Agent as logged after the version, then one verdict and line column pair per reader after the first. */
export function logCsvHeader(readers: readonly ReaderId[]): string[] {
  return [
    'file', 'line', 'time', 'ip', 'crawler', 'named', 'verification', 'ignores_robots_txt', 'method', 'host', 'target', 'status',
    'verdict', 'rule_line', 'rule', 'version', 'user_agent', ...readers.slice(1).flatMap((r) => [`verdict ${r}`, `rule_line ${r}`]),
  ];
}

/** A judged request's verdict in the CSV's words: the list's words, `within cache window` (blocked, but allowed by a version the crawler may still have had cached), or `robots.txt fetch`. */
export function logVerdictWord(r: JudgedRequest): string {
  if (r.verdict === null) return 'robots.txt fetch';
  return r.cacheWindow ? 'within cache window' : verdictWord(r.verdict);
}

/** Writes judged requests as CSV records, remembering the cells it repeats (crawlers, rules). */
export class LogCsvWriter {
  private readonly ruleCells = new Map<string, string>();
  private readonly crawlerCells = new Map<string, string>();

  /** `lineText(version, line)`: a deciding line's text; `readers`: the readers judged by (their columns). */
  constructor(private readonly lineText: (version: number, line: number) => string, private readonly readers: number) {}

  /** The records of `rows` (judged requests of file `file`), each ending in CRLF. */
  rows(rows: readonly JudgedRequest[], file: string): string {
    const fileCell = csvCell(file);
    let out = '';
    for (const r of rows) {
      const q = r.request;
      let crawler = this.crawlerCells.get(r.crawler.id);
      if (crawler === undefined) {
        crawler = `${csvCell(r.crawler.id)},${r.crawler.profile ? 'yes' : 'no'}`;
        this.crawlerCells.set(r.crawler.id, crawler);
      }
      const time = Number.isNaN(q.time) ? '' : new Date(q.time).toISOString();
      out += `${fileCell},${q.line},${time},${csvCell(q.ip)},${crawler},${r.verification},${r.crawler.ignoresRobotsTxt ? 'yes' : 'no'},`
        + `${csvCell(q.method)},${csvCell(q.host)},${csvCell(q.target)},${q.status || ''},${csvCell(logVerdictWord(r))},`
        + `${r.line || ''},${r.line ? this.rule(r.version, r.line) : ''},${r.version + 1},${csvCell(q.userAgent)}`;
      for (let k = 1; k < this.readers; k++) {
        const v = r.readers[k];
        out += v ? `,${csvCell(verdictWord(v.verdict))},${v.line || ''}` : ',,';
      }
      out += CSV_NEWLINE;
    }
    return out;
  }

  private rule(version: number, line: number): string {
    const key = `${version}:${line}`;
    let cell = this.ruleCells.get(key);
    if (cell === undefined) {
      cell = csvCell(this.lineText(version, line));
      this.ruleCells.set(key, cell);
    }
    return cell;
  }
}
