/**
 * RobotsParser: parses successive versions of one robots.txt (a document being edited) and
 * re-scans only the lines that changed. Its answer is always exactly parseRobotsTxt's: the kept
 * lines are replayed through the same model builder, only their character scan is skipped.
 */
import { surveyText, type TextChange } from '../text/index.js';
import { FieldKey, LineKind, MAX_ROBOTS_BYTES, type Group, type LineTable, type RobotsTxt, type Rule, type Sitemap } from './model.js';
import { assembleModel, expectedLineCount, finishModel, ModelBuilder, ruleLineFlags, ruleLineKind, rulePattern } from './parse.js';
import { groupWithRules } from './group-rules.js';
import {
  blankLine, bomLength, BREAK_LENGTH, LineBreak, LineShape, scanRange, scanRobotsTxt, textFacts,
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
  readonly tail: string;
  readonly plainValue: boolean;
}

const rel = (at: number, from: number): number => (at < 0 ? -1 : at - from);

/** Keeps a copy of every scanned line, and passes the events on. */
class Recorder implements ScanHandler {
  constructor(private readonly out: LineRecord[], private readonly next: ScanHandler | null) {}

  line(ev: ScannedLine): void {
    this.out.push({
      length: ev.to - ev.from, brk: ev.brk, shape: ev.shape, field: ev.field, flags: ev.flags,
      keyFrom: rel(ev.keyFrom, ev.from), keyTo: rel(ev.keyTo, ev.from),
      valueFrom: rel(ev.valueFrom, ev.from), valueTo: rel(ev.valueTo, ev.from), tail: ev.tail, plainValue: ev.plainValue,
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
  /** The last parse when a keystroke patched it from the one before: which rows it changed. */
  private patched: { readonly base: RobotsTxt; readonly result: RobotsTxt; readonly first: number; readonly count: number } | null = null;

  /**
   * The rows of `now`'s line table that may differ from `before`'s (key and value columns relative
   * to their line, as LineData holds them): none when `now` is `before`, the rows a keystroke
   * re-read when this parser patched `now` from `before` in place; null when they may differ
   * anywhere (a parse in full, or parses it did not make one from the other).
   */
  rowsChanged(before: RobotsTxt, now: RobotsTxt): { readonly first: number; readonly count: number } | null {
    if (now === before) return { first: 0, count: 0 };
    const p = this.patched;
    return p !== null && p.base === before && p.result === now ? { first: p.first, count: p.count } : null;
  }

  /**
   * The parse of `text`; never throws. `edit` says what changed since `edit.base` (the old text's
   * `[from, to)` was replaced): when that is the text parsed last, nothing is compared to find it.
   */
  parse(text: string, edit: TextChange | null = null): RobotsTxt {
    if (this.last !== null && this.text === text) return this.last;
    this.patched = null;
    const result = this.reparse(text, edit) ?? this.full(text);
    this.text = text;
    this.last = result;
    return result;
  }

  private full(text: string): RobotsTxt {
    const records: LineRecord[] = [];
    const builder = new ModelBuilder(text, expectedLineCount(text));
    const summary = scanRobotsTxt(text, new Recorder(records, builder));
    this.records = records;
    return finishModel(text, builder, summary, this.last?.matching ?? null);
  }

  /** The parse of `text` from the previous one, or null when a full parse is needed. */
  private reparse(text: string, edit: TextChange | null): RobotsTxt | null {
    const old = this.text;
    const prev = this.last;
    if (old === null || prev === null || prev.limitCut !== null) return null;
    // The unchanged ends: as the edit says (the same string object as the last parse: no compare), or found.
    const known = edit !== null && edit.base === old && edit.from <= edit.to && edit.to <= old.length && text.length - (old.length - edit.to) >= edit.from;
    const p = known ? edit.from : commonPrefix(old, text);
    const s = known ? old.length - edit.to : commonSuffix(old, text, Math.min(old.length, text.length) - p);
    const starts = prev.lines.from;
    const count = prev.lineCount;
    // The line holding the character before the edit: its break may change kind (CR → CRLF).
    const a = lineIndexAt(starts, count, Math.max(p - 1, 0));
    // The first line can hold the BOM: parse in full (a first-line edit is cheap to re-parse).
    if (a === 0) return null;
    const b = lineIndexAt(starts, count, old.length - s);
    const delta = text.length - old.length;
    const stop = b + 1 < count ? starts[b + 1]! + delta : text.length + 1;
    // Only the re-scanned lines are looked at: the size changes by theirs (lines start and end at
    // ASCII breaks, so no character is split), and the scan needs their own facts alone.
    const oldEnd = b + 1 < count ? starts[b + 1]! : old.length;
    const newEnd = Math.min(stop, text.length);
    // The re-scanned lines as a string of their own, found in the new text from `at`. Made from the
    // old text and the insert when the edit brings them: the new text is then not read at all. V8
    // holds a text an edit just made in pieces and copies all of it into one on its first read (a
    // megabyte for a 500 KB file that is not ASCII); the worker has that done after it answers.
    const at = starts[a]!;
    const insert = known && edit.insert !== undefined && p + edit.insert.length + s === text.length ? edit.insert : null;
    const lines = insert !== null ? old.slice(at, p) + insert + old.slice(old.length - s, oldEnd) : text.slice(at, newEnd);
    // Surveyed natively: a keystroke's counting loop ran unoptimised (a fifth of a re-parse).
    const lineFacts = textFacts(lines);
    const byteSize = prev.byteSize - surveyText(old, at, oldEnd).bytes + lineFacts.byteSize;
    if (byteSize > MAX_ROBOTS_BYTES) return null;
    const facts = { ...lineFacts, byteSize };
    const fresh: LineRecord[] = [];
    const breaks = { ...prev.lineBreaks };
    for (let i = a; i <= b; i++) {
      const brk = this.records[i]!.brk;
      if (brk === LineBreak.LF) breaks.lf--;
      else if (brk === LineBreak.CRLF) breaks.crlf--;
      else if (brk === LineBreak.CR) breaks.cr--;
    }
    // A stop past the text's end (the last line is re-scanned) stays past the lines' end.
    scanRange(lines, 0, stop - at, a + 1, facts, new Recorder(fresh, null), breaks);
    const patched = fresh.length === b - a + 1 ? patchInPlace(prev, this.records, a, fresh, text, lines, delta, facts, breaks) : null;
    if (patched) {
      for (let i = 0; i < fresh.length; i++) this.records[a + i] = fresh[i]!;
      this.patched = { base: prev, result: patched, first: a, count: fresh.length };
      return patched;
    }
    const kept = this.records;
    const records: LineRecord[] = kept.slice(0, a);
    for (const r of fresh) records.push(r);
    for (let i = b + 1; i < kept.length; i++) records.push(kept[i]!);
    this.records = records;

    const builder = new ModelBuilder(text, records.length);
    const ev = blankLine();
    let pos = bomLength(text);
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
      ev.tail = r.tail;
      ev.plainValue = r.plainValue;
      ev.brk = r.brk;
      builder.line(ev);
      pos = ev.to + BREAK_LENGTH[r.brk]!;
    }
    return finishModel(text, builder, {
      lineCount: records.length, bom: prev.bom, byteSize, limitCut: null, lineBreaks: breaks,
    }, prev.matching);
  }
}

/** Whether an edited line can be patched in: same shape and field, and no user-agent. */
function samePlace(before: LineRecord, after: LineRecord): boolean {
  if (before.shape !== after.shape || before.field !== after.field) return false;
  return after.shape !== LineShape.KeyValue || after.field !== FieldKey.UserAgent;
}

/**
 * The common keystroke: lines `a…` changed in place without touching the group structure (same
 * line count, same line shapes, no user-agent line; a sitemap line keeps its place). The new parse shares every
 * untouched group with `prev`, and its matching state carries `prev`'s compiled rules and indexes
 * with the edited rules swapped; the line table is shifted. Null when the edit is not of that
 * kind. Exactly what a full parse would build.
 */
function patchInPlace(
  prev: RobotsTxt, records: readonly LineRecord[], a: number, fresh: readonly LineRecord[], text: string, edited: string, delta: number,
  facts: { byteSize: number }, lineBreaks: RobotsTxt['lineBreaks'],
): RobotsTxt | null {
  const n = fresh.length;
  for (let i = 0; i < n; i++) if (!samePlace(records[a + i]!, fresh[i]!)) return null;
  const L = prev.lines;
  const count = prev.lineCount;
  // All per-line arrays but `group` in one new buffer, as ModelBuilder lays them out, sized to the
  // lines (the parse's table may have room to spare): one allocation, nine plain copies.
  const buf = new ArrayBuffer(count * 28);
  const copy = <T extends Uint32Array | Int32Array | Uint16Array | Uint8Array>(make: new (b: ArrayBuffer, o: number, n: number) => T, old: T, at: number): T => {
    const c = new make(buf, count * at, count);
    c.set(old.subarray(0, count) as never);
    return c;
  };
  const lines: LineTable = {
    from: copy(Uint32Array, L.from, 0), to: copy(Uint32Array, L.to, 4), keyFrom: copy(Int32Array, L.keyFrom, 8), keyTo: copy(Int32Array, L.keyTo, 12),
    valueFrom: copy(Int32Array, L.valueFrom, 16), valueTo: copy(Int32Array, L.valueTo, 20), flags: copy(Uint16Array, L.flags, 24),
    kind: copy(Uint8Array, L.kind, 26), field: copy(Uint8Array, L.field, 27), group: L.group,
  };
  if (delta !== 0) {
    // Spans are relative to their line: moving the lines after the edit moves only their ends.
    for (let i = a + n; i < count; i++) {
      lines.from[i] = lines.from[i]! + delta;
      lines.to[i] = lines.to[i]! + delta;
    }
  }
  let groups: Group[] | null = null;
  let sitemaps: Sitemap[] | null = null;
  // Per edited group, the rules replaced: its compiled rules and index are carried over.
  let swaps: Map<number, (readonly [Rule, Rule])[]> | null = null;
  let pos = lines.from[a]!;
  // Where `edited` (the re-scanned lines' text) starts in the new text.
  const first = pos;
  for (let k = 0; k < n; k++) {
    const i = a + k;
    const r = fresh[k]!;
    const lineFrom = pos;
    lines.from[i] = pos;
    lines.to[i] = pos + r.length;
    lines.keyFrom[i] = r.keyFrom;
    lines.keyTo[i] = r.keyTo;
    lines.valueFrom[i] = r.valueFrom;
    lines.valueTo[i] = r.valueTo;
    pos = lines.to[i]! + BREAK_LENGTH[r.brk]!;
    let flags = r.flags;
    const value = (): string => edited.slice(lineFrom - first + r.valueFrom, lineFrom - first + r.valueTo) + r.tail;
    if (r.shape === LineShape.KeyValue && r.field === FieldKey.Sitemap) {
      // A sitemap line belongs to no group and closes none: only its URL changes.
      sitemaps ??= prev.sitemaps.slice();
      sitemaps[sitemapIndex(sitemaps, i + 1)] = { line: i + 1, url: value() };
    }
    if (r.shape === LineShape.KeyValue && (r.field === FieldKey.Allow || r.field === FieldKey.Disallow)) {
      const v = value();
      const pattern = rulePattern(v, r.plainValue);
      flags |= ruleLineFlags(v, pattern);
      const allow = r.field === FieldKey.Allow;
      // The groups are as before the edit: a rule line stays inside or outside them.
      const kind = ruleLineKind(allow, v === '', L.kind[i] !== LineKind.RuleOutsideGroup);
      lines.kind[i] = kind;
      if (kind !== LineKind.RuleOutsideGroup) {
        const gi = L.group[i]!;
        groups ??= prev.groups.slice();
        const rule: Rule = { line: i + 1, allow, value: v, pattern, group: gi };
        const g = groups[gi]!;
        // The edited group's rules are kept as objects: the rules a check prepared are carried
        // over by identity, with the edited one swapped.
        const groupRules = g === prev.groups[gi] ? g.rules.slice() : (g.rules as Rule[]);
        const at = ruleIndex(groupRules, i + 1);
        (swaps ??= new Map()).set(gi, [...(swaps.get(gi) ?? []), [groupRules[at]!, rule]]);
        groupRules[at] = rule;
        if (g === prev.groups[gi]) groups[gi] = groupWithRules(g, groupRules);
      }
    }
    lines.flags[i] = flags;
  }
  const { lineCount, bom, limitCut, ruleCount, groupsByToken, globalGroups } = prev;
  return assembleModel({
    text, lineCount, lines, groups: groups ?? prev.groups, ruleCount, sitemaps: sitemaps ?? prev.sitemaps, byteSize: facts.byteSize, bom, limitCut,
    lineBreaks, groupsByToken, globalGroups,
    // No rule replaced: the groups are prev's own, and so is all that checks prepared for them.
    matching: swaps ? prev.matching.edited(groups!, swaps) : prev.matching,
  });
}

/** Index of the sitemap on `line` in a list sorted by line. */
function sitemapIndex(sitemaps: readonly Sitemap[], line: number): number {
  let lo = 0;
  let hi = sitemaps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sitemaps[mid]!.line < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the rule on `line` in a list sorted by line. */
function ruleIndex(rules: readonly Rule[], line: number): number {
  let lo = 0;
  let hi = rules.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rules[mid]!.line < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
