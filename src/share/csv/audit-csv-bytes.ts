/**
 * The audit's CSV rows as UTF-8 bytes, written straight into a buffer: byte for byte what
 * AuditCsvWriter.rows gives once encoded, without building the text (a listing of millions of rows
 * spent a fifth of its checking thread joining and encoding strings). A row is its URL cell, encoded
 * once per URL and copied for its other columns, and the row's end after it, encoded once per
 * column, verdict and line while the source stays the same.
 */
import type { ListResults } from '../../robots/index.js';
import type { AuditCsvWriter } from './audit-csv.js';
import { csvCell } from './write.js';

const FIRST_BUFFER = 1 << 16;

/** Writes an audit's rows as UTF-8, through the text writer's cells. */
export class AuditCsvBytes {
  private buf = new Uint8Array(FIRST_BUFFER);
  private at = 0;
  private readonly utf8 = new TextEncoder();
  /** The current source's row ends, encoded, by column, verdicts and lines (see `key`). */
  private ends = new Map<number, Uint8Array>();
  private source: string | null = null;
  private sourceCell = '';
  /** Past every line of the audited file, and of the compared one: the key's bases. */
  private readonly lines: number;
  private readonly beforeLines: number;

  constructor(private readonly writer: AuditCsvWriter, compared: boolean) {
    this.lines = writer.lineCount(0) + 1;
    this.beforeLines = compared ? writer.lineCount(1) + 1 : 1;
  }

  /** The rows AuditCsvWriter.rows gives for the same arguments, as UTF-8. */
  rows(urls: readonly string[], now: Pick<ListResults, 'verdict' | 'line'>, before: Pick<ListResults, 'verdict' | 'line'> | null, sourceOf: (i: number) => string, offset = 0): Uint8Array {
    const m = this.writer.columns;
    if (m === 0) return new Uint8Array(0);
    for (let u = 0; u < urls.length; u++) {
      const name = sourceOf(u);
      if (name !== this.source) {
        this.source = name;
        this.sourceCell = csvCell(name);
        this.ends.clear();
      }
      const start = this.at;
      this.cell(csvCell(urls[u]!));
      const length = this.at - start;
      for (let c = 0; c < m; c++) {
        const i = offset + u * m + c;
        if (c > 0) {
          this.room(length);
          this.buf.copyWithin(this.at, start, start + length);
          this.at += length;
        }
        const end = this.rowEnd(c, now.verdict[i]!, now.line[i]!, before ? before.verdict[i]! : -1, before ? before.line[i]! : 0);
        this.room(end.length);
        this.buf.set(end, this.at);
        this.at += end.length;
      }
    }
    const out = this.buf.slice(0, this.at);
    this.at = 0;
    return out;
  }

  /** A row's end, encoded once for the current source. */
  private rowEnd(column: number, verdict: number, line: number, beforeVerdict: number, beforeLine: number): Uint8Array {
    const key = this.key(column, verdict, line, beforeVerdict, beforeLine);
    let end = key < 0 ? undefined : this.ends.get(key);
    if (end === undefined) {
      end = this.utf8.encode(this.writer.rowEnd(column, verdict, line, this.sourceCell, beforeVerdict, beforeLine));
      if (key >= 0) this.ends.set(key, end);
    }
    return end;
  }

  /** A number for the row end's parts, distinct for each; -1 when a line is past the file's (never the case; then not kept). */
  private key(column: number, verdict: number, line: number, beforeVerdict: number, beforeLine: number): number {
    const l = line > 0 ? line : 0;
    const b = beforeLine > 0 ? beforeLine : 0;
    if (l >= this.lines || b >= this.beforeLines) return -1;
    return (((column * 4 + verdict) * 5 + beforeVerdict + 1) * this.beforeLines + b) * this.lines + l;
  }

  /** Appends a cell's UTF-8: its characters as bytes while they are ASCII, the encoder's for the rest. */
  private cell(cell: string): void {
    this.room(cell.length * 3);
    const buf = this.buf;
    let at = this.at;
    let i = 0;
    for (; i < cell.length; i++) {
      const c = cell.charCodeAt(i);
      if (c >= 0x80) break;
      buf[at++] = c;
    }
    if (i < cell.length) at = this.at + this.utf8.encodeInto(cell, buf.subarray(this.at)).written;
    this.at = at;
  }

  /** Makes room for `bytes` more. */
  private room(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.at + bytes));
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
  }
}
