/**
 * A drop-in for the npm package robots-parser 3 (`robotsParser(url, contents)` and its whole
 * API), answering as Google's parser does. Crawl-delay and Host, which Google ignores, are read
 * as robots-parser reads them, from the group Google's group choice picks.
 */
// Google's reading alone: a drop-in loads a third of the engine (the package's google entry).
import { checkUrl, chooseGroups, parseRobotsTxt, resolveAgent, unusedFields, type ResolvedAgent, type RobotsTxt, type Verdict } from '../google/index.js';

/** What `robotsParser(url, contents)` returns: robots-parser 3's interface. */
export interface Robot {
  /** True when `ua` may crawl `url`; undefined for a URL of another origin than the robots.txt's. */
  isAllowed(url: string, ua?: string): boolean | undefined;
  /** The opposite of isAllowed (true for a URL of another origin, as robots-parser answers). */
  isDisallowed(url: string, ua?: string): boolean | undefined;
  /** True when a group naming `ua` itself disallows `url` (the `*` group does not count). */
  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined;
  /** The deciding rule's line number, -1 when none. */
  getMatchingLineNumber(url: string, ua?: string): number;
  /** The Crawl-delay of the group Google applies to `ua`, in seconds. */
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
  /** The last Host line's value, lower-cased (Yandex's field), or null. */
  getPreferredHost(): string | null;
}

// robots-parser resolves a relative URL against this placeholder, and compares origins with the
// default port filled in.
const RELATIVE_BASE = 'http://robots-relative.samclarke.com/';

function parseUrl(url: string): URL | null {
  try {
    const u = new URL(url, RELATIVE_BASE);
    if (!u.port) u.port = u.protocol === 'https:' ? '443' : '80';
    return u;
  } catch {
    return null;
  }
}

// No name, or `*`: the crawler that only the `*` group addresses.
const ANY_CRAWLER: ResolvedAgent = {
  input: '*', tokens: [], fromUserAgentString: false, ignoresGlobal: false, ignoresRobotsTxt: false, profile: null, issue: null,
};

function agentOf(ua: string | undefined): ResolvedAgent {
  return ua === undefined || ua.trim() === '' || ua.trim() === '*' ? ANY_CRAWLER : resolveAgent(ua);
}

class GoogleRobot implements Robot {
  private readonly robots: RobotsTxt;
  private readonly base: URL | null;

  constructor(url: string, contents: string) {
    this.robots = parseRobotsTxt(contents ?? '');
    this.base = parseUrl(url);
  }

  /** Google's verdict, or undefined when `url` is not under this robots.txt (or cannot be tested). */
  private verdict(url: string, ua: string | undefined): Verdict | undefined {
    const u = parseUrl(url);
    if (!u || !this.base || u.protocol !== this.base.protocol || u.hostname !== this.base.hostname || u.port !== this.base.port) return undefined;
    const v = checkUrl(this.robots, agentOf(ua), u.href);
    return v.problem ? undefined : v;
  }

  isAllowed(url: string, ua?: string): boolean | undefined {
    return this.verdict(url, ua)?.allowed;
  }

  isDisallowed(url: string, ua?: string): boolean | undefined {
    return !this.isAllowed(url, ua);
  }

  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined {
    const v = this.verdict(url, ua);
    if (!v) return undefined;
    return v.group.kind === 'specific' && !v.allowed;
  }

  getMatchingLineNumber(url: string, ua?: string): number {
    const v = this.verdict(url, ua);
    return v && v.line > 0 ? v.line : -1;
  }

  getCrawlDelay(ua?: string): number | undefined {
    const choice = chooseGroups(this.robots, agentOf(ua));
    const groups = choice.kind === 'specific' || choice.kind === 'global' ? choice.groups : [];
    let delay: number | undefined;
    // robots-parser keeps the last readable value of the group (Number(), NaN ignored).
    for (const { value } of unusedFields(this.robots, 'crawl-delay', groups)) {
      const n = Number(value);
      if (!Number.isNaN(n)) delay = n;
    }
    return delay;
  }

  getSitemaps(): string[] {
    return this.robots.sitemaps.map((s) => s.url);
  }

  getPreferredHost(): string | null {
    const hosts = unusedFields(this.robots, 'host', null).filter((h) => h.value !== '');
    return hosts.length > 0 ? hosts[hosts.length - 1]!.value.toLowerCase() : null;
  }
}

/** robots-parser's entry point: the robots.txt at `url` with `contents`, read as Google reads it. */
export function robotsParser(url: string, contents: string): Robot {
  return new GoogleRobot(url, contents);
}

export default robotsParser;
