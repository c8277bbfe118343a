/**
 * The plan every server's rules are written from: which crawlers a server can refuse, the rules
 * that decide for each as Google reads the file (RFC 9309 §2.2.2: the longest match wins, Allow on
 * a tie), put in the order in which a server that stops at the first match gives the same answer,
 * and how a User-Agent picks its crawler: by product token, as the engine reads a User-Agent.
 */
import { AI_CRAWLERS, CRAWLERS, nameableByGoogle, resolveAgent, writtenName, type CrawlerProfile } from '../../crawlers/index.js';
import { chooseGroups, compilePattern, indexHtmlVariant, parseRobotsTxt, PatternShape, type RobotsTxt } from '../../google/index.js';
import type { PolicyChoice } from '../types.js';
import type { AgentRun, EnforcedRule, EnforcementPlan, ServerNote } from './types.js';

// Characters a crawler never sends in a path or query (it percent-encodes them, as browsers do):
// a rule that holds one matches no request, so no server needs it.
const NEVER_SENT = /[\u0000-\u0020\u007f"<>]/;

/** Whether a compiled pattern matches every path (`/`, `*`, `/*`): nothing after it can decide. */
function matchesEveryPath(r: EnforcedRule): boolean {
  return r.compiled.shape === PatternShape.Prefix && (r.compiled.prefix === '' || r.compiled.prefix === '/');
}

/**
 * The rules of `groups` that can decide, longest pattern first and Allow before Disallow on a tie:
 * stopping at the first that matches gives Google's verdict. Rules that never match a request, a
 * pattern that matches what an earlier one matches, what follows a rule matching every path, and
 * Allows after the last Disallow are left out.
 */
export function firstMatchRules(robots: RobotsTxt, groups: readonly number[]): EnforcedRule[] {
  const rules: EnforcedRule[] = [];
  const add = (allow: boolean, line: number, pattern: string, indexHtml: boolean) => {
    // Empty rules match with length 0 and never decide; other starts never match a path.
    if (!(pattern.startsWith('/') || pattern.startsWith('*')) || NEVER_SENT.test(pattern)) return;
    rules.push({ allow, line, compiled: compilePattern(pattern), indexHtml });
  };
  for (const g of groups) {
    for (const r of robots.groups[g]!.rules) {
      add(r.allow, r.line, r.pattern, false);
      const variant = r.allow ? indexHtmlVariant(r.pattern) : null;
      if (variant !== null) add(true, r.line, variant, true);
    }
  }
  rules.sort((a, b) => b.compiled.priority - a.compiled.priority || Number(b.allow) - Number(a.allow) || a.line - b.line);
  // A rule that matches exactly what an earlier one matches never decides (`/a/*` after `/a/`… or
  // the other way round: the earlier one comes first in this order and always wins).
  const seen = new Set<string>();
  const out: EnforcedRule[] = [];
  for (const r of rules) {
    const { prefix, segments, anchored } = r.compiled;
    const meaning = JSON.stringify([prefix, segments, anchored]);
    if (seen.has(meaning)) continue;
    seen.add(meaning);
    out.push(r);
    if (matchesEveryPath(r)) break;
  }
  while (out.length > 0 && out[out.length - 1]!.allow) out.pop();
  return out;
}

// Every crawler's token as the engine looks for it in a User-Agent (agent.ts findKnownToken): the
// longest first, then the profiles' order. Made on first use, not when the module loads.
let knownTokens: readonly string[] | null = null;
function known(): readonly string[] {
  return (knownTokens ??= [...new Set(CRAWLERS.flatMap((c) => c.tokens))].sort((a, b) => b.length - a.length));
}

/** Why a crawler of the list cannot be refused by a server, or null when it can. */
function uncoverable(c: CrawlerProfile): ServerNote['code'] | null {
  if (c.controlToken) return 'control-tokens';
  if (c.ignoresRobotsTxt) return 'ignores-robots-txt';
  if (c.tokens.length === 0) return 'no-token';
  return null;
}

/**
 * The plan for refusing `crawlers` exactly where the file (text or parse) blocks them under
 * Google's reading. Crawlers that never fetch, have no token or ignore robots.txt are noted, not
 * covered. Pure; never throws.
 */
export function planEnforcement(file: string | RobotsTxt, crawlers: readonly CrawlerProfile[]): EnforcementPlan {
  const robots = typeof file === 'string' ? parseRobotsTxt(file) : file;
  const left = new Map<ServerNote['code'], string[]>();
  const leaveOut = (code: ServerNote['code'], id: string) => left.set(code, [...(left.get(code) ?? []), id]);
  // Crawlers by the groups that decide for them: one set of rules per distinct list of groups.
  const byGroups = new Map<string, { crawlers: CrawlerProfile[]; groups: readonly number[] }>();
  const covered: CrawlerProfile[] = [];
  const ids = new Set<string>();
  for (const c of crawlers) {
    if (ids.has(c.id)) continue;
    ids.add(c.id);
    const why = uncoverable(c);
    if (why !== null) {
      leaveOut(why, c.id);
      continue;
    }
    const choice = chooseGroups(robots, resolveAgent(c));
    const groups = choice.kind === 'specific' || choice.kind === 'global' ? choice.groups : [];
    const key = groups.join(',');
    const entry = byGroups.get(key) ?? { crawlers: [], groups };
    entry.crawlers.push(c);
    byGroups.set(key, entry);
    covered.push(c);
  }
  // Crawlers whose groups differ but hold the same rules (many files give each crawler its own
  // `Disallow: /`) share one set.
  const sets: { id: string; crawlers: string[]; groupLines: number[]; rules: readonly EnforcedRule[] }[] = [];
  const bySignature = new Map<string, (typeof sets)[number]>();
  const setOf = new Map<string, string | null>();
  for (const e of byGroups.values()) {
    const rules = e.groups.length > 0 ? firstMatchRules(robots, e.groups) : [];
    if (rules.length === 0) {
      for (const c of e.crawlers) {
        setOf.set(c.id, null);
        leaveOut('allowed-everywhere', c.id);
      }
      continue;
    }
    const signature = rules.map((r) => `${r.allow ? 'a' : 'd'}${r.compiled.pattern}`).join('\n');
    let set = bySignature.get(signature);
    if (!set) {
      set = { id: `a${sets.length + 1}`, crawlers: [], groupLines: [], rules };
      bySignature.set(signature, set);
      sets.push(set);
    }
    set.groupLines.push(...e.groups.map((g) => robots.groups[g]!.firstLine));
    set.groupLines.sort((a, b) => a - b);
    for (const c of e.crawlers) {
      set.crawlers.push(c.id);
      setOf.set(c.id, set.id);
    }
  }
  const agents = agentRuns(covered, setOf);
  const refused = sets.flatMap((s) => s.crawlers);
  const notes: ServerNote[] = [];
  if (refused.length > 0) notes.push({ code: 'covers', crawlers: refused, count: sets.reduce((n, s) => n + s.rules.length, 0) });
  else notes.push({ code: 'nothing', crawlers: [] });
  const refusedSet = new Set(refused);
  const unnameable = covered.filter((c) => refusedSet.has(c.id) && !nameableByGoogle(c)).map((c) => c.id);
  if (unnameable.length > 0) notes.push({ code: 'unnameable', crawlers: unnameable });
  const mayIgnore = covered.filter((c) => refusedSet.has(c.id) && c.caveat !== undefined).map((c) => c.id);
  if (mayIgnore.length > 0) notes.push({ code: 'may-ignore', crawlers: mayIgnore });
  for (const code of ['allowed-everywhere', 'control-tokens', 'no-token', 'ignores-robots-txt'] as const) {
    const list = left.get(code);
    if (list) notes.push({ code, crawlers: list });
  }
  if (refused.length > 0) notes.push({ code: 'spoofing', crawlers: [] });
  return { sets, agents, notes };
}

/**
 * The plan for a composed AI policy: the new file (text or parse) and the crawlers its choices name
 * (`targets`, as the composer gives them), in the profiles' order.
 */
export function planPolicyEnforcement(file: string | RobotsTxt, targets: ReadonlyMap<string, PolicyChoice>, crawlers: readonly CrawlerProfile[] = AI_CRAWLERS): EnforcementPlan {
  return planEnforcement(file, crawlers.filter((c) => targets.has(c.id)));
}

/**
 * The runs of tokens a User-Agent is read by, in the engine's order: every crawler's token, so that
 * a User-Agent naming a crawler the policy leaves alone keeps that crawler's verdict (ChatGPT-User's
 * names openai.com, OpenAI's token) — a covered crawler's token sends to its set, any other to
 * none. Consecutive tokens with the same set make one run; runs of none at the end are left out.
 */
function agentRuns(covered: readonly CrawlerProfile[], setOf: ReadonlyMap<string, string | null>): AgentRun[] {
  const setByToken = new Map<string, string | null>();
  for (const c of covered) if (!setByToken.has(writtenName(c).toLowerCase())) setByToken.set(writtenName(c).toLowerCase(), setOf.get(c.id) ?? null);
  // Covered tokens no profile has (a caller's own crawler list) go after the known ones of their length.
  const order = [...known(), ...covered.map(writtenName)].map((token, i) => ({ token, i })).sort((a, b) => b.token.length - a.token.length || a.i - b.i);
  const runs: { set: string | null; tokens: string[] }[] = [];
  const seen = new Set<string>();
  for (const { token } of order) {
    // The same token twice (in any case): the first is the one a User-Agent is read for.
    const lower = token.toLowerCase();
    if (seen.has(lower)) continue;
    seen.add(lower);
    const set = setByToken.get(lower) ?? null;
    const last = runs[runs.length - 1];
    if (last && last.set === set) last.tokens.push(token);
    else runs.push({ set, tokens: [token] });
  }
  while (runs.length > 0 && runs[runs.length - 1]!.set === null) runs.pop();
  return runs;
}
