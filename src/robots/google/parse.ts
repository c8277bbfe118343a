/**
 * parseRobotsTxt: the model builder, one handler of the line scanner. It classifies every line,
 * forms the user-agent groups as Google's matcher does, and indexes agents for checking.
 */
import {
  FieldKey, LineFlag, LineKind,
  type Agent, type Group, type LineTable, type RobotsTxt, type Rule, type Sitemap,
} from './model.js';
import { LineShape, scanRobotsTxt, type ScanHandler, type ScannedLine, type ScanSummary } from './scan.js';
import { MatchState } from './match.js';
import { escapePattern } from './pattern.js';
import { extractToken, isGlobalAgentValue } from '../crawlers/index.js';

/**
 * The pattern Google matches for a rule value. `plain`: the scan found no `%` and no non-ASCII in
 * it (ScannedLine.plainValue), so nothing needs normalising.
 */
export function rulePattern(value: string, plain: boolean): string {
  return plain ? value : escapePattern(value);
}

/** False for a non-empty rule value that starts with neither `/` nor `*`: it can never match a URL path. */
export function canMatchPath(value: string): boolean {
  // The empty value is ruled out first: no character is read past a string's end (which the
  // optimising compiler would otherwise have to learn, throwing its code away once).
  if (value === '') return true;
  const c = value.charCodeAt(0);
  return c === 0x2f || c === 0x2a;
}

/**
 * What Google makes of an allow/disallow line (the one place that decides it): outside any group
 * (RFC 9309 §2.1: rules before the first user-agent line belong to none), empty, allow or disallow.
 */
export function ruleLineKind(allow: boolean, value: string, inGroup: boolean): LineKind {
  if (!inGroup) return LineKind.RuleOutsideGroup;
  return value === '' ? LineKind.EmptyRule : allow ? LineKind.Allow : LineKind.Disallow;
}

/** The Escaped and NeverMatches flags of a rule line. */
export function ruleLineFlags(value: string, pattern: string): number {
  let flags = pattern !== value ? LineFlag.Escaped : 0;
  if (!canMatchPath(value)) flags |= LineFlag.NeverMatches;
  return flags;
}

interface GroupDraft {
  index: number;
  agents: Agent[];
  /** Where the group's rules start in ModelBuilder.rules (a group's rules are consecutive there). */
  ruleStart: number;
  firstLine: number;
  global: boolean;
  hasRule: boolean;
}

/** The scan handler that builds the model; `finishModel` turns it into a RobotsTxt. */
export class ModelBuilder implements ScanHandler {
  from!: Uint32Array;
  to!: Uint32Array;
  kind!: Uint8Array;
  field!: Uint8Array;
  flags!: Uint16Array;
  keyFrom!: Int32Array;
  keyTo!: Int32Array;
  valueFrom!: Int32Array;
  valueTo!: Int32Array;
  groups: GroupDraft[] = [];
  sitemaps: Sitemap[] = [];
  groupsByToken = new Map<string, number[]>();
  globalGroups: number[] = [];
  current: GroupDraft | null = null;
  /** Every group's rules in file order: each group's are one stretch of it. */
  rules: Rule[] = [];

  /** `expectedLines`: about the number of lines the scan will report (the table grows past it). */
  constructor(expectedLines: number) {
    this.allocate(Math.max(16, expectedLines));
  }

  private cap = 0;

  /** One buffer for every per-line array: a single allocation per parse, as a rule. */
  private allocate(cap: number): void {
    const buf = new ArrayBuffer(cap * 28);
    this.cap = cap;
    this.from = new Uint32Array(buf, 0, cap);
    this.to = new Uint32Array(buf, cap * 4, cap);
    this.keyFrom = new Int32Array(buf, cap * 8, cap);
    this.keyTo = new Int32Array(buf, cap * 12, cap);
    this.valueFrom = new Int32Array(buf, cap * 16, cap);
    this.valueTo = new Int32Array(buf, cap * 20, cap);
    this.flags = new Uint16Array(buf, cap * 24, cap);
    this.kind = new Uint8Array(buf, cap * 26, cap);
    this.field = new Uint8Array(buf, cap * 27, cap);
  }

