/**
 * The site audit's CSV, the same from the app and the CLI: one row per URL × crawler (× reader) —
 * url (as its source lists it), crawler, verdict (allowed | blocked | out of scope | cannot test),
 * line, rule, source — and, against a compared version, its verdict, line and rule. Written
 * straight from the list checker's columns, every cell through the CSV module's writer.
 */
import { verdictWord, type ListChecker, type ListResults } from '../../robots/index.js';
import { csvCell } from './write.js';

/** The audit CSV's header: a reader column when readers are asked for, the compared version's columns when there is one. */
export function auditCsvHeader(readers: boolean, compare: boolean): string[] {
  return ['url', 'crawler', ...(readers ? ['reader'] : []), 'verdict', 'line', 'rule', 'source', ...(compare ? ['compared verdict', 'compared line', 'compared rule'] : [])];
}

/** Writes an audit's rows from the list checker's columns (version 0 the audited file, 1 the compared one). */
export class AuditCsvWriter {
  /** The columns (URL × crawler × reader) a URL has rows for. */
  readonly columns: number;
  private readonly lead: readonly string[];
  private readonly words = [0, 1, 2, 3].map((code) => csvCell(verdictWord(code)));
  private readonly ruleCells: Map<number, string>[];

  constructor(private readonly checker: ListChecker, readers: boolean) {
    this.columns = checker.columns.length;
    this.lead = checker.columns.map((c) => `,${csvCell(c.id)}${readers ? `,${csvCell(c.reader)}` : ''}`);
    this.ruleCells = checker.robots.map(() => new Map());
  }

  /** The lines a version's file has: a deciding line is one of them (0 when none decided). */
  lineCount(version: number): number {
    return this.checker.robots[version]!.lineCount;
  }

  /**
   * The rows of `urls` (each record ends in CRLF): `now` and `before` hold their verdicts and
   * lines from `offset` on (URL × column), `sourceOf(i)` names the source of the i-th URL.
   */
  rows(urls: readonly string[], now: Pick<ListResults, 'verdict' | 'line'>, before: Pick<ListResults, 'verdict' | 'line'> | null, sourceOf: (i: number) => string, offset = 0): string {
    const m = this.columns;
    let out = '';
    let lastSource = '';
    let sourceCell = '';
    for (let u = 0; u < urls.length; u++) {
      const name = sourceOf(u);
      if (name !== lastSource || u === 0) {
        lastSource = name;
        sourceCell = csvCell(name);
      }
      const url = csvCell(urls[u]!);
      for (let c = 0; c < m; c++) {
        const i = offset + u * m + c;
        out += url + this.rowEnd(c, now.verdict[i]!, now.line[i]!, sourceCell, before ? before.verdict[i]! : -1, before ? before.line[i]! : 0);
      }
    }
    return out;
  }

  /**
   * A row after its URL cell, to the record's end: the column's crawler (and reader), the verdict
   * and deciding line, the source's cell, and with a compared version (`beforeVerdict` ≥ 0) its
   * verdict and line.
   */
  rowEnd(column: number, verdict: number, line: number, sourceCell: string, beforeVerdict: number, beforeLine: number): string {
    const end = `${this.lead[column]},${this.words[verdict]},${this.lineCells(0, line)},${sourceCell}`;
    return beforeVerdict < 0 ? `${end}\r\n` : `${end},${this.words[beforeVerdict]},${this.lineCells(1, beforeLine)}\r\n`;
  }

  /** The line and rule cells of a deciding line (both empty when none decided). */
  private lineCells(version: number, line: number): string {
    if (line <= 0) return ',';
    const cells = this.ruleCells[version]!;
    let cell = cells.get(line);
    if (cell === undefined) cells.set(line, (cell = `${line},${csvCell(this.checker.lineText(version, line))}`));
    return cell;
  }
}
