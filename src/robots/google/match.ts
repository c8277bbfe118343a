/**
 * The matcher: finds the longest matching rule of a crawler's groups, as Google's RobotsMatcher
 * does, over rules compiled once per parse and indexed by literal prefix. What it prepares belongs
 * to the parse (RobotsTxt.matching), and a keystroke's re-parse hands it on.
 */
import type { Group, Rule } from './model.js';
import { buildLiteralIndex, forEachCandidate, replaceLiteralItems, type LiteralIndex } from './literal-index.js';
import { buildPrefixIndex, itemsAt, withItem, withoutItem, type PrefixNode } from './prefix-index.js';
import { compilePattern, matchesPattern, matchWild, PatternShape, type CompiledPattern } from './pattern.js';
import { resolveAgent, type ResolvedAgent } from '../crawlers/index.js';
import { groupRulesThatMayMatch } from './group-rules.js';

/** A rule that matched the tested path, as verdicts report it. */
export interface RuleMatch {
  readonly line: number;
  readonly allow: boolean;
  /** The rule's value as written. */
  readonly value: string;
  /** The pattern actually matched (normalised; `…/$` for an index.html variant). */
  readonly pattern: string;
  /** Match length = pattern length in bytes, Google's priority. */
  readonly length: number;
  readonly viaIndexHtml: boolean;
  readonly group: number;
}

/** One compiled rule, or its Google-specific `index.html` variant. */
export interface RuleEntry {
  readonly rule: Rule;
  readonly compiled: CompiledPattern;
  /** True for the `…/$` variant of an `Allow: …/index.htm(l)` rule. */
  readonly viaIndexHtml: boolean;
  /** Later rules of the same kind with the same pattern: they match with it but never decide. */
  readonly duplicates: RuleMatch[];
  /** This entry as a verdict reports it (built once, shared by every check). */
  readonly match: RuleMatch;
}

function ruleMatch(rule: Rule, compiled: CompiledPattern, viaIndexHtml: boolean): RuleMatch {
  return { line: rule.line, allow: rule.allow, value: rule.value, pattern: compiled.pattern, length: compiled.priority, viaIndexHtml, group: rule.group };
}

function entry(rule: Rule, compiled: CompiledPattern, viaIndexHtml: boolean): RuleEntry {
  return { rule, compiled, viaIndexHtml, duplicates: [], match: ruleMatch(rule, compiled, viaIndexHtml) };
}

/**
 * A group's (or merged groups') rules for matching: the first checks scan the rules as they are; a
 * busy (or prepared) group gets deduplicated entries and its indexes, carried to the next parse
 * when a keystroke changes one of its rules.
 */
interface GroupRules {
  entries: readonly RuleEntry[] | null;
  checks: number;
  /** Patterns by their literal prefix (the loose ones, when `literal` holds them, left out). */
  index: PrefixNode<RuleEntry> | null;
  /** Wildcard patterns with no telling prefix (`/*…`), by their longest literal piece. */
  literal: LiteralIndex<RuleEntry> | null;
}

/** Receives each matching rule entry with its priority. */
export type MatchSink = (entry: RuleEntry) => void;

/** The best allow and the best disallow found so far (priority -1 = none). */
export interface BestMatches {
  allowPriority: number;
  allowLine: number;
  allowEntry: RuleEntry | null;
  disallowPriority: number;
  disallowLine: number;
  disallowEntry: RuleEntry | null;
}

/** A fresh BestMatches with nothing found. */
export function emptyBest(): BestMatches {
  return { allowPriority: -1, allowLine: 0, allowEntry: null, disallowPriority: -1, disallowLine: 0, disallowEntry: null };
}

/**
 * Google-specific: `Allow: /dir/index.html` also allows `/dir/` (robots.cc HandleAllow). The
 * variant pattern (`/dir/$`) of an allow rule's pattern, or null when it names no index.html page.
 */
export function indexHtmlVariant(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  if (slash < 0 || !pattern.startsWith('/index.htm', slash)) return null;
  return pattern.slice(0, slash + 1) + '$';
}