  /** Doubles the table, for texts with shorter lines than expected. */
  private grow(): void {
    const { from, to, keyFrom, keyTo, valueFrom, valueTo, flags, kind, field } = this;
    this.allocate(this.cap * 2);
    this.from.set(from);
    this.to.set(to);
    this.keyFrom.set(keyFrom);
    this.keyTo.set(keyTo);
    this.valueFrom.set(valueFrom);
    this.valueTo.set(valueTo);
    this.flags.set(flags);
    this.kind.set(kind);
    this.field.set(field);
  }

  line(ev: ScannedLine): void {
    const i = ev.number - 1;
    if (i >= this.cap) this.grow();
    const from = ev.from;
    this.from[i] = from;
    this.to[i] = ev.to;
    if (ev.shape !== LineShape.KeyValue) {
      // Scan events carry offsets in the text; the table keeps them relative to the line.
      this.keyFrom[i] = this.keyTo[i] = this.valueFrom[i] = this.valueTo[i] = -1;
      this.kind[i] = SHAPE_KINDS[ev.shape]!;
      this.flags[i] = ev.flags;
      return;
    }
    this.keyFrom[i] = ev.keyFrom - from;
    this.keyTo[i] = ev.keyTo - from;
    this.valueFrom[i] = ev.valueFrom - from;
    this.valueTo[i] = ev.valueTo - from;
    const field = ev.field;
    this.field[i] = field;
    if (field === FieldKey.Allow || field === FieldKey.Disallow) this.rule(ev, i);
    else if (field === FieldKey.UserAgent) {
      this.flags[i] = this.userAgent(ev, ev.flags);
      this.kind[i] = LineKind.UserAgent;
    } else {
      if (field === FieldKey.Sitemap) this.sitemaps.push({ line: ev.number, url: ev.value });
      this.kind[i] = field === FieldKey.Sitemap ? LineKind.Sitemap : LineKind.IgnoredField;
      this.flags[i] = ev.flags;
    }
  }

  userAgent(ev: ScannedLine, flags: number): number {
    let g = this.current;
    // RFC 9309 §2.1: a user-agent line after a rule starts a new group; consecutive ones share it.
    if (g === null || g.hasRule) {
      g = { index: this.groups.length, agents: [], ruleStart: this.rules.length, firstLine: ev.number, global: false, hasRule: false };
      this.groups.push(g);
      this.current = g;
    }
    const value = ev.value;
    const global = isGlobalAgentValue(value);
    const token = global ? '' : extractToken(value);
    g.agents.push({ line: ev.number, value, token, global });
    if (global) {
      flags |= LineFlag.GlobalAgent;
      if (!g.global) this.globalGroups.push(g.index);
      g.global = true;
    } else if (token === '') {
      flags |= LineFlag.AgentEmpty;
    } else {
      if (token.length < value.length) flags |= LineFlag.AgentCut;
      const key = token.toLowerCase();
      const list = this.groupsByToken.get(key);
      if (!list) this.groupsByToken.set(key, [g.index]);
      else if (list[list.length - 1] !== g.index) list.push(g.index);
    }
    return flags;
  }

  rule(ev: ScannedLine, i: number): void {
    const allow = ev.field === FieldKey.Allow;
    const value = ev.value;
    const pattern = rulePattern(value, ev.plainValue);
    const g = this.current;
    if (g !== null) {
      this.rules.push({ line: ev.number, allow, value, pattern, group: g.index });
      g.hasRule = true;
    }
    this.kind[i] = ruleLineKind(allow, value, g !== null);
    this.flags[i] = ev.flags | ruleLineFlags(value, pattern);
  }
}

// The line kind of each line shape that is no key and value.
const SHAPE_KINDS: readonly LineKind[] = [LineKind.Blank, LineKind.Comment, LineKind.Invalid, LineKind.Invalid, LineKind.AfterLimit];

/** Lines that close a group's span when they trail it. */
function isFiller(kind: number): boolean {
  return kind === LineKind.Blank || kind === LineKind.Comment || kind === LineKind.Sitemap ||
    kind === LineKind.Invalid || kind === LineKind.AfterLimit;
}

/**
 * About the number of lines of `text`, for sizing the line table without a pass of its own:
 * robots.txt lines run ~20-40 characters, and shorter ones only make the table grow once or twice.
 */
