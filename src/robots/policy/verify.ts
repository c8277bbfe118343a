/**
 * The engine's check of a composed policy: after the edit, every AI crawler must have the chosen
 * verdict on every sample URL under Google's reading, and no other crawler's verdict may change.
 */
import { KNOWN_CRAWLERS, nameableByGoogle, POLICY_CRAWLERS, resolveAgent, type CrawlerProfile } from '../crawlers/index.js';
import { chooseGroups, compilePattern, createChecker, matchesPattern, parseRobotsTxt, type QuickVerdict, type RobotsTxt } from '../google/index.js';
import { resolveTestUrl, robotsTxtUrlFor } from '../url/index.js';
import type { PolicyCheck, PolicyChoice, PolicyFailure, PolicyRow } from './types.js';

const MAX_SAMPLES = 400;

/**
 * The URLs a policy is checked on: the user's (test and Bulk URLs), the site's root, every path a
 * rule of either file or the policy names (wildcards filled in). Relative paths are on `site`.
 */
export function policySampleUrls(urls: readonly string[], texts: readonly RobotsTxt[], paths: readonly string[], site?: string): string[] {
  const out = new Set<string>();
  let origin = '';
  for (const u of urls) {
    const t = resolveTestUrl(u, site);
    if (t.problem) continue;
    out.add(u);
    if (!origin) origin = originOf(u);
  }
  if (!origin) origin = site ? originOf(site) : '';
  if (!origin) origin = 'https://example.com';
  const add = (pattern: string) => {
    const path = pattern.replace(/\$$/, '').replace(/\*/g, 'x');
    if (path.startsWith('/') && out.size < MAX_SAMPLES) out.add(origin + path);
  };
  add('/');
  for (const p of paths) add(p);
  // Rules spread over the whole file, not only its first ones: a large file is sampled evenly.
  const rules = texts.flatMap((r) => r.rules.filter((rule) => rule.value !== ''));
  const room = Math.max(1, MAX_SAMPLES - out.size);
  const step = Math.max(1, rules.length / room);
  for (let i = 0; i < rules.length && out.size < MAX_SAMPLES; i += step) add(rules[Math.floor(i)]!.value);
  return [...out];
}

/** The origin of a URL, site or bare host (as the site field takes it); '' when it names none. */
function originOf(u: string): string {
  const robotsUrl = robotsTxtUrlFor(u);
  return robotsUrl && !robotsUrl.startsWith('ftp:') ? robotsUrl.slice(0, -'/robots.txt'.length) : '';
}

/** A token no group of the file names: the crawler that gets the `*` group's verdict. */
function nobody(robots: RobotsTxt): string {
  let t = 'robots-txt-tester-anybody';
  while (robots.groupsByToken.has(t)) t += '-x';
  return t;
}

/**
 * Checks `after` against the choices: each targeted AI crawler's verdict per URL must be the chosen
 * one (keep: as before; allow: the `*` group's; block: blocked; paths: blocked on them, else as
 * before, the rules it followed being kept), and every other crawler's must not change. Never throws.
 */
export function checkAiPolicy(
  before: string, after: string, targets: ReadonlyMap<string, PolicyChoice>, urls: readonly string[],
  options: { readonly site?: string; readonly crawlers?: readonly CrawlerProfile[] } = {},
): PolicyCheck {
  const a = parseRobotsTxt(before);
  const b = after === before ? a : parseRobotsTxt(after);
  const aiCrawlers = options.crawlers ?? POLICY_CRAWLERS;
  const paths = [...targets.values()].flatMap((c) => (c.mode === 'paths' ? c.paths ?? [] : []));
  const samples = policySampleUrls(urls, [a, b], paths, options.site);
  const opts = options.site ? { site: options.site } : {};
  const everyone = createChecker(a, nobody(a), opts);
  const globalBefore = samples.map((u) => everyone(u));
  const failures: PolicyFailure[] = [];
  const rows: PolicyRow[] = [];
  let checks = 0;
  // A crawler's verdicts follow from the groups it reads (most AI crawlers read the * group): read
  // once per file and set of groups, however many crawlers read them.
  const cache = new Map<RobotsTxt, Map<string, QuickVerdict[]>>([[a, new Map()], [b, new Map()]]);
  const verdicts = (r: RobotsTxt, c: CrawlerProfile) => {
    const agent = resolveAgent(c);
    const choice = chooseGroups(r, agent);
    const key = `${agent.ignoresRobotsTxt}|${choice.kind}|${choice.groups.join(',')}`;
    const seen = cache.get(r)!;
    let out = seen.get(key);
    if (!out) {
      const check = createChecker(r, agent, opts);
      seen.set(key, (out = samples.map((u) => check(u))));
    }
    return out;
  };
  const aiIds = new Set(aiCrawlers.map((c) => c.id));
  for (const c of aiCrawlers) {
    const choice = targets.get(c.id);
    const then = verdicts(a, c);
    const now = verdicts(b, c);
    checks += samples.length;
    const compiled = choice?.mode === 'paths' ? (choice.paths ?? []).map(compilePattern) : [];
    const unnameable = choice !== undefined && !nameableByGoogle(c);
    let changed = 0;
    let failed = 0;
    const differing: number[] = [];
    samples.forEach((url, i) => {
      const was = then[i]!;
      const is = now[i]!;
      if (!was.valid || !was.inScope) return;
      if (was.allowed !== is.allowed) changed++;
      const expected = !choice || choice.mode === 'keep' ? was.allowed
        : choice.mode === 'block' ? false
          : choice.mode === 'allow' ? globalBefore[i]!.allowed
            : compiled.some((p) => matchesPattern(p, is.path)) ? false : was.allowed;
      if (is.allowed !== expected) differing.push(i);
      // A crawler Google cannot name follows `*` under Google's reading: said apart, not a failure.
      if (is.allowed !== expected && !unnameable) {
        failed++;
        failures.push({ crawler: c.id, url, expected, got: is.allowed, line: is.line, kind: 'policy' });
      }
    });
    // A crawler left as it was gets a row too when its verdicts moved: the table shows every difference.
    if (choice || differing.length > 0) {
      rows.push({
        crawler: c.id, choice: choice ?? { mode: 'keep' }, changed, failed, differing, unnameable,
        allowedBefore: countAllowed(then), allowedAfter: countAllowed(now),
      });
    }
  }
  for (const c of KNOWN_CRAWLERS) {
    if (aiIds.has(c.id) || c.ignoresRobotsTxt) continue;
    const then = verdicts(a, c);
    const now = verdicts(b, c);
    checks += samples.length;
    samples.forEach((url, i) => {
      if (then[i]!.valid && then[i]!.allowed !== now[i]!.allowed) {
        failures.push({ crawler: c.id, url, expected: then[i]!.allowed, got: now[i]!.allowed, line: now[i]!.line, kind: 'collateral' });
      }
    });
  }
  return { ok: failures.length === 0, urls: samples, rows, failures, checks };
}

const countAllowed = (vs: readonly QuickVerdict[]) => vs.filter((v) => v.valid && v.inScope && v.allowed).length;
