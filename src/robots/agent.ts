/**
 * From what the user typed (a product token or a whole HTTP User-Agent header) to the token(s)
 * the robots.txt is read for.
 */
import { CRAWLERS, GLOBAL_IGNORING_TOKENS, type CrawlerProfile } from './crawlers.js';
import { extractToken } from './parse.js';

/** The crawler a check is made for. */
export interface ResolvedAgent {
  readonly input: string;
  /** Tokens in fallback order; the first is "the token used". Empty when none could be read. */
  readonly tokens: readonly string[];
  /** True when `input` was a whole User-Agent string rather than a token. */
  readonly fromUserAgentString: boolean;
  /** Google-specific special-case crawlers ignore the `*` group. */
  readonly ignoresGlobal: boolean;
  readonly ignoresRobotsTxt: boolean;
  readonly profile: CrawlerProfile | null;
}

const TOKEN = /^[A-Za-z_-]+$/;

/** True for a token Google accepts from a caller: letters, `-` and `_` only. */
export function isProductToken(s: string): boolean {
  return TOKEN.test(s);
}

const KNOWN_TOKENS: readonly string[] = [
  ...new Set(CRAWLERS.flatMap((c) => c.tokens)),
].sort((a, b) => b.length - a.length);

const BROWSER_PRODUCTS = new Set([
  'mozilla', 'applewebkit', 'chrome', 'safari', 'version', 'gecko', 'firefox', 'khtml', 'mobile',
  'edg', 'edge', 'opr', 'crios', 'fxios', 'like', 'compatible', 'trident', 'msie', 'windows', 'linux',
  'android', 'iphone', 'ipad', 'macintosh', 'intel', 'cpu', 'build', 'x', 'u', 'wow',
]);

const isTokenChar = (c: number): boolean =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f;

/** Finds a known crawler token standing as a whole word in a User-Agent string. */
function findKnownToken(ua: string): string | null {
  const lower = ua.toLowerCase();
  for (const token of KNOWN_TOKENS) {
    const t = token.toLowerCase();
    let at = lower.indexOf(t);
    while (at >= 0) {
      const before = at === 0 ? 0 : lower.charCodeAt(at - 1);
      const after = lower.charCodeAt(at + t.length);
      if ((at === 0 || !isTokenChar(before)) && (Number.isNaN(after) || !isTokenChar(after))) return token;
      at = lower.indexOf(t, at + 1);
    }
  }
  return null;
}

/** The crawler's own product in an unknown User-Agent string: a `*bot*`-like product first. */
function guessToken(ua: string): string {
  const products = [...ua.matchAll(/([A-Za-z][A-Za-z0-9_.-]*)(?=\/|;|\)|\s|$)/g)]
    .map((m) => extractToken(m[1]!))
    .filter((t) => t.length > 1 && !BROWSER_PRODUCTS.has(t.toLowerCase()));
  return products.find((t) => /bot|crawl|spider|fetch|scan/i.test(t)) ?? products[0] ?? extractToken(ua);
}

/**
 * Resolves a crawler: a profile, a product token (used as is), or a full User-Agent string (the
 * crawler token inside it). Never throws; `tokens` is empty when nothing usable was given.
 */
export function resolveAgent(userAgent: string | CrawlerProfile): ResolvedAgent {
  if (typeof userAgent !== 'string') {
    return {
      input: userAgent.name,
      tokens: userAgent.tokens,
      fromUserAgentString: false,
      ignoresGlobal: userAgent.ignoresGlobal,
      ignoresRobotsTxt: userAgent.ignoresRobotsTxt,
      profile: userAgent,
    };
  }
  const input = userAgent.trim();
  const fromUserAgentString = !isProductToken(input);
  const token = fromUserAgentString ? findKnownToken(input) ?? guessToken(input) : input;
  const lower = token.toLowerCase();
  return {
    input: userAgent,
    tokens: token ? [token] : [],
    fromUserAgentString,
    ignoresGlobal: GLOBAL_IGNORING_TOKENS.some((t) => t.toLowerCase() === lower),
    ignoresRobotsTxt: false,
    profile: null,
  };
}
