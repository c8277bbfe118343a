/**
 * From what the user typed (a product token or a whole HTTP User-Agent header) to the token(s)
 * the robots.txt is read for.
 */
import { CRAWLERS, crawlerById, GLOBAL_IGNORING_TOKENS, type CrawlerProfile } from './crawlers.js';
import { extractToken } from './token.js';

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
  /** Why this crawler cannot be tested as typed (or is tested with a caveat); null when fine. */
  readonly issue: AgentIssue | null;
}

/**
 * What is wrong with a crawler input: nothing typed or no token readable (`no-crawler`), an id no
 * profile has (`unknown-profile`), or a single name Google's parser cannot use (`token-unusable`:
 * digits or other characters; it matches no group, since a file's names never hold them).
 */
export type AgentIssue = 'no-crawler' | 'unknown-profile' | 'token-unusable';

/** Which crawler to test: a profile (by id, as in share links), or free text (a token or a User-Agent). */
export type CrawlerSpec = { readonly kind: 'profile'; readonly id: string } | { readonly kind: 'text'; readonly value: string };

const TOKEN = /^[A-Za-z_-]+$/;

/** True for a token Google accepts from a caller: letters, `-` and `_` only. */
export function isProductToken(s: string): boolean {
  return TOKEN.test(s);
}

/**
 * The names a User-Agent may hold for a profile: its tokens, or for an agent without one the product
 * its User-Agent holds (Google-Agent): a log still tells it, though no robots.txt line can name it.
 */
const namesOf = (c: CrawlerProfile): readonly string[] => (c.tokens.length > 0 ? c.tokens : c.tokenless?.product ? [c.tokenless.product] : []);

const KNOWN_TOKENS: readonly string[] = [
  ...new Set(CRAWLERS.flatMap(namesOf)),
].sort((a, b) => b.length - a.length);
// Lowered once: a log asks for every distinct User-Agent it holds.
const KNOWN_LOWER: readonly string[] = KNOWN_TOKENS.map((t) => t.toLowerCase());

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
  for (let k = 0; k < KNOWN_TOKENS.length; k++) {
    const t = KNOWN_LOWER[k]!;
    let at = lower.indexOf(t);
    while (at >= 0) {
      const before = at === 0 ? 0 : lower.charCodeAt(at - 1);
      const after = lower.charCodeAt(at + t.length);
      if ((at === 0 || !isTokenChar(before)) && (Number.isNaN(after) || !isTokenChar(after))) return KNOWN_TOKENS[k]!;
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
      issue: null,
    };
  }
  const input = userAgent.trim();
  // A single name with characters a token cannot hold (AB42bot) is tested as typed: Google's
  // matcher compares it with the names it reads from the file, which never hold such characters.
  const unusable = !isProductToken(input) && /[A-Za-z]/.test(input) && !UA_STRING.test(input);
  const fromUserAgentString = !isProductToken(input) && !unusable;
  const token = unusable ? input : fromUserAgentString ? findKnownToken(input) ?? guessToken(input) : input;
  const lower = token.toLowerCase();
  return {
    input: userAgent,
    tokens: token ? [token] : [],
    fromUserAgentString,
    ignoresGlobal: GLOBAL_IGNORING_TOKENS.some((t) => t.toLowerCase() === lower),
    ignoresRobotsTxt: false,
    profile: null,
    issue: token === '' ? 'no-crawler' : unusable ? 'token-unusable' : null,
  };
}

// What only a whole User-Agent header holds: white space, a product version, comments.
const UA_STRING = /[\s/();+]/;

const profileByToken = new Map<string, CrawlerProfile>();
for (const c of CRAWLERS) {
  const first = namesOf(c)[0];
  if (first && !profileByToken.has(first.toLowerCase())) profileByToken.set(first.toLowerCase(), c);
}

/**
 * The crawler the app's picker and the CLI test — one resolution for both. A profile is used as
 * defined (its token fallbacks, its special cases); free text naming a profile's own token, or a
 * User-Agent string standing for it, gets that profile; any other text is a token or User-Agent.
 */
export function resolveCrawler(spec: CrawlerSpec): ResolvedAgent {
  if (spec.kind === 'profile') {
    const profile = crawlerById(spec.id);
    if (profile) return resolveAgent(profile);
    return { ...resolveAgent(''), input: spec.id, issue: 'unknown-profile' };
  }
  const typed = resolveAgent(spec.value);
  const token = typed.tokens[0];
  const profile = token !== undefined && typed.issue === null ? profileByToken.get(token.toLowerCase()) : undefined;
  return profile ? { ...resolveAgent(profile), input: spec.value, fromUserAgentString: typed.fromUserAgentString } : typed;
}

/** The name a user-agent line for this crawler says: its documented name. */
export function writtenName(c: CrawlerProfile): string {
  return c.tokens[0] ?? c.name;
}

/** True when Google's parser can name this crawler in a user-agent line (letters, `-`, `_` only). */
export function nameableByGoogle(c: CrawlerProfile): boolean {
  return isProductToken(writtenName(c));
}