/**
 * Whether a rule matches a path (path and query as tested) as verdicts list matches: its pattern,
 * or an allow's `index.html` variant. For callers that ask of one rule across many paths.
 */
export function ruleMatcher(rule: Rule): (path: string) => boolean {
  const compiled = compilePattern(rule.pattern);
  const v = rule.allow ? indexHtmlVariant(rule.pattern) : null;
  const variant = v === null ? null : compilePattern(v);
  return variant === null ? (path) => matchesPattern(compiled, path) : (path) => matchesPattern(compiled, path) || matchesPattern(variant, path);
}

/** A pattern's compiled form and, for an allow rule, its index.html variant's (null: none). */
interface CompiledSlot {
  readonly compiled: CompiledPattern;
  variant: CompiledPattern | null | undefined;
}

// Compiled patterns are immutable: one compile serves every parse of a document being edited (a
// big group would be recompiled on each keystroke otherwise). Bounded so memory stays flat.
const MAX_CACHED_PATTERNS = 200_000;

/** Compiled patterns by their text, shared by the successive parses of one document. */
type PatternCache = Map<string, CompiledSlot>;

function slotFor(patterns: PatternCache, pattern: string): CompiledSlot {
  let slot = patterns.get(pattern);
  if (slot === undefined) {
    if (patterns.size >= MAX_CACHED_PATTERNS) patterns.clear();
    slot = { compiled: compilePattern(pattern), variant: undefined };
    patterns.set(pattern, slot);
  }
  return slot;
}

function variantOf(slot: CompiledSlot): CompiledPattern | null {
  if (slot.variant === undefined) {
    const v = indexHtmlVariant(slot.compiled.pattern);
    slot.variant = v === null ? null : compilePattern(v);
  }
  return slot.variant;
}

function compileGroup(patterns: PatternCache, rules: readonly Rule[]): RuleEntry[] {
  const entries: RuleEntry[] = [];
  // The same pattern of the same kind twice: the earliest line wins every tie, so one entry
  // matches for all of them (big files repeat rules, and a check then tests each pattern once).
  const seenAllow = new Map<string, RuleEntry>();
  const seenDisallow = new Map<string, RuleEntry>();
  for (const rule of rules) {
    const seen = rule.allow ? seenAllow : seenDisallow;
    const first = seen.get(rule.pattern);
    if (first) {
      first.duplicates.push(ruleMatch(rule, first.compiled, false));
      continue;
    }
    const slot = slotFor(patterns, rule.pattern);
    const e = entry(rule, slot.compiled, false);
    seen.set(rule.pattern, e);
    entries.push(e);
    if (rule.allow) {
      const variant = variantOf(slot);
      if (variant !== null) entries.push(entry(rule, variant, true));
    }
  }
  return entries;
}

// The entry list of an indexed group: its indexes hold the entries, and swaps keep only those current.
const INDEXED: readonly RuleEntry[] = [];

/** The entries filed for a pattern compiled as `c` (the radix node of its prefix, or its literal piece). */
function entriesAt(g: GroupRules, c: CompiledPattern): readonly RuleEntry[] {
  if (g.literal !== null && isLooseCompiled(c)) {
    const id = g.literal.ids.get(longestPieceOf(c));
    return id === undefined ? g.literal.always : [...g.literal.items[id]!, ...g.literal.always];
  }
  return itemsAt(g.index, c.prefix);
}

/** Rules replaced in place, as [old, new]: one list per edited group, in group order. */
type RuleSwaps = readonly (readonly (readonly [Rule, Rule])[])[];

/** Rules of the parse before a keystroke, to be carried over with the keystroke's swaps on first use. */
interface CarriedRules {
  readonly before: GroupRules;
  readonly swaps: RuleSwaps;
}

/**
 * `g` with the rules of `swaps` replaced, `rulesOf` giving the rules it covers after the edit; null
 * when that is not a simple swap (a pattern another rule of the same kind shares: the earliest
 * of them must decide, so the entries are built again).
 */
