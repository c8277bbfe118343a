/**
 * The parsed robots.txt: per-line annotations in typed arrays (cheap to build, to transfer to
 * the UI thread and to index by line number), plus the groups, rules and sitemaps.
 */
import type { MatchState } from './match.js';

/** What Google makes of one line. */
export const LineKind = {
  Blank: 0,
  Comment: 1,
  /** Nothing Google can read: no `key: value` shape, or an empty key. */
  Invalid: 2,
  UserAgent: 3,
  Allow: 4,
  Disallow: 5,
  Sitemap: 6,
  /** A well-formed field Google does not use (crawl-delay, noindex, host, or any unknown key). */
  IgnoredField: 7,
  /** An allow/disallow before any user-agent line: it belongs to no group (RFC 9309 §2.1). */
  RuleOutsideGroup: 8,
  /** An allow/disallow with an empty value: it never blocks, but counts as a zero-length match. */
  EmptyRule: 9,
  /** Past the 500 KiB limit: Google's fetcher never reads it. */
  AfterLimit: 10,
} as const;
export type LineKind = (typeof LineKind)[keyof typeof LineKind];

/** Bit flags on a line: how Google read it. */
export const LineFlag = {
  /** The key is a misspelling Google accepts (`useragent`, `disalow`, `site-map`…). */
  Typo: 1,
  /** The key only starts with the field name (`Disallowed:`, `User-Agents:`). */
  KeyPrefix: 2,
  /** No colon: Google took the white space between exactly two words as the separator. */
  MissingColon: 4,
  /** Longer than 16,663 bytes: Google reads only the start. */
  LongLineCut: 8,
  /** Contains a NUL byte: Google's C-string parser stops reading there. */
  NulCut: 16,
  /** The 500 KiB limit falls inside this line. */
  LimitCut: 32,
  /** The line has a `#` comment. */
  HasComment: 64,
  /** The rule's pattern was normalised (raw non-ASCII percent-encoded, `%aa` → `%AA`). */
  Escaped: 128,
  /** A user-agent line naming the global group `*`. */
  GlobalAgent: 256,
  /** A user-agent value Google cuts short (`Googlebot/2.1` names `googlebot`). */
  AgentCut: 512,
  /** A user-agent value that names no crawler at all (`*Googlebot`, an empty value). */
  AgentEmpty: 1024,
  /** An allow/disallow pattern starting with neither `/` nor `*`: it can never match a URL. */
  NeverMatches: 2048,
  /** An unreadable line: no colon and more than two words. */
  ManyWords: 4096,
  /** An unreadable line: nothing before the colon. */
  EmptyKey: 8192,
} as const;

/** The recognised field of a key/value line. */
export const FieldKey = {
  None: 0,
  UserAgent: 1,
  Allow: 2,
  Disallow: 3,
  Sitemap: 4,
  Unknown: 5,
} as const;
export type FieldKey = (typeof FieldKey)[keyof typeof FieldKey];

/** Per-line data, one slot per line (index = line number - 1). Offsets are UTF-16 offsets. */
export interface LineTable {
  /** Start of the line text. */
  readonly from: Uint32Array;
  /** End of the line text, before its line break. */
  readonly to: Uint32Array;
  readonly kind: Uint8Array;
  readonly field: Uint8Array;
  readonly flags: Uint16Array;
  /**
   * Key and value spans relative to the line's start (as in LineData), -1 when the line has none:
   * an edit moves the lines after it by changing only their `from` and `to`.
   */
  readonly keyFrom: Int32Array;
  readonly keyTo: Int32Array;
  readonly valueFrom: Int32Array;
  readonly valueTo: Int32Array;
  /** Index into `groups`, -1 for lines outside every group. */
  readonly group: Int32Array;
}

/**
 * The line table as the screen reads it: the same annotations with key and value columns relative
 * to the line start, so the UI thread can read a line without the file's offsets.
 */
export interface LineData {
  readonly kind: Uint8Array;
  readonly field: Uint8Array;
  readonly flags: Uint16Array;
  readonly group: Int32Array;
  readonly keyFrom: Int32Array;
  readonly keyTo: Int32Array;
  readonly valueFrom: Int32Array;
  readonly valueTo: Int32Array;
}

/** One name on a user-agent line. */
export interface Agent {
  readonly line: number;
  /** The value as written (comment and white space removed). */
  readonly value: string;
  /** The product token Google reads from it (letters, `-`, `_`), as written; '' for `*`. */
  readonly token: string;
  readonly global: boolean;
}

/** An allow or disallow line that belongs to a group. */
export interface Rule {
  readonly line: number;
  readonly allow: boolean;
  /** The value as written. */
  readonly value: string;
  /** The pattern Google matches: raw non-ASCII percent-encoded, escapes upper-cased. */
  readonly pattern: string;
  readonly group: number;
}

/** A user-agent group: consecutive user-agent lines and the rules that follow (RFC 9309 §2.1). */
export interface Group {
  readonly index: number;
  readonly agents: readonly Agent[];
  /** Its allow and disallow lines, in line order (read from the line table when first asked for). */
  readonly rules: readonly Rule[];
  /** How many rules it holds (without reading them). */
  readonly ruleCount: number;
  /** First and last line of the group's span (user-agent lines through its last rule or field). */
  readonly firstLine: number;
  readonly lastLine: number;
  /** True when some agent is `*`. */
  readonly global: boolean;
}

/** A sitemap line; sitemaps belong to no group. */
export interface Sitemap {
  readonly line: number;
  readonly url: string;
}

/** Where Google's 500 KiB (512,000 bytes) limit cuts the file. */
export interface LimitCut {
  /** UTF-16 offset of the first character Google does not read. */
  readonly offset: number;
  /** The line the cut falls in. */
  readonly line: number;
}

/** The whole parse: built once, checked many times. */
export interface RobotsTxt {
  readonly text: string;
  readonly lineCount: number;
  readonly lines: LineTable;
  readonly groups: readonly Group[];
  /** Every group's rules, in line order (gathered when first asked for). */
  readonly rules: readonly Rule[];
  /** How many rules the groups hold (without reading them). */
  readonly ruleCount: number;
  readonly sitemaps: readonly Sitemap[];
  /** Size in UTF-8 bytes, BOM included. */
  readonly byteSize: number;
  readonly bom: boolean;
  /** Null when the file is within 500 KiB. */
  readonly limitCut: LimitCut | null;
  /** How many line breaks of each kind the text uses. */
  readonly lineBreaks: { readonly lf: number; readonly crlf: number; readonly cr: number };
  /** Lower-cased product token → indices of the groups naming it (merged groups have several). */
  readonly groupsByToken: ReadonlyMap<string, readonly number[]>;
  /** Indices of groups naming `*`. */
  readonly globalGroups: readonly number[];
  /**
   * What checks against this parse have prepared (compiled rules, indexes, resolved crawlers):
   * built as checks need it, handed on by a keystroke's re-parse. Not plain data: not for JSON.
   */
  readonly matching: MatchState;
}

/** Google's limit on the body it reads: 500 KiB. */
export const MAX_ROBOTS_BYTES = 512_000;

/** Google's line buffer: longer lines are cut to this many bytes. */
export const MAX_LINE_BYTES = 2083 * 8 - 1;
