/**
 * checkUrl: the verdict for one URL and crawler, with everything needed to explain it.
 */
import { resolveAgent, type ResolvedAgent } from './agent.js';
import type { CrawlerProfile } from './crawlers.js';
import { decidingLine, emptyBest, isDisallowed, matchGroup, type BestMatches, type RuleEntry, type RuleMatch } from './match.js';

export type { RuleMatch } from './match.js';
import type { RobotsTxt } from './model.js';
import { resolveTestUrl, testedPath, type TestedUrl } from './url.js';
import { scopeOf, type Scope } from './scope.js';
import { fetchOutcome, type FetchOutcome, type FetchStatus } from './status.js';

/** Which group(s) applied to the crawler. */
export type GroupChoice =
  /** Groups naming the crawler's token (several when merged). */
  | { readonly kind: 'specific'; readonly token: string; readonly groups: readonly number[]; readonly fallback: boolean }
  /** No group names the crawler: the `*` group(s) apply. */
  | { readonly kind: 'global'; readonly groups: readonly number[] }
  /** A special-case crawler with no group of its own: `*` exists but is ignored. */
  | { readonly kind: 'global-ignored'; readonly groups: readonly number[] }
  /** No group for this crawler and no `*` group: everything is allowed. */
  | { readonly kind: 'none'; readonly groups: readonly number[] };

/** Why the verdict is what it is. */
export type VerdictReason =
  | 'longest-match'
  | 'tie-allow'
  | 'index-html'
  | 'empty-rule'
  | 'no-matching-rule'
  | 'no-group'
  | 'global-ignored'
  | 'ignores-robots-txt'
  | 'no-crawler'
  | 'out-of-scope'
  | 'status-allow-all'
  | 'status-disallow-all';

/** The context of a check: the site whose robots.txt this is, and how fetching it went. */
export interface CheckOptions {
  /** The robots.txt URL or the site's origin; URLs on other hosts are out of scope. */
  readonly site?: string;
  /** What fetching robots.txt returned (spec §2); a 200 when absent. */
  readonly status?: FetchStatus;
}

/** The answer for one URL and crawler. */
export interface Verdict {
  readonly allowed: boolean;
  /** The deciding rule's line, 0 when none decided. */
  readonly line: number;
  readonly reason: VerdictReason;
  /** The deciding rule (null when line is 0). */
  readonly rule: RuleMatch | null;
  /** Every rule of the applied group(s) that matched, in line order. */
  readonly matches: readonly RuleMatch[];
  readonly group: GroupChoice;
  /** The token the file was read for ('' when none could be read from the input). */
  readonly token: string;
  readonly agent: ResolvedAgent;
  readonly url: TestedUrl;
  /** False when the URL is not governed by this robots.txt (see `scope`); the verdict is then moot. */
  readonly inScope: boolean;
  readonly scope: Scope | null;
  /** The fetch result's effect when it overrides the rules (null when the rules apply). */
  readonly fetch: FetchOutcome | null;
}

/**
 * RFC 9309 §2.2.1 and Google-specific rules for choosing groups: the groups naming the first
 * token that has any; else `*` — unless the crawler is a special case that ignores `*`.
 */
export function chooseGroups(robots: RobotsTxt, agent: ResolvedAgent): GroupChoice {
  for (let i = 0; i < agent.tokens.length; i++) {
    const token = agent.tokens[i]!;
    const groups = robots.groupsByToken.get(token.toLowerCase());
    if (groups) return { kind: 'specific', token, groups, fallback: i > 0 };
  }
  if (robots.globalGroups.length === 0) return { kind: 'none', groups: [] };
  if (agent.ignoresGlobal) return { kind: 'global-ignored', groups: robots.globalGroups };
  return { kind: 'global', groups: robots.globalGroups };
}

/** Runs the applied groups over a path; `sink` sees every match. */
export function bestMatches(robots: RobotsTxt, choice: GroupChoice, path: string, sink: ((e: RuleEntry) => void) | null): BestMatches {
  const best = emptyBest();
  if (choice.kind === 'specific' || choice.kind === 'global') {
    for (const g of choice.groups) matchGroup(robots, g, path, best, sink);
  }
  return best;
}

function reasonFor(best: BestMatches, choice: GroupChoice, allowed: boolean): VerdictReason {
  if (choice.kind === 'none') return 'no-group';
  if (choice.kind === 'global-ignored') return 'global-ignored';
  if (best.allowPriority < 0 && best.disallowPriority < 0) return 'no-matching-rule';
  if (best.allowPriority <= 0 && best.disallowPriority <= 0) return 'empty-rule';
  if (allowed && best.allowPriority === best.disallowPriority) return 'tie-allow';
  if (allowed && best.allowEntry?.viaIndexHtml) return 'index-html';
  return 'longest-match';
}

