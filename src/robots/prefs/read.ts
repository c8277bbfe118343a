/**
 * The AI-preference lines of a file, read once per parse from Google's line table (the scan reads
 * them as fields Google does not use): `Content-Usage` rules (attach-05 §3), `Content-Signal`
 * lines and RSL `License` directives.
 */
import { compilePattern, escapePattern, LineKind, type CompiledPattern, type RobotsTxt } from '../google/index.js';
import { isAbsoluteHttpUrl } from '../url/index.js';
import { parseDictionary } from './dictionary.js';
import { isUsageCategory, signalValues, type UsageCategory } from './vocabulary.js';

/** One stated preference: a category (or signal key) and its value, as written. */
export interface Preference {
  readonly key: string;
  readonly value: string;
}

/** A `Content-Usage` rule: its path (null when absent), its statement, what the vocabulary reads in it. */
export interface UsageRule {
  readonly line: number;
  /** The group it belongs to (-1: outside every group, where it has no effect). */
  readonly group: number;
  /** The path as written (null when absent: the rule covers every path, at length 0). */
  readonly path: string | null;
  /** The statement as written (the rule value after the path). */
  readonly statement: string;
  /** False when the statement is not a Dictionary (RFC 9651): every category is then unknown. */
  readonly readable: boolean;
  /** The current vocabulary's categories stated `y` or `n` (vocab-08 §6.5), in the statement's order. */
  readonly prefs: readonly (Preference & { readonly key: UsageCategory })[];
  /** Labels the current vocabulary does not define (ignored, §6.4). */
  readonly unknown: readonly string[];
  /** Categories with a value other than the Token y or n (unknown, §6.5), as written. */
  readonly odd: readonly Preference[];
  /** Categories stated more than once with different values in this statement (the last counts). */
  readonly repeated: readonly { readonly key: string; readonly values: readonly string[] }[];
}

/** A `Content-Signal` line: its signals as written, and what it says that Content Signals do not define. */
export interface SignalLine {
  readonly line: number;
  readonly group: number;
  readonly value: string;
  /** Defined keys with defined values, lower-cased, the last of a repeated key. */
  readonly prefs: readonly Preference[];
  /** Items that are not `key=value` with a defined key and value, as written. */
  readonly unknown: readonly string[];
}

/** An RSL 1.0 `License` directive: the licence's URL, and whether it is absolute as RSL requires. */
export interface LicenseLine {
  readonly line: number;
  readonly url: string;
  readonly absolute: boolean;
}

/** Every preference line of a file, in file order. */
export interface FilePreferences {
  readonly usage: readonly UsageRule[];
  readonly signals: readonly SignalLine[];
  readonly licenses: readonly LicenseLine[];
}

const patterns = new WeakMap<UsageRule, CompiledPattern>();

/** A rule's path as Google matches Allow and Disallow (attach-05 §3.1); null for a rule without a path. */
export function usagePattern(r: UsageRule): CompiledPattern | null {
  if (r.path === null) return null;
  let p = patterns.get(r);
  if (!p) patterns.set(r, (p = compilePattern(escapePattern(r.path))));
  return p;
}

const NONE: FilePreferences = { usage: [], signals: [], licenses: [] };
const cache = new WeakMap<RobotsTxt, FilePreferences>();

/** The preference lines of a parse (read once per parse). Never throws. */
export function filePreferences(robots: RobotsTxt): FilePreferences {
  let found = cache.get(robots);
  if (!found) cache.set(robots, (found = readLines(robots)));
  return found;
}

/**
 * Hands the preference lines read in `before` on to `now`, a re-parse of it in which only the rows
 * `[first, first + count)` may differ and the lines and groups are the same (RobotsParser's
 * rowsChanged): when none of those rows is or was a line that may be a preference, `now` holds
 * the same ones, and a keystroke does not read them again (nor the text they are in).
 */
export function carryPreferences(before: RobotsTxt, now: RobotsTxt, rows: { readonly first: number; readonly count: number }): void {
  const found = cache.get(before);
  if (!found || cache.has(now) || before.lineCount !== now.lineCount) return;
  for (let i = rows.first; i < rows.first + rows.count; i++) if (mayBePreference(before, i) || mayBePreference(now, i)) return;
  cache.set(now, found);
}

