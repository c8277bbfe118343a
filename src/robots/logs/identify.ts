/**
 * Who a request says it is: the tester's crawler profiles first (Google's crawlers, the AI
 * listing, search engines, tools), resolved from the User-Agent exactly as the picker resolves
 * one; any other bot that isbot's list recognises is an unnamed bot, named by its own product.
 */
import { isbot, isbotMatch } from 'isbot';
import { resolveAgent, resolveCrawler, type CrawlerProfile, type ResolvedAgent } from '../crawlers/index.js';
import { own } from './own.js';

/** A crawler a log names. */
export interface LogCrawler {
  /** The profile id; an unnamed bot's own product name (`MJ12bot`). */
  readonly id: string;
  /** For people: the profile's name, or the bot's product name. */
  readonly name: string;
  /** Null for an unnamed bot (recognised by the bot list, not one of the tester's profiles). */
  readonly profile: CrawlerProfile | null;
  /** Who the robots.txt is read for. */
  readonly agent: ResolvedAgent;
  /**
   * A fetcher its operator says does not follow robots.txt (Google-Safety; fetches a user
   * triggers, where the operator says so): its requests to blocked URLs are not disobeying.
   */
  readonly ignoresRobotsTxt: boolean;
  /** Who runs it, when known ('' for an unnamed bot). */
  readonly operator: string;
}

/**
 * Google's user-triggered fetchers (not profiles of the tester): Google says that, the fetch
 * being asked for by a user, they ignore robots.txt rules.
 */
export const GOOGLE_USER_TRIGGERED: readonly string[] = [
  'FeedFetcher-Google', 'Google-Read-Aloud', 'Google-Site-Verification', 'GoogleProducer', 'Google-NotebookLM', 'Google-Pinpoint', 'Google-CWS',
];

/**
 * Whether a profile's requests to blocked URLs are not disobeying: it ignores robots.txt by
 * design, or it fetches for a user and its operator says robots.txt may not apply.
 */
export function ignoresByDesign(p: CrawlerProfile): boolean {
  if (p.ignoresRobotsTxt || p.userTriggered) return true;
  return p.purpose === 'user' && (p.caveat !== undefined || p.obeys === 'no' || p.obeys === 'user-discretion');
}

// Products every browser's User-Agent holds: never a bot's own name.
const BROWSER = new Set(['mozilla', 'applewebkit', 'chrome', 'safari', 'version', 'gecko', 'firefox', 'khtml', 'mobile', 'edg', 'edge', 'opr', 'crios', 'fxios', 'trident', 'msie', 'like', 'compatible', 'linux', 'windows', 'android', 'iphone', 'ipad', 'macintosh', 'x11', 'u', 'ubuntu', 'headlesschrome']);
const BOTLIKE = /bot|crawl|spider|fetch|slurp|scan|archiv|index|preview|check|monitor|http|client|request|python|curl|wget|java|perl|ruby|scrapy|feed|reader|validator|proxy/i;

/** The name an unnamed bot gives itself: its bot-like product (`MJ12bot/v1.4` → MJ12bot), else its first product. */
export function botName(userAgent: string): string {
  const ua = userAgent.length > 512 ? userAgent.slice(0, 512) : userAgent;
  const products: string[] = [];
  const take = (raw: string) => {
    const name = raw.replace(/[.+-]+$/, '');
    // A domain (www.example.com/…) is where a bot is described, not its name.
    if (name.length > 1 && !BROWSER.has(name.toLowerCase()) && !/\.[A-Za-z]{2,}$/.test(name)) products.push(name);
  };
  // The User-Agent's first word is a product even without a /version (FeedFetcher-Google; …).
  const lead = /^[A-Za-z][A-Za-z0-9_.+-]*(?=[\s;/(]|$)/.exec(ua);
  if (lead) take(lead[0]);
  for (const m of ua.matchAll(/([A-Za-z][A-Za-z0-9_.+-]*)\/[^\s;)]*/g)) take(m[1]!);
  const word = /([A-Za-z][A-Za-z0-9_-]*(?:bot|crawler|spider))\b/i.exec(ua)?.[1];
  const chosen = products.find((p) => BOTLIKE.test(p)) ?? word ?? products[0];
  if (chosen) return chosen;
  const matched = (isbotMatch(ua) ?? '').replace(/[^A-Za-z0-9_.-]+/g, ' ').trim().split(' ')[0];
  return matched || 'unnamed bot';
}

// Enough for the distinct agents of any real log; a log of endless new agents is not kept whole.
const CACHE_LIMIT = 50_000;
const UNNAMED_LIMIT = 2_000;
/** The id of bots past the UNNAMED_LIMIT-th distinct name (one row, so memory stays bounded). */
export const OTHER_BOTS = 'other bots';

/** Tells the crawler of each User-Agent, remembering what it told. */
export class CrawlerIdentifier {
  private readonly seen = new Map<string, LogCrawler | null>();
  private readonly unnamed = new Map<string, LogCrawler>();
  private readonly profiles = new Map<string, LogCrawler>();

  /** The crawler a User-Agent names, or null for no bot (a browser, or nothing logged). */
  identify(userAgent: string): LogCrawler | null {
    let c = this.seen.get(userAgent);
    if (c !== undefined) return c;
    c = this.tell(userAgent);
    if (this.seen.size >= CACHE_LIMIT) this.seen.clear();
    this.seen.set(own(userAgent), c);
    return c;
  }

  /** The crawler with this id, as identified so far. */
  byId(id: string): LogCrawler | undefined {
    return this.profiles.get(id) ?? this.unnamed.get(id.toLowerCase());
  }

  private tell(userAgent: string): LogCrawler | null {
    const ua = userAgent.trim();
    if (ua === '') return null;
    const resolved = resolveCrawler({ kind: 'text', value: ua.length > 1024 ? ua.slice(0, 1024) : ua });
    if (resolved.profile) return this.ofProfile(resolved.profile);
    if (!isbot(ua.length > 1024 ? ua.slice(0, 1024) : ua)) return null;
    return this.ofUnnamed(own(botName(ua)));
  }

  private ofProfile(p: CrawlerProfile): LogCrawler {
    let c = this.profiles.get(p.id);
    if (!c) {
      c = { id: p.id, name: p.name, profile: p, agent: resolveAgent(p), ignoresRobotsTxt: ignoresByDesign(p), operator: p.operator };
      this.profiles.set(p.id, c);
    }
    return c;
  }

  private ofUnnamed(name: string): LogCrawler {
    const key = name.toLowerCase();
    let c = this.unnamed.get(key);
    if (!c) {
      if (this.unnamed.size >= UNNAMED_LIMIT && name !== OTHER_BOTS) return this.ofUnnamed(OTHER_BOTS);
      const google = GOOGLE_USER_TRIGGERED.find((g) => g.toLowerCase() === key);
      c = { id: name, name, profile: null, agent: resolveAgent(name), ignoresRobotsTxt: google !== undefined, operator: google ? 'Google' : '' };
      this.unnamed.set(key, c);
    }
    return c;
  }
}