function swapRules(patterns: PatternCache, g: GroupRules, rulesOf: () => readonly Rule[], swaps: readonly (readonly [Rule, Rule])[]): GroupRules | null {
  if (g.entries === null) return { entries: null, checks: g.checks, index: null, literal: null };
  if (swaps.length !== 1) return null;
  const [old, now] = swaps[0]!;
  const added = compileGroup(patterns, [now]);
  if (g.index === null) {
    // A small group: its entry list is the truth.
    for (const r of rulesOf()) {
      if (r !== now && r.allow === old.allow && (r.pattern === old.pattern || r.pattern === now.pattern)) return null;
    }
    const removed = g.entries.filter((e) => e.rule === old);
    if (removed.length === 0) return null;
    return { entries: g.entries.filter((e) => e.rule !== old).concat(added), checks: g.checks, index: null, literal: null };
  }
  // An indexed group: the old rule's entries and any rule sharing the new pattern are found through the indexes.
  const removed: RuleEntry[] = [];
  const slot = slotFor(patterns, old.pattern);
  for (const c of [slot.compiled, old.allow ? variantOf(slot) : null]) {
    if (c !== null) for (const e of entriesAt(g, c)) if (e.rule === old && !removed.includes(e)) removed.push(e);
  }
  // The old rule shared its pattern with a later rule (duplicates), or was itself a repeat (no entry).
  if (removed.length === 0 || removed.some((e) => e.duplicates.length > 0)) return null;
  const first = added[0]!;
  if (entriesAt(g, first.compiled).some((e) => !e.viaIndexHtml && e.rule.allow === now.allow && e.compiled.pattern === first.compiled.pattern)) return null;
  let index: PrefixNode<RuleEntry> = g.index;
  let literal = g.literal;
  const inLiteral = (e: RuleEntry) => literal !== null && isLoose(e);
  for (const e of removed) if (!inLiteral(e)) index = withoutItem(index, e.compiled.prefix, e);
  for (const e of added) if (!inLiteral(e)) index = withItem(index, e.compiled.prefix, e);
  if (literal !== null) literal = replaceLiteralItems(literal, removed.filter(inLiteral), added.filter(inLiteral), longestPiece);
  return { entries: INDEXED, checks: g.checks, index, literal };
}

/**
 * A wildcard pattern whose literal prefix tells less than its longest piece (`/*.pdf$`,
 * `/shop/*?sort=`): filed under the piece, it is tried only on paths that contain it.
 */
function isLoose(e: RuleEntry): boolean {
  return isLooseCompiled(e.compiled);
}

function isLooseCompiled(c: CompiledPattern): boolean {
  return c.shape === PatternShape.Wild && longestPieceOf(c).length > c.prefix.length;
}

/** The longest literal piece between a pattern's wildcards: every path it matches contains it. */
function longestPiece(e: RuleEntry): string {
  return longestPieceOf(e.compiled);
}

/** The literal start of a pattern: every path it matches starts with it. */
function prefixOf(e: RuleEntry): string {
  return e.compiled.prefix;
}

function longestPieceOf(c: CompiledPattern): string {
  let best = '';
  for (const s of c.segments) if (s.length > best.length) best = s;
  return best;
}

// Scanning a group costs about 1/40 of indexing it: the index is built once the scans have cost
// about as much (so a session of keystroke re-parses does not pay a build for each), and only
// for groups big enough to gain from it. A caller that knows checks will follow indexes at once.
const INDEX_AFTER_CHECKS = 32;
const INDEX_MIN_RULES = 24;

function consider(best: BestMatches, entry: RuleEntry, sink: MatchSink | null): void {
  const p = entry.compiled.priority;
  const line = entry.rule.line;
  if (sink) sink(entry);
  // Longest pattern wins; among equals of one kind, the earliest line (robots.cc Match::Set).
  if (entry.rule.allow) {
    if (p > best.allowPriority || (p === best.allowPriority && line < best.allowLine)) {
      best.allowPriority = p;
      best.allowLine = line;
      best.allowEntry = entry;
    }
  } else if (p > best.disallowPriority || (p === best.disallowPriority && line < best.disallowLine)) {
    best.disallowPriority = p;
    best.disallowLine = line;
    best.disallowEntry = entry;
  }
}