/** Whether row `i` is a field Google does not use with a key as long as a preference's (read without the text). */
function mayBePreference(robots: RobotsTxt, i: number): boolean {
  const L = robots.lines;
  if (L.kind[i] !== LineKind.IgnoredField || L.keyFrom[i]! < 0) return false;
  const keyLength = L.keyTo[i]! - L.keyFrom[i]!;
  return keyLength === 13 || keyLength === 14 || keyLength === 7;
}

function readLines(robots: RobotsTxt): FilePreferences {
  const { lines: L, text } = robots;
  let out: { usage: UsageRule[]; signals: SignalLine[]; licenses: LicenseLine[] } | null = null;
  // The typed array's own search finds the few fields Google does not use: a keystroke's re-parse
  // of a long file is read again without walking every line.
  for (let i = L.kind.indexOf(LineKind.IgnoredField); i >= 0 && i < robots.lineCount; i = L.kind.indexOf(LineKind.IgnoredField, i + 1)) {
    // Only three keys matter: the length settles most lines without reading them.
    if (!mayBePreference(robots, i)) continue;
    const from = L.from[i]!;
    const key = text.slice(from + L.keyFrom[i]!, from + L.keyTo[i]!).toLowerCase();
    if (key !== 'content-usage' && key !== 'content-signal' && key !== 'license') continue;
    const value = L.valueFrom[i]! >= 0 ? text.slice(from + L.valueFrom[i]!, from + L.valueTo[i]!) : '';
    out ??= { usage: [], signals: [], licenses: [] };
    const line = i + 1;
    const group = L.group[i]!;
    if (key === 'content-usage') out.usage.push(readUsage(line, group, value));
    else if (key === 'content-signal') out.signals.push(readSignal(line, group, value));
    else out.licenses.push({ line, url: value, absolute: isAbsoluteHttpUrl(value) });
  }
  return out ?? NONE;
}

/**
 * attach-05 §3.2: a value starting with "/" holds a path up to the first SP or HTAB; the rest is
 * the statement, a Dictionary of the vocabulary (vocab-08 §6.5).
 */
export function readUsage(line: number, group: number, value: string): UsageRule {
  let path: string | null = null;
  let statement = value;
  if (value.charCodeAt(0) === 0x2f) {
    let end = 0;
    while (end < value.length && value.charCodeAt(end) !== 0x20 && value.charCodeAt(end) !== 0x09) end++;
    path = value.slice(0, end);
    statement = value.slice(end);
  }
  statement = statement.replace(/^[ \t]+/, '');
  const members = parseDictionary(statement);
  const prefs: (Preference & { key: UsageCategory })[] = [];
  const unknown: string[] = [];
  const odd: Preference[] = [];
  const repeated: { key: string; values: string[] }[] = [];
  for (const m of members ?? []) {
    const word = (item: { type: string; value: string }) => (item.type === 'token' ? item.value : `${item.type}:${item.value}`);
    if (m.earlier.length && m.earlier.some((e) => word(e) !== word(m.item))) repeated.push({ key: m.key, values: [...m.earlier, m.item].map(word) });
    if (!isUsageCategory(m.key)) {
      unknown.push(m.key);
      continue;
    }
    if (m.item.type === 'token' && (m.item.value === 'y' || m.item.value === 'n')) prefs.push({ key: m.key, value: m.item.value });
    else odd.push({ key: m.key, value: m.item.type === 'token' ? m.item.value : word(m.item) });
  }
  return { line, group, path, statement, readable: members !== null, prefs, unknown, odd, repeated };
}

/** Content Signals: comma-separated `key=value` items (keys and values read without regard to case). */
export function readSignal(line: number, group: number, value: string): SignalLine {
  const byKey = new Map<string, string>();
  const unknown: string[] = [];
  for (const part of value.split(',')) {
    const raw = part.trim();
    if (raw === '') continue;
    const eq = raw.indexOf('=');
    const key = eq < 0 ? '' : raw.slice(0, eq).trim().toLowerCase();
    const v = eq < 0 ? '' : raw.slice(eq + 1).trim().toLowerCase();
    if (signalValues(key)?.includes(v)) {
      byKey.delete(key);
      byKey.set(key, v);
    } else {
      unknown.push(raw);
    }
  }
  return { line, group, value, prefs: [...byKey].map(([key, v]) => ({ key, value: v })), unknown };
}
