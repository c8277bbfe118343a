/**
 * Bing's reading, from what Bing documents (its Webmaster Guidelines and the Bing Webmaster Blog);
 * there is no public Bing parser, so this reader is Google's scan and matcher with Bing's
 * documented group choice, and each difference is cited here:
 * - "bingbot will honor robots.txt directives written for msnbot" when no group names bingbot
 *   (Bing Webmaster Blog, "Bing crawler: bingbot on the horizon", 2010);
 * - AdIdxBot, Bing Ads' crawler, follows a group naming it, else the bingbot group ("Which
 *   crawlers does Bing use?", Bing Webmaster Guidelines);
 * - a group naming the crawler replaces the `*` group — except `Crawl-delay`, which Bing honours
 *   (Google ignores it) and takes from `*` when the crawler's group sets none ("Crawl delay and
 *   the Bing crawler, MSNBot", Bing Webmaster Blog, 2009);
 * - precedence, `*` and `$` as the REP that Bing, Google and Yahoo documented together (2008)
 *   and RFC 9309: the most specific (longest) matching rule wins, allow on a tie.
 * Nothing else is documented to differ, so Google's reading of the rest is kept.
 */
import { checkUrl, parseRobotsTxt, unusedFields, type RobotsTxt } from '../google/index.js';
import { resolveAgent, type ResolvedAgent } from '../crawlers/index.js';
import { fromGoogleVerdict } from './google.js';
import type { Reader } from './reader.js';

const FALLBACKS: Readonly<Record<string, readonly string[]>> = {
  bingbot: ['msnbot'],
  adidxbot: ['bingbot', 'msnbot'],
};

/** The crawler as Bing chooses its group: its token, then Bing's documented fallbacks; `*` never ignored. */
export function bingAgent(userAgent: string): ResolvedAgent {
  const agent = resolveAgent(userAgent);
  // A crawler's name is the user's text: `constructor` has no fallbacks (Object.prototype's are not Bing's).
  const tokens = agent.tokens.flatMap((t) => [t, ...(Object.hasOwn(FALLBACKS, t.toLowerCase()) ? FALLBACKS[t.toLowerCase()]! : [])]);
  return { ...agent, tokens: [...new Set(tokens)], ignoresGlobal: false, ignoresRobotsTxt: false };
}

/** The Crawl-delay (seconds) Bing applies for a crawler: its group's, else the `*` group's; null when none. */
export function bingCrawlDelay(robots: RobotsTxt, userAgent: string): number | null {
  for (const t of bingAgent(userAgent).tokens) {
    const groups = robots.groupsByToken.get(t.toLowerCase());
    if (groups) return crawlDelayIn(robots, groups) ?? crawlDelayIn(robots, robots.globalGroups);
  }
  return crawlDelayIn(robots, robots.globalGroups);
}

// The first readable Crawl-delay among the groups' fields Google ignores.
function crawlDelayIn(robots: RobotsTxt, groups: readonly number[]): number | null {
  for (const { value } of unusedFields(robots, 'crawl-delay', groups)) {
    const n = Number(value);
    if (value.trim() !== '' && Number.isFinite(n) && n >= 0) return n;
  }
  return null;
}

/** Bing's documented reading. */
export const bing: Reader<RobotsTxt> = {
  id: 'bing',
  parse: parseRobotsTxt,
  check: (robots, userAgent, url) => fromGoogleVerdict('bing', robots, checkUrl(robots, bingAgent(userAgent), url)),
};
