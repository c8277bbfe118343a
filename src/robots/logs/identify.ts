/**
 * Who a request says it is, from its User-Agent: the tester's crawler profiles first (Google's
 * crawlers and user-triggered fetchers, the AI listing, search engines, tools), resolved exactly
 * as the picker resolves one; then, for any other bot, the name crawler-user-agents' list gives
 * it; else the product token it names itself by (`name-token.ts`). A request with no User-Agent is
 * a row of its own. Names compare case-insensitively and show in one spelling (`crawlerKey`,
 * `preferredSpelling`).
 */
import { isbot } from 'isbot';
import { CRAWLERS, resolveAgent, resolveCrawler, type CrawlerProfile, type ResolvedAgent } from '../crawlers/index.js';
import { BOT_LIST } from './bot-list.js';
import { botName } from './name-token.js';
import { own } from './own.js';
import { crawlerKey, keptAgent, preferredSpelling } from './tally.js';

/** A crawler a log names. */
export interface LogCrawler {
  /** The profile id; an unnamed bot's own name (`MJ12bot`); NO_AGENT for requests with no User-Agent. */
  readonly id: string;
  /** For people: the profile's name, or the bot's name. */
  readonly name: string;
  /** Null for an unnamed bot (not one of the tester's profiles). */
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

/** Google's user-triggered fetchers' tokens (their profiles): Google says they ignore robots.txt rules, a user having asked for the fetch. */
// Google-Agent has no robots.txt token: it is known in logs by the product name its User-Agent holds.
export const GOOGLE_USER_TRIGGERED: readonly string[] = CRAWLERS.filter((c) => c.userTriggered && c.operator === 'Google').flatMap((c) => c.tokens[0] ?? c.tokenless?.product ?? []);

/**
 * Whether a profile's requests to blocked URLs are not disobeying: it ignores robots.txt by
 * design, or it fetches for a user and its operator says robots.txt may not apply.
 */
export function ignoresByDesign(p: CrawlerProfile): boolean {
  if (p.ignoresRobotsTxt || p.userTriggered) return true;
  return p.purpose === 'user' && (p.caveat !== undefined || p.obeys === 'no' || p.obeys === 'user-discretion');
}

/** The id of requests that sent no User-Agent (logged as `-` or nothing): one row of their own, held to the `*` group. */
export const NO_AGENT = '-';

// No token at all: no group names it, so the `*` group is its (a request without a name is not a
// "no crawler typed" problem, as it is in the picker).
const NO_AGENT_READER: ResolvedAgent = { ...resolveAgent(''), input: NO_AGENT, issue: null };

// Browser plug-ins that add a product to a browser's User-Agent (isbot's list takes chromeframe for a bot).
const PLUG_INS = /\bchromeframe(?:\/[\w.]*)?/gi;

/** The name crawler-user-agents gives the bot of a User-Agent, or null when its list has none. */
export function listedBotName(userAgent: string): string | null {
  for (const block of listBlocks()) {
    // No pattern of a block its alternation misses can match: the block is passed over whole.
    if (block.any && !block.any.test(userAgent)) continue;
    for (const [re, name] of block.patterns) if (re.test(userAgent)) return name;
  }
  return null;
}

/** A run of the list's patterns, in its order, and one expression matching where any of them does (null if it cannot be compiled). */
interface PatternBlock {
  readonly any: RegExp | null;
  readonly patterns: readonly (readonly [RegExp, string])[];
}

/**
 * Patterns tested at once: a bot's name is the first pattern of the list that matches, and most of
 * the list's 1,400-odd patterns miss a given agent, so blocks are passed over with one test each.
 */
export const PATTERN_BLOCK = 32;

let compiled: PatternBlock[] | null = null;
function listBlocks(): readonly PatternBlock[] {
  if (compiled) return compiled;
  const patterns: (readonly [RegExp, string, string])[] = [];
  for (const [pattern, name] of BOT_LIST) {
    try {
      patterns.push([new RegExp(pattern), name, pattern]);
    } catch {
      // A pattern this engine cannot compile names nothing; the token rule still names its bot.
    }
  }
  compiled = [];
  for (let i = 0; i < patterns.length; i += PATTERN_BLOCK) {
    const run = patterns.slice(i, i + PATTERN_BLOCK);
    let any: RegExp | null = null;
    try {
      any = new RegExp(run.map(([, , p]) => `(?:${p})`).join('|'));
    } catch {
      // Each pattern of the run is tested alone.
    }
    compiled.push({ any, patterns: run.map(([re, name]) => [re, name] as const) });
  }
  return compiled;
}

// Enough for the distinct agents of any real log; a log of endless new agents is not kept whole.
const CACHE_LIMIT = 50_000;
const UNNAMED_LIMIT = 2_000;
/** The id of bots past the UNNAMED_LIMIT-th distinct name (one row, so memory stays bounded). */
export const OTHER_BOTS = 'other bots';

/** A User-Agent as told: its crawler (null for a browser) and the agent as a tally keeps it. */
export interface KnownAgent {
  readonly crawler: LogCrawler | null;
  /**
   * The User-Agent as keptAgent gives it, one string for all its requests: a tally's maps find it
   * by the hash it carries and compare it by identity, not character by character.
   */
  readonly agent: string;
}

/** Tells the crawler of each User-Agent, remembering what it told. */
export class CrawlerIdentifier {
  private readonly seen = new Map<string, KnownAgent>();
  private readonly unnamed = new Map<string, LogCrawler>();
  private readonly profiles = new Map<string, LogCrawler>();