/** Sorts matches by line with a native numeric sort of packed (line, index) keys: no comparator calls. */
function sortByLine(matches: RuleMatch[]): void {
  const n = matches.length;
  if (n < 2) return;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = matches[i]!.line * 1048576 + i;
  keys.sort();
  const copy = matches.slice();
  for (let i = 0; i < n; i++) matches[i] = copy[keys[i]! % 1048576]!;
}

const agentCache = new Map<string, ResolvedAgent>();

function cachedAgent(userAgent: string | CrawlerProfile): ResolvedAgent {
  if (typeof userAgent !== 'string') return resolveAgent(userAgent);
  let a = agentCache.get(userAgent);
  if (!a) {
    if (agentCache.size > 256) agentCache.clear();
    a = resolveAgent(userAgent);
    agentCache.set(userAgent, a);
  }
  return a;
}

/**
 * Checks `url` (absolute, or a path) for a crawler (a token, a full User-Agent string or a
 * profile) against a parsed robots.txt, exactly as Google's reference parser decides. Never throws.
 */
export function checkUrl(robots: RobotsTxt, userAgent: string | CrawlerProfile, url: string, options: CheckOptions = {}): Verdict {
  const agent = cachedAgent(userAgent);
  const tested = resolveTestUrl(url);
  const token = agent.tokens[0] ?? '';
  const scope = options.site ? scopeOf(options.site, url) : null;
  const fetch = options.status ? fetchOutcome(options.status) : null;
  const none = { rule: null, matches: [], group: { kind: 'none', groups: [] } as GroupChoice, token, agent, url: tested, scope };
  if (scope && !scope.covered) return { ...none, allowed: true, line: 0, reason: 'out-of-scope', inScope: false, fetch: null };
  if (agent.ignoresRobotsTxt || agent.tokens.length === 0) {
    return { ...none, allowed: true, line: 0, reason: agent.ignoresRobotsTxt ? 'ignores-robots-txt' : 'no-crawler', inScope: true, fetch: null };
  }
  // RFC 9309 §2.3.1: without a readable file, everything is allowed or disallowed.
  if (fetch && fetch.effect !== 'rules') {
    return { ...none, allowed: fetch.effect === 'allow-all', line: 0, reason: fetch.effect === 'allow-all' ? 'status-allow-all' : 'status-disallow-all', inScope: true, fetch };
  }
  const choice = chooseGroups(robots, agent);
  const found: RuleEntry[] = [];
  const best = bestMatches(robots, choice, tested.path, (e) => found.push(e));
  const allowed = !isDisallowed(best);
  const line = decidingLine(best);
  const matches: RuleMatch[] = [];
  let variants = false;
  for (const e of found) {
    if (e.viaIndexHtml) {
      variants = true;
      continue;
    }
    matches.push(e.match);
    // Repeated rules match too (they never decide): list them with the first.
    for (const d of e.duplicates) matches.push(d);
  }
  // An index.html variant only counts when its own rule did not match (robots.cc HandleAllow);
  // a repeated rule's variant is listed once, with the first line, as its rule would be.
  if (variants) {
    const listed = new Set<string>();
    for (const e of found) {
      const key = `${e.rule.group} ${e.rule.pattern}`;
      if (!e.viaIndexHtml || listed.has(key) || found.some((o) => o.rule === e.rule && !o.viaIndexHtml)) continue;
      listed.add(key);
      matches.push(e.match);
    }
  }
  sortByLine(matches);
  const deciding = best.disallowPriority > best.allowPriority ? best.disallowEntry : best.allowEntry;
  return {
    allowed,
    line,
    reason: reasonFor(best, choice, allowed),
    rule: deciding ? deciding.match : null,
    matches,
    group: choice,
    token,
    agent,
    url: tested,
    inScope: true,
    scope,
    fetch: null,
  };
}

/** The bare answer: allowed and the deciding line. */
export interface QuickVerdict {
  readonly allowed: boolean;
  readonly line: number;
}

/**
 * A checker bound to one robots.txt and crawler for bulk use: no explanation is built, only
 * `{allowed, line}`. Same answers as checkUrl.
 */
export function createChecker(robots: RobotsTxt, userAgent: string | CrawlerProfile, options: CheckOptions = {}): (url: string) => QuickVerdict {
  const agent = resolveAgent(userAgent);
  if (agent.ignoresRobotsTxt || agent.tokens.length === 0) return () => ({ allowed: true, line: 0 });
  const fetch = options.status ? fetchOutcome(options.status) : null;
  if (fetch && fetch.effect !== 'rules') {
    const fixed = { allowed: fetch.effect === 'allow-all', line: 0 };
    return () => fixed;
  }
  const choice = chooseGroups(robots, agent);
  return (url: string) => {
    const best = bestMatches(robots, choice, testedPath(url), null);
    return { allowed: !isDisallowed(best), line: decidingLine(best) };
  };
}