function matchesAfterPrefix(c: CompiledPattern, path: string, at: number): boolean {
  if (c.shape === PatternShape.Prefix) return true;
  if (c.shape === PatternShape.Exact) return at === path.length;
  return matchWild(c, path, at);
}

const MAX_CACHED_AGENTS = 256;

/**
 * The prepared state of checks against one parse: compiled patterns, the rules of each list of
 * groups a crawler follows, compiled and indexed once checks show they are used, and the crawlers
 * resolved from what was typed. The parse owns it (RobotsTxt.matching); a keystroke's re-parse
 * hands it on, so a 500 KB file's indexes are not rebuilt per keystroke.
 */
export class MatchState {
  /** Compiled patterns by their text, shared by the successive parses of one document. */
  private readonly patterns: PatternCache;
  /** Crawlers resolved from what was typed, shared likewise. */
  private readonly agents: Map<string, ResolvedAgent>;
  /**
   * By list of groups, as the parse holds them (groupsByToken, globalGroups): Google merges every
   * group naming a token, so a crawler's rules are compiled and indexed together.
   */
  private readonly prepared = new Map<readonly number[], GroupRules | CarriedRules>();

  /**
   * Nothing prepared yet for a parse of `groups`. `previous`: the state of an earlier parse of the
   * same document, whose compiled patterns and resolved crawlers serve this one too.
   */
  constructor(private readonly groups: readonly Group[], previous: MatchState | null) {
    this.patterns = previous?.patterns ?? new Map();
    this.agents = previous?.agents ?? new Map();
  }

  /**
   * The state for a parse made from this one's by replacing rules in place (a keystroke inside
   * rules: same groups, same lines, same lists): `groups` are the new parse's, `swaps` the
   * replaced rules by group index. Lists of untouched groups keep what they prepared; edited ones
   * swap their rules on first use.
   */
  edited(groups: readonly Group[], swaps: ReadonlyMap<number, readonly (readonly [Rule, Rule])[]>): MatchState {
    const next = new MatchState(groups, this);
    for (const [list, rules] of this.prepared) {
      const edited = list.filter((gi) => swaps.has(gi));
      if (edited.length === 0) next.prepared.set(list, rules);
      else if (!('before' in rules)) next.prepared.set(list, { before: rules, swaps: edited.map((gi) => swaps.get(gi)!) });
    }
    return next;
  }

  /** The crawler a typed token or User-Agent string names (resolved once per input). */
  crawler(input: string): ResolvedAgent {
    let a = this.agents.get(input);
    if (!a) {
      if (this.agents.size > MAX_CACHED_AGENTS) this.agents.clear();
      a = resolveAgent(input);
      this.agents.set(input, a);
    }
    return a;
  }

  /**
   * Builds the match index of the (merged) `groups` now rather than after some checks: for a
   * caller that has just loaded a file and will check it often (the answers are the same).
   */
  prepare(groups: readonly number[]): void {
    if (groups.length === 0) return;
    const g = this.rulesOf(groups);
    if (g.entries === null) this.compile(groups, g);
  }

  /**
   * How far the rules of the (merged) `groups` are prepared: scanned as written (the first checks),
   * compiled into entries (a small group), or indexed. For tests and benchmarks.
   */
  preparation(groups: readonly number[]): 'scanned' | 'compiled' | 'indexed' {
    const g = this.rulesOf(groups);
    return g.entries === null ? 'scanned' : g.index === null ? 'compiled' : 'indexed';
  }

  /** Feeds every rule of the (merged) `groups` that matches `path` into `best` (and `sink`). */
  match(groups: readonly number[], path: string, best: BestMatches, sink: MatchSink | null): void {
    if (groups.length === 0) return;
    const g = this.rulesOf(groups);
    if (g.entries === null) {
      if (++g.checks <= INDEX_AFTER_CHECKS) {
        for (const i of groups) scanRules(this.patterns, this.groups[i]!, path, best, sink);
        return;
      }
      this.compile(groups, g);
    }
    const entries = g.entries!;
    if (g.index === null) {
      for (const e of entries) if (matchesPattern(e.compiled, path)) consider(best, e, sink);
      return;
    }
    if (g.literal) forEachCandidate(g.literal, path, (e) => { if (matchesPattern(e.compiled, path)) consider(best, e, sink); });
    // Down the prefix index to the path's deepest node; walked here rather than through a visitor,
    // as this loop is every indexed check's.
    let node: PrefixNode<RuleEntry> = g.index;
    let at = 0;
    for (;;) {
      if (node.entries) {
        for (const e of node.entries) {
          if (matchesAfterPrefix(e.compiled, path, at)) consider(best, e, sink);
        }
      }
      if (at >= path.length || node.children === null) return;
      const child = node.children.get(path.charCodeAt(at));
      if (!child || !path.startsWith(child.label, at)) return;
      at += child.label.length;
      node = child;
    }
  }