export function expectedLineCount(text: string): number {
  return Math.ceil(text.length / 20) + 16;
}

/**
 * Parses a robots.txt body exactly as Google's reference parser reads it, annotating every line.
 * Never throws. The text may hold surrogate-escaped raw bytes (see decodeRobotsBytes).
 */
export function parseRobotsTxt(text: string): RobotsTxt {
  if (!readerPrimed) primeReader();
  return parseText(text);
}

function parseText(text: string): RobotsTxt {
  const b = new ModelBuilder(expectedLineCount(text));
  return finishModel(text, b, scanRobotsTxt(text, b), null);
}

/**
 * Every kind of line (a file past the size limit aside), read before the first parse (primeReader):
 * a group after rules, an unknown field, typos, a missing colon, a rule outside any group, escaped values.
 */
export const READER_PRIMER = 'Disallow: /x\n# c\n\nUser-agent: *\nuser-agent: A-bot/1.0\nDisallow: /a # c\nAllow: /b$\ndisallow: /%41\u00e9\n' +
  'Crawl-delay: 5\nSitemap: https://x.test/s.xml\nallow:\nAllow: x\nUser-agent: B\r\nUser-agent: /x\r\ndissallow: /*.c\r\nuseragent c\rnonsense\na b c\nDisallowed: /k\n:x\nDisallow /d\n';
let readerPrimed = false;

/**
 * Reads a small text holding every kind of line a few times before the first real parse: the
 * optimising compiler then sees every path of the reading before it compiles it, rather than
 * compiling a big file's loop, meeting a kind of line it had not seen (a later group, a sitemap)
 * and compiling it again (a cold parse of a 500 KB file spent a fifth of its time so).
 */
function primeReader(): void {
  readerPrimed = true;
  for (let i = 0; i < 8; i++) parseText(READER_PRIMER);
}

/**
 * Closes the groups' spans and assembles the parse once every line went through `b`. `previous`:
 * the matching state of an earlier parse of the same document (its compiled patterns are reused).
 */
export function finishModel(text: string, b: ModelBuilder, summary: ScanSummary, previous: MatchState | null): RobotsTxt {
  const count = summary.lineCount;
  const group = new Int32Array(count).fill(-1);
  const groups: Group[] = [];
  for (let gi = 0; gi < b.groups.length; gi++) {
    const d = b.groups[gi]!;
    const nextFirst = gi + 1 < b.groups.length ? b.groups[gi + 1]!.firstLine : count + 1;
    let last = nextFirst - 1;
    while (last > d.firstLine && isFiller(b.kind[last - 1]!)) last--;
    // The whole span natively; its sitemap lines belong to no group and are taken out below.
    group.fill(gi, d.firstLine - 1, last);
    const ruleEnd = gi + 1 < b.groups.length ? b.groups[gi + 1]!.ruleStart : b.rules.length;
    // A group holding every rule shares the parse's array (no copy of a one-group file's rules).
    const rules = d.ruleStart === 0 && ruleEnd === b.rules.length ? b.rules : b.rules.slice(d.ruleStart, ruleEnd);
    groups.push({ index: gi, agents: d.agents, rules, firstLine: d.firstLine, lastLine: last, global: d.global });
  }
  for (const sitemap of b.sitemaps) group[sitemap.line - 1] = -1;
  const lines: LineTable = {
    from: b.from.subarray(0, count),
    to: b.to.subarray(0, count),
    kind: b.kind.subarray(0, count),
    field: b.field.subarray(0, count),
    flags: b.flags.subarray(0, count),
    keyFrom: b.keyFrom.subarray(0, count),
    keyTo: b.keyTo.subarray(0, count),
    valueFrom: b.valueFrom.subarray(0, count),
    valueTo: b.valueTo.subarray(0, count),
    group,
  };
  return {
    text,
    lineCount: count,
    lines,
    groups,
    rules: b.rules,
    sitemaps: b.sitemaps,
    byteSize: summary.byteSize,
    bom: summary.bom,
    limitCut: summary.limitCut,
    lineBreaks: summary.lineBreaks,
    groupsByToken: b.groupsByToken,
    globalGroups: b.globalGroups,
    matching: new MatchState(groups, previous),
  };
}
