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
  private readonly lead: readonly string[];
  private readonly words = [0, 1, 2, 3].map((code) => csvCell(verdictWord(code)));
  private readonly ruleCells: Map<number, string>[];

  constructor(private readonly checker: ListChecker, readers: boolean) {
    this.lead = checker.columns.map((c) => `,${csvCell(c.id)}${readers ? `,${csvCell(c.reader)}` : ''}`);
    this.ruleCells = checker.robots.map(() => new Map());
  }

  /**
   * The rows of `urls` (each record ends in CRLF): `now` and `before` hold their verdicts and
   * lines from `offset` on (URL × column), `sourceOf(i)` names the source of the i-th URL.
   */
  rows(urls: readonly string[], now: Pick<ListResults, 'verdict' | 'line'>, before: Pick<ListResults, 'verdict' | 'line'> | null, sourceOf: (i: number) => string, offset = 0): string {
    const m = this.checker.columns.length;
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
        out += `${url}${this.lead[c]},${this.words[now.verdict[i]!]},${this.lineCells(0, now.line[i]!)},${sourceCell}`;
        if (before) out += `,${this.words[before.verdict[i]!]},${this.lineCells(1, before.line[i]!)}`;
        out += '\r\n';
      }
    }
    return out;
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