  /** Every rule of the (merged) `groups`, in file order. */
  private rulesIn(groups: readonly number[]): readonly Rule[] {
    return groups.length === 1 ? this.groups[groups[0]!]!.rules : groups.flatMap((gi) => this.groups[gi]!.rules);
  }

  /** The rules of the (merged) `groups`, made on first use (or carried from the parse before the keystroke). */
  private rulesOf(groups: readonly number[]): GroupRules {
    let rules = this.prepared.get(groups);
    if (rules === undefined || 'before' in rules) {
      rules = (rules && this.carry(rules, groups)) || { entries: null, checks: 0, index: null, literal: null };
      this.prepared.set(groups, rules);
    }
    return rules;
  }

  /** Carried rules with each edited group's swaps applied, or null when they must be built again. */
  private carry(carried: CarriedRules, groups: readonly number[]): GroupRules | null {
    let rules: GroupRules | null = carried.before;
    for (const swaps of carried.swaps) {
      rules = rules && swapRules(this.patterns, rules, () => this.rulesIn(groups), swaps);
    }
    return rules;
  }

  /** Compiles the (merged) `groups` into `g`: entries, and the indexes when the group is big enough. */
  private compile(groups: readonly number[], g: GroupRules): void {
    const entries = compileGroup(this.patterns, this.rulesIn(groups));
    g.entries = entries;
    if (entries.length >= INDEX_MIN_RULES) {
      // A prefix index narrows nothing for `/*…` patterns: they go to the literal index instead.
      const loose = entries.filter(isLoose);
      g.index = buildPrefixIndex(loose.length > 0 ? entries.filter((e) => !isLoose(e)) : entries, prefixOf);
      if (loose.length > 0) g.literal = buildLiteralIndex(loose, longestPiece);
      g.entries = INDEXED;
    }
  }
}

/**
 * Tests every rule as written, repeats included (they match too, and the earliest line wins every
 * tie); entries are made for matches only. Answers exactly as the compiled entries do.
 */
function scanRules(patterns: PatternCache, group: Group, path: string, best: BestMatches, sink: MatchSink | null): void {
  // Two passes: a plain loop rules out what cannot match (the big loop a first check runs, kept
  // small so that it is cheap to optimise), then the few left are tested in full.
  const left = groupRulesThatMayMatch(group, path);
  for (let k = 0; k < left.length; k++) testRule(patterns, left[k]!, path, best, sink);
}

/** Tests one rule as written (and its index.html variant). */
function testRule(patterns: PatternCache, rule: Rule, path: string, best: BestMatches, sink: MatchSink | null): void {
  const slot = slotFor(patterns, rule.pattern);
  if (matchesPattern(slot.compiled, path)) consider(best, entry(rule, slot.compiled, false), sink);
  if (rule.allow) {
    const v = variantOf(slot);
    if (v !== null && matchesPattern(v, path)) consider(best, entry(rule, v, true), sink);
  }
}

/**
 * Google's decision (robots.cc disallow()): blocked only when the best disallow is longer than
 * the best allow and something longer than an empty rule matched.
 */
export function isDisallowed(best: BestMatches): boolean {
  if (best.allowPriority > 0 || best.disallowPriority > 0) return best.disallowPriority > best.allowPriority;
  return false;
}

/** The line Google reports (robots.cc matching_line()): the higher-priority match, ties → allow. */
export function decidingLine(best: BestMatches): number {
  return best.disallowPriority > best.allowPriority ? best.disallowLine : best.allowLine;
}
