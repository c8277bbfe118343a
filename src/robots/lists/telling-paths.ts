/**
 * The paths that can tell two versions of a robots.txt apart, derived from their rules alone: so
 * a comparison shows what changes without anyone typing a URL.
 */
import { chooseGroups, type Rule, type RobotsTxt } from '../google/index.js';
import type { ResolvedAgent } from '../crawlers/index.js';

/** What else a derivation takes: the site (its sitemaps' URLs are tried too), and URLs to try as they are. */
export interface TellingPathOptions {
  readonly site?: string;
  readonly urls?: readonly string[];
}

// What stands in for a wildcard's characters, and for one character past a `$`.
const FILL = 'x';

/** The groups Google applies to `agent` in `robots` (none when no group applies or the crawler ignores `*`). */
function appliedGroups(robots: RobotsTxt, agent: ResolvedAgent): readonly number[] {
  const choice = chooseGroups(robots, agent);
  return choice.kind === 'specific' || choice.kind === 'global' ? choice.groups : [];
}

/** Whether two lists of rules hold the same rules as Google matches them (same kind and pattern, each as often). */
function sameRules(a: readonly Rule[], b: readonly Rule[]): boolean {
  if (a.length !== b.length) return false;
  const key = (r: Rule) => `${r.allow ? 'A' : 'D'}${r.pattern}`;
  const count = new Map<string, number>();
  for (const r of a) count.set(key(r), (count.get(key(r)) ?? 0) + 1);
  for (const r of b) {
    const n = count.get(key(r)) ?? 0;
    if (n === 0) return false;
    count.set(key(r), n - 1);
  }
  return true;
}

/**
 * The paths a pattern decides at its edges: its literal prefix and that prefix one character
 * short; the shortest path it matches and one with each wildcard filled; the path cut at each
 * wildcard (just outside it); one character past a `$` (just outside the end); and, for an allow
 * of `…/index.html`, the directory Google allows with it.
 */
function edgePaths(rule: Rule, add: (path: string) => void): void {
  const p = rule.pattern;
  // Google matches no path against a pattern that starts with neither `/` nor `*`.
  if (!p.startsWith('/') && !p.startsWith('*')) return;
  const anchored = p.endsWith('$');
  const body = anchored ? p.slice(0, -1) : p;
  const plain = (s: string) => s.replace(/\*/g, '');
  const star = body.indexOf('*');
  const prefix = star < 0 ? body : body.slice(0, star);
  add(prefix);
  if (prefix.length > 1) add(prefix.slice(0, -1));
  add(plain(body));
  add(body.replace(/\*/g, FILL));
  for (let i = body.indexOf('*'); i >= 0; i = body.indexOf('*', i + 1)) add(plain(body.slice(0, i)));
  if (anchored) {
    add(plain(body) + FILL);
    add(plain(body) + '/');
  }
  if (rule.allow && /\/index\.html?$/.test(body)) add(body.replace(/index\.html?$/, ''));
}

/** The host of an http(s) URL, lower-cased; null when it is not one. */
function hostOf(url: string): string | null {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * The paths that can tell the versions apart for the crawlers: when the rules some crawler follows
 * differ between them, the edges of every rule of every version (see edgePaths); then `/`, each
 * sitemap URL of either version on the site (when one is given) and `urls`. Each once, in that
 * order. When every crawler follows the same rules in every version, no path can differ: none of
 * the rules' edges is tried.
 */
export function tellingPaths(versions: readonly RobotsTxt[], crawlers: readonly ResolvedAgent[], options: TellingPathOptions = {}): string[] {
  const out = new Set<string>();
  const add = (path: string) => out.add(path.startsWith('/') ? path : `/${path}`);
  const rulesOf = (v: RobotsTxt, agent: ResolvedAgent) => appliedGroups(v, agent).flatMap((g) => v.groups[g]!.rules);
  const differ = crawlers.some((agent) => {
    if (agent.ignoresRobotsTxt) return false;
    const first = rulesOf(versions[0]!, agent);
    return versions.some((v) => !sameRules(rulesOf(v, agent), first));
  });
  // Any rule of either version can be where a changed rule starts or stops deciding (another
  // group's rule included): every rule's edges are tried.
  if (differ) for (const v of versions) for (const rule of v.rules) edgePaths(rule, add);
  add('/');
  const siteHost = options.site ? hostOf(options.site) : null;
  if (siteHost !== null) {
    for (const v of versions) for (const { url } of v.sitemaps) if (/^https?:\/\//i.test(url) && hostOf(url) === siteHost) out.add(url);
  }
  for (const url of options.urls ?? []) if (url.trim() !== '') out.add(url.trim());
  return [...out];
}