  /** The crawler a User-Agent names, or null for a browser. */
  identify(userAgent: string): LogCrawler | null {
    return this.known(userAgent).crawler;
  }

  /** A User-Agent's crawler and the one string its requests are tallied by. */
  known(userAgent: string): KnownAgent {
    let k = this.seen.get(userAgent);
    if (k !== undefined) return k;
    const agent = keptAgent(userAgent);
    k = { crawler: this.tell(userAgent), agent };
    if (this.seen.size >= CACHE_LIMIT) this.seen.clear();
    this.seen.set(agent.length === userAgent.length ? agent : own(userAgent), k);
    return k;
  }

  /** The crawler with this id (any spelling of an unnamed bot's), as identified so far. */
  byId(id: string): LogCrawler | undefined {
    return this.profiles.get(id) ?? this.unnamed.get(id.toLowerCase());
  }

  private tell(userAgent: string): LogCrawler | null {
    const full = userAgent.trim();
    if (full === '' || full === NO_AGENT) return this.ofUnnamed(NO_AGENT, NO_AGENT_READER);
    const ua = full.length > 1024 ? full.slice(0, 1024) : full;
    const resolved = resolveCrawler({ kind: 'text', value: ua });
    if (resolved.profile) return this.ofProfile(resolved.profile);
    const bare = ua.replace(PLUG_INS, '');
    if (!isbot(bare)) return null;
    return this.ofUnnamed(own(listedBotName(bare) ?? botName(bare)));
  }

  private ofProfile(p: CrawlerProfile): LogCrawler {
    let c = this.profiles.get(p.id);
    if (!c) {
      c = { id: p.id, name: p.name, profile: p, agent: resolveAgent(p), ignoresRobotsTxt: ignoresByDesign(p), operator: p.operator };
      this.profiles.set(p.id, c);
    }
    return c;
  }

  private ofUnnamed(name: string, agent?: ResolvedAgent): LogCrawler {
    const key = crawlerKey(name);
    let c = this.unnamed.get(key);
    if (!c && this.unnamed.size >= UNNAMED_LIMIT && name !== OTHER_BOTS) return this.ofUnnamed(OTHER_BOTS);
    // A spelling preferred to the one known names the bot from now on, so what a thread calls it
    // does not depend on which spelling came first.
    if (!c || (name !== c.id && preferredSpelling(name, c.id) === name)) {
      c = { id: name, name, profile: null, agent: agent ?? resolveAgent(name), ignoresRobotsTxt: false, operator: '' };
      this.unnamed.set(key, c);
    }
    return c;
  }
}
