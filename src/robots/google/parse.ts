/**
 * parseRobotsTxt: the model builder, one handler of the line scanner. It classifies every line,
 * forms the user-agent groups as Google's matcher does, and indexes agents for checking. A group's
 * rules are read from the line table when first asked for: a parse allocates nothing per rule line.
 */
import {
  FieldKey, LineFlag, LineKind,
  type Agent, type Group, type LineTable, type RobotsTxt, type Rule, type Sitemap,
} from './model.js';
import { LineShape, lineValue, scanRobotsTxt, type ScanHandler, type ScannedLine, type ScanSummary } from './scan.js';
import { MatchState } from './match.js';
import { ParsedGroup, type RuleSource } from './group-rules.js';
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
  return value === '' || startsAsPath(value.charCodeAt(0));
}

/** Whether a rule value's first character lets it match a URL path: `/` or `*`. */
function startsAsPath(c: number): boolean {
  return c === 0x2f || c === 0x2a;
}

/**
 * What Google makes of an allow/disallow line (the one place that decides it): outside any group
 * (RFC 9309 §2.1: rules before the first user-agent line belong to none), empty, allow or disallow.
 */
export function ruleLineKind(allow: boolean, empty: boolean, inGroup: boolean): LineKind {
  if (!inGroup) return LineKind.RuleOutsideGroup;
  return empty ? LineKind.EmptyRule : allow ? LineKind.Allow : LineKind.Disallow;
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
  firstLine: number;
  global: boolean;
  ruleCount: number;
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
  /** The values of rule lines a byte limit cut (the line table cannot give them back), by line. */
  cutValues: Map<number, string> | null = null;

  /**
   * `text`: the text whose scan events follow. `expectedLines`: about the number of lines the
   * scan will report (the table grows past it).
   */
  constructor(private readonly text: string, expectedLines: number) {
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
    // The table's buffer is new: a line without a field keeps field None (0) unwritten.
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
      if (field === FieldKey.Sitemap) this.sitemaps.push({ line: ev.number, url: lineValue(this.text, ev) });
      this.kind[i] = field === FieldKey.Sitemap ? LineKind.Sitemap : LineKind.IgnoredField;
      this.flags[i] = ev.flags;
    }
  }

  userAgent(ev: ScannedLine, flags: number): number {
    let g = this.current;
    // RFC 9309 §2.1: a user-agent line after a rule starts a new group; consecutive ones share it.
    if (g === null || g.ruleCount > 0) {
      g = { index: this.groups.length, agents: [], firstLine: ev.number, global: false, ruleCount: 0 };
      this.groups.push(g);
      this.current = g;
    }
    const value = lineValue(this.text, ev);
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

  /**
   * A rule line's kind and flags, from the line alone: its value is cut out only when it must be
   * normalised (or a byte limit cut it); readGroupRules reads the rest from the table when asked.
   */
  rule(ev: ScannedLine, i: number): void {
    const text = this.text;
    const g = this.current;
    let flags = ev.flags;
    // ruleLineFlags without the strings for a plain value (never one a limit cut): its pattern is itself.
    if (!ev.plainValue) {
      const value = lineValue(text, ev);
      flags |= ruleLineFlags(value, rulePattern(value, ev.plainValue));
      if (ev.tail !== '' && g !== null) (this.cutValues ??= new Map()).set(ev.number, value);
    } else if (ev.valueFrom < ev.valueTo && !startsAsPath(text.charCodeAt(ev.valueFrom))) {
      flags |= LineFlag.NeverMatches;
    }
    if (g !== null) g.ruleCount++;
    this.kind[i] = ruleLineKind(ev.field === FieldKey.Allow, ev.valueFrom === ev.valueTo && ev.tail === '', g !== null);
    this.flags[i] = flags;
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
  const b = new ModelBuilder(text, expectedLineCount(text));
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
 * Reads a small text holding every kind of line once before the first real parse: the optimising
 * compiler then sees every path of the reading before it compiles it, rather than compiling a big
 * file's loop, meeting a kind of line it had not seen (a later group, a sitemap) and compiling it
 * again (a cold parse of a 500 KB file spent a fifth of its time so). Once is enough: eight
 * readings (as before) made a fresh process's parse and first check of the 500 KB file ~4 ms slower.
 */
function primeReader(): void {
  readerPrimed = true;
  // Its rules read too: a first check reads them.
  void parseText(READER_PRIMER).rules;
}

/**
 * Closes the groups' spans and assembles the parse once every line went through `b`. `previous`:
 * the matching state of an earlier parse of the same document (its compiled patterns are reused).
 */
export function finishModel(text: string, b: ModelBuilder, summary: ScanSummary, previous: MatchState | null): RobotsTxt {
  const count = summary.lineCount;
  const group = new Int32Array(count).fill(-1);
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
  const source: RuleSource = { text, lines, cutValues: b.cutValues };
  const groups: Group[] = [];
  let ruleCount = 0;
  for (let gi = 0; gi < b.groups.length; gi++) {
    const d = b.groups[gi]!;
    const nextFirst = gi + 1 < b.groups.length ? b.groups[gi + 1]!.firstLine : count + 1;
    let last = nextFirst - 1;
    while (last > d.firstLine && isFiller(b.kind[last - 1]!)) last--;
    // The whole span natively; its sitemap lines belong to no group and are taken out below.
    group.fill(gi, d.firstLine - 1, last);
    groups.push(new ParsedGroup(gi, d.agents, d.ruleCount, d.firstLine, last, d.global, source));
    ruleCount += d.ruleCount;
  }
  for (const sitemap of b.sitemaps) group[sitemap.line - 1] = -1;
  return assembleModel({
    text,
    lineCount: count,
    lines,
    groups,
    ruleCount,
    sitemaps: b.sitemaps,
    byteSize: summary.byteSize,
    bom: summary.bom,
    limitCut: summary.limitCut,
    lineBreaks: summary.lineBreaks,
    groupsByToken: b.groupsByToken,
    globalGroups: b.globalGroups,
    matching: new MatchState(groups, previous),
  });
}

/** The parse made of `parts`, its `rules` (every group's, in line order) gathered from the groups when first asked for. */
export function assembleModel(parts: Omit<RobotsTxt, 'rules'>): RobotsTxt {
  let rules: readonly Rule[] | null = null;
  const groups = parts.groups;
  return {
    ...parts,
    get rules() {
      // A group holding every rule shares its array (no copy of a one-group file's rules).
      return (rules ??= groups.length === 1 ? groups[0]!.rules : groups.flatMap((g) => g.rules));
    },
  };
}
