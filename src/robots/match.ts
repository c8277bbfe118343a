/**
 * The matcher: chooses the group for a crawler and finds the longest matching rule, as Google's
 * RobotsMatcher does, over rules compiled once per parse and indexed by literal prefix.
 */
import type { RobotsTxt, Rule } from './model.js';
import { compilePattern, matchWild, PatternShape, type CompiledPattern } from './pattern.js';

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

interface RadixNode {
  label: string;
  children: Map<number, RadixNode> | null;
  entries: RuleEntry[] | null;
}

/** A group's rules, compiled; the prefix index is built once the group has been checked a few times. */
interface GroupRules {
  readonly entries: readonly RuleEntry[];
  checks: number;
  index: RadixNode | null;
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

// Google-specific: `Allow: /dir/index.html` also allows `/dir/` (robots.cc HandleAllow).
function indexHtmlVariant(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  if (slash < 0 || !pattern.startsWith('/index.htm', slash)) return null;
  return pattern.slice(0, slash + 1) + '$';
}

function compileGroup(rules: readonly Rule[]): GroupRules {
  const entries: RuleEntry[] = [];
  // The same pattern of the same kind twice: the earliest line wins every tie, so one entry
  // matches for all of them (big files repeat rules, and a check then tests each pattern once).
  const seen = new Map<string, RuleEntry>();
  for (const rule of rules) {
    const key = (rule.allow ? 'a' : 'd') + rule.pattern;
    const first = seen.get(key);
    if (first) {
      first.duplicates.push(ruleMatch(rule, first.compiled, false));
      continue;
    }
    const e = entry(rule, compilePattern(rule.pattern), false);
    seen.set(key, e);
    entries.push(e);
    if (rule.allow) {
      const variant = indexHtmlVariant(rule.pattern);
      if (variant !== null) entries.push(entry(rule, compilePattern(variant), true));
    }
  }
  return { entries, checks: 0, index: null };
}

function buildIndex(entries: readonly RuleEntry[]): RadixNode {
  const root: RadixNode = { label: '', children: null, entries: null };
  for (const entry of entries) {
    const key = entry.compiled.prefix;
    let node = root;
    let i = 0;
    for (;;) {
      if (i === key.length) {
        (node.entries ??= []).push(entry);
        break;
      }
      const c = key.charCodeAt(i);
      const child = node.children?.get(c);
      if (!child) {
        (node.children ??= new Map()).set(c, { label: key.slice(i), children: null, entries: [entry] });
        break;
      }
      const label = child.label;
      let k = 1;
      while (k < label.length && i + k < key.length && label.charCodeAt(k) === key.charCodeAt(i + k)) k++;
      if (k < label.length) {
        const mid: RadixNode = { label: label.slice(0, k), children: new Map([[label.charCodeAt(k), child]]), entries: null };
        child.label = label.slice(k);
        node.children!.set(c, mid);
        node = mid;
      } else {
        node = child;
      }
      i += k;
    }
  }
  return root;
}

const compiledCache = new WeakMap<RobotsTxt, (GroupRules | undefined)[]>();

/** A group's compiled rules, compiled on first use and kept for the life of the parse. */
function groupRules(robots: RobotsTxt, group: number): GroupRules {
  let all = compiledCache.get(robots);
  if (!all) {
    all = new Array<GroupRules | undefined>(robots.groups.length);
    compiledCache.set(robots, all);
  }
  return (all[group] ??= compileGroup(robots.groups[group]!.rules));
}

// Linear scans win for one or two checks; a busy group gets its prefix index.
const INDEX_AFTER_CHECKS = 3;
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

/** Feeds every rule of `group` that matches `path` into `best` (and `sink`). */
export function matchGroup(robots: RobotsTxt, group: number, path: string, best: BestMatches, sink: MatchSink | null): void {
  const g = groupRules(robots, group);
  if (g.index === null && g.entries.length >= INDEX_MIN_RULES && ++g.checks > INDEX_AFTER_CHECKS) {
    g.index = buildIndex(g.entries);
  }
  if (g.index === null) {
    for (const e of g.entries) {
      const c = e.compiled;
      if (c.prefix.length <= path.length && path.startsWith(c.prefix) && matchesAfterPrefix(c, path, c.prefix.length)) {
        consider(best, e, sink);
      }
    }
    return;
  }
  let node: RadixNode = g.index;
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
