/**
 * RobotsParser: parses successive versions of one robots.txt (a document being edited) and
 * re-scans only the lines that changed. Its answer is always exactly parseRobotsTxt's: the kept
 * lines are replayed through the same model builder, only their character scan is skipped.
 */
import { FieldKey, MAX_ROBOTS_BYTES, type RobotsTxt } from './model.js';
import { finishModel, lineCountBound, ModelBuilder } from './parse.js';
import {
  BREAK_LENGTH, LineBreak, LineShape, scanRange, scanRobotsTxt, textFacts,
  type ScanHandler, type ScannedLine,
} from './scan.js';

/** A scanned line kept for the next parse: spans are relative to the line's start. */
interface LineRecord {
  readonly length: number;
  readonly brk: LineBreak;
  readonly shape: LineShape;
  readonly field: FieldKey;
  readonly flags: number;
  readonly keyFrom: number;
  readonly keyTo: number;
  readonly valueFrom: number;
  readonly valueTo: number;
  readonly value: string;
}

const rel = (at: number, from: number): number => (at < 0 ? -1 : at - from);

/** Keeps a copy of every scanned line, and passes the events on. */
class Recorder implements ScanHandler {
  constructor(private readonly out: LineRecord[], private readonly next: ScanHandler | null) {}

  begin(ascii: boolean): void {
    this.next?.begin?.(ascii);
  }

  line(ev: ScannedLine): void {
    this.out.push({
      length: ev.to - ev.from, brk: ev.brk, shape: ev.shape, field: ev.field, flags: ev.flags,
      keyFrom: rel(ev.keyFrom, ev.from), keyTo: rel(ev.keyTo, ev.from),
      valueFrom: rel(ev.valueFrom, ev.from), valueTo: rel(ev.valueTo, ev.from), value: ev.value,
    });
    this.next?.line(ev);
  }
}

// Substring equality is a native memory compare: whole chunks first, then characters.
const CHUNK = 2048;

/** Length of the common prefix of `a` and `b`. */
export function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= n && a.substring(i, i + CHUNK) === b.substring(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix of `a` and `b`, at most `max`. */
export function commonSuffix(a: string, b: string, max: number): number {
  let i = 0;
  const al = a.length;
  const bl = b.length;
  while (i + CHUNK <= max && a.substring(al - i - CHUNK, al - i) === b.substring(bl - i - CHUNK, bl - i)) i += CHUNK;
  while (i < max && a.charCodeAt(al - i - 1) === b.charCodeAt(bl - i - 1)) i++;
  return i;
}

/** Index of the last line starting at or before `offset` (0 when none does). */
function lineIndexAt(starts: Uint32Array, count: number, offset: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Parses one document as it is edited. `parse` gives the same result as parseRobotsTxt; after a
 * small edit it re-scans only the touched lines (the first line, and files at Google's 500 KiB
 * limit, are always parsed in full).
 */
export class RobotsParser {
  private text: string | null = null;
  private last: RobotsTxt | null = null;
  private records: LineRecord[] = [];

  /** The parse of `text`; never throws. */
  parse(text: string): RobotsTxt {
    if (this.last !== null && this.text === text) return this.last;
    const result = this.reparse(text) ?? this.full(text);
    this.text = text;
    this.last = result;
    return result;
  }

  private full(text: string): RobotsTxt {
    const records: LineRecord[] = [];
    const builder = new ModelBuilder(lineCountBound(text));
    const summary = scanRobotsTxt(text, new Recorder(records, builder));
    this.records = records;
    return finishModel(text, builder, summary);
  }

  /** The parse of `text` from the previous one, or null when a full parse is needed. */
  private reparse(text: string): RobotsTxt | null {
    const old = this.text;
    const prev = this.last;
    if (old === null || prev === null || prev.limitCut !== null || prev.lineCount !== this.records.length) return null;
    const facts = textFacts(text);
    if (facts.byteSize > MAX_ROBOTS_BYTES) return null;
    const p = commonPrefix(old, text);
    const s = commonSuffix(old, text, Math.min(old.length, text.length) - p);
    const starts = prev.lines.from;
    const count = prev.lineCount;
    // The line holding the character before the edit: its break may change kind (CR → CRLF).
    const a = lineIndexAt(starts, count, Math.max(p - 1, 0));
    // The first line can hold the BOM: parse in full (a first-line edit is cheap to re-parse).
    if (a === 0) return null;
    const b = lineIndexAt(starts, count, old.length - s);
    const delta = text.length - old.length;
    const stop = b + 1 < count ? starts[b + 1]! + delta : text.length + 1;
    const fresh: LineRecord[] = [];
    const breaks = { ...prev.lineBreaks };
    for (let i = a; i <= b; i++) {
      const brk = this.records[i]!.brk;
      if (brk === LineBreak.LF) breaks.lf--;
      else if (brk === LineBreak.CRLF) breaks.crlf--;
      else if (brk === LineBreak.CR) breaks.cr--;
    }
    scanRange(text, starts[a]!, stop, a + 1, facts.hasNul, new Recorder(fresh, null), breaks);
    const kept = this.records;
    const records: LineRecord[] = kept.slice(0, a);
    for (const r of fresh) records.push(r);
    for (let i = b + 1; i < kept.length; i++) records.push(kept[i]!);
    this.records = records;

    const builder = new ModelBuilder(records.length);
    builder.begin(facts.ascii);
    const ev: ScannedLine = {
      number: 0, from: 0, to: 0, shape: LineShape.Blank, field: FieldKey.None, flags: 0,
      keyFrom: -1, keyTo: -1, valueFrom: -1, valueTo: -1, value: '', brk: LineBreak.None,
    };
    let pos = prev.bom ? 1 : 0;
    for (let i = 0; i < records.length; i++) {
      const r = records[i]!;
      ev.number = i + 1;
      ev.from = pos;
      ev.to = pos + r.length;
      ev.shape = r.shape;
      ev.field = r.field;
      ev.flags = r.flags;
      ev.keyFrom = r.keyFrom < 0 ? -1 : pos + r.keyFrom;
      ev.keyTo = r.keyTo < 0 ? -1 : pos + r.keyTo;
      ev.valueFrom = r.valueFrom < 0 ? -1 : pos + r.valueFrom;
      ev.valueTo = r.valueTo < 0 ? -1 : pos + r.valueTo;
      ev.value = r.value;
      ev.brk = r.brk;
      builder.line(ev);
      pos = ev.to + BREAK_LENGTH[r.brk]!;
    }
    return finishModel(text, builder, {
      lineCount: records.length, bom: prev.bom, byteSize: facts.byteSize, limitCut: null, lineBreaks: breaks, ascii: facts.ascii,
    });
  }
}
