/**
 * checkUrl: the verdict for one URL and crawler, with everything needed to explain it.
 */
import { resolveAgent, type AgentIssue, type CrawlerProfile, type ResolvedAgent } from '../crawlers/index.js';
import { decidingLine, emptyBest, isDisallowed, type BestMatches, type RuleEntry, type RuleMatch } from './match.js';

export type { RuleMatch } from './match.js';
import type { RobotsTxt } from './model.js';
import { fetchOutcome, resolveTestUrl, scopeChecker, type FetchOutcome, type FetchStatus, type Scope, type TestedUrl, type UrlProblem } from '../url/index.js';

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
  | 'out-of-scope'
  | 'status-allow-all'
  | 'status-disallow-all'
  | 'invalid-test';

/** Why a test cannot be run: the URL's problem, or the crawler's. */
export type TestProblem = UrlProblem | Exclude<AgentIssue, 'token-unusable'>;

/** A crawler as checks take it: a token or User-Agent string, a profile, or an already resolved crawler. */
export type CrawlerInput = string | CrawlerProfile | ResolvedAgent;

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
  /** Why no test could be run (then `allowed` means nothing and no verdict is shown); null when it ran. */
  readonly problem: TestProblem | null;
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
    robots.matching.match(choice.groups, path, best, sink);
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

function toAgent(robots: RobotsTxt, userAgent: CrawlerInput): ResolvedAgent {
  if (typeof userAgent !== 'string') return 'fromUserAgentString' in userAgent ? userAgent : resolveAgent(userAgent);
  return robots.matching.crawler(userAgent);
}

/** What holds for every URL of one robots.txt × crawler × context. */
interface CheckPlan {
  readonly agent: ResolvedAgent;
  readonly token: string;
  readonly site: string | undefined;
  /** The scope test for `site`, null without a site. */
  readonly scope: ((url: string) => Scope) | null;
  /** The fetch result when it overrides the rules. */
  readonly fetch: FetchOutcome | null;
  readonly choice: GroupChoice;
}

function planCheck(robots: RobotsTxt, userAgent: CrawlerInput, options: CheckOptions): CheckPlan {
  const agent = toAgent(robots, userAgent);
  const outcome = options.status ? fetchOutcome(options.status) : null;
  return {
    agent,
    token: agent.tokens[0] ?? '',
    site: options.site || undefined,
    scope: options.site ? scopeChecker(options.site) : null,
    fetch: outcome && outcome.effect !== 'rules' ? outcome : null,
    choice: chooseGroups(robots, agent),
  };
}

/** A verdict decided before any rule is read. */
type EarlyVerdict = Pick<Verdict, 'allowed' | 'reason' | 'inScope' | 'problem' | 'fetch'>;

/**
 * The answer for a URL that needs no rule: an invalid test, a URL out of scope, a crawler that
 * ignores robots.txt, or a fetch result that overrides the file. Null when the rules decide.
 */
function settle(plan: CheckPlan, tested: TestedUrl, scope: Scope | null): EarlyVerdict | null {
  const { agent } = plan;
  const problem: TestProblem | null = agent.issue === 'no-crawler' || agent.issue === 'unknown-profile' ? agent.issue : tested.problem;
  if (problem) return { allowed: true, reason: 'invalid-test', inScope: true, problem, fetch: null };
  if (scope && !scope.covered) return { allowed: true, reason: 'out-of-scope', inScope: false, problem: null, fetch: null };
  if (agent.ignoresRobotsTxt) return { allowed: true, reason: 'ignores-robots-txt', inScope: true, problem: null, fetch: null };
  // RFC 9309 §2.3.1: without a readable file, everything is allowed or disallowed.
  if (plan.fetch) {
    const allowed = plan.fetch.effect === 'allow-all';
    return { allowed, reason: allowed ? 'status-allow-all' : 'status-disallow-all', inScope: true, problem: null, fetch: plan.fetch };
  }
  return null;
}

/**
 * Checks `url` (absolute, a path, or relative to `options.site`) for a crawler (a token, a full
 * User-Agent string, a profile or a resolved crawler) against a parsed robots.txt, exactly as
 * Google's reference parser decides. Never throws.
 */
export function checkUrl(robots: RobotsTxt, userAgent: CrawlerInput, url: string, options: CheckOptions = {}): Verdict {
  return explainCheck(robots, planCheck(robots, userAgent, options), url);
}

function explainCheck(robots: RobotsTxt, plan: CheckPlan, url: string): Verdict {
  const { agent, token, choice } = plan;
  const tested = resolveTestUrl(url, plan.site);
  const scope = plan.scope ? plan.scope(url) : null;
  const early = settle(plan, tested, scope);
  if (early) return { ...early, line: 0, rule: null, matches: [], group: choice, token, agent, url: tested, scope };
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
      // Merged groups are one group to Google: a pattern repeated across them is listed once too.
      const key = e.rule.pattern;
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
    problem: null,
  };
}

/**
 * Indexes now the rules `userAgent` follows, which are otherwise indexed once checks show they
 * are used (the same answers either way): for a caller that has just loaded a file and will check
 * it on every keystroke, so no keystroke pays for the index.
 */
export function prepareChecks(robots: RobotsTxt, userAgent: CrawlerInput): void {
  const choice = chooseGroups(robots, toAgent(robots, userAgent));
  if (choice.kind === 'specific' || choice.kind === 'global') robots.matching.prepare(choice.groups);
}

/** The bare answer: allowed and the deciding line, and whether the test ran and is in scope. */
export interface QuickVerdict {
  readonly allowed: boolean;
  readonly line: number;
  /** False when no test could be run (see checkUrl's `problem`); `allowed` then means nothing. */
  readonly valid: boolean;
  readonly inScope: boolean;
  /** The path and query as tested ('/' when the test cannot run). */
  readonly path: string;
}

/**
 * A checker bound to one robots.txt, crawler and context for bulk use: no explanation is built.
 * The same decisions as checkUrl, by the same steps (scope and `site` included).
 */
export function createChecker(robots: RobotsTxt, userAgent: CrawlerInput, options: CheckOptions = {}): (url: string) => QuickVerdict {
  const plan = planCheck(robots, userAgent, options);
  return (url: string) => {
    const tested = resolveTestUrl(url, plan.site);
    const early = settle(plan, tested, plan.scope ? plan.scope(url) : null);
    if (early) return { allowed: early.allowed, line: 0, valid: early.problem === null, inScope: early.inScope, path: tested.path };
    const best = bestMatches(robots, plan.choice, tested.path, null);
    return { allowed: !isDisallowed(best), line: decidingLine(best), valid: true, inScope: true, path: tested.path };
  };
}
