/**
 * crawler-commons' `SimpleRobotRulesParser` 1.6 and its 1.7 snapshot (Common Crawl's CCBot,
 * Apache Nutch, StormCrawler): read from crawler-commons' `SimpleRobotRulesParser`,
 * `SimpleRobotRules` and `BasicURLNormalizer` with exact user-agent matching (its default, the
 * `parseContent(…, Collection<String>)` API), none of it copied. Its grammar:
 * - lines break at LF, CR, U+0085, U+2028, U+2029 (empty lines vanish, so they end nothing); a
 *   page that looks like HTML is read with its tags removed, or allows all when it names no
 *   `user-agent:`; `#` starts a comment;
 * - a key is a known name or one of its own misspellings (`desallow`, `useg-agent`…), followed
 *   by a colon or by white space;
 * - the crawler's name is compared whole (lower-cased, without a `/version`); a `User-agent`
 *   value is compared whole too, or, when it is not a plain token, by its leading letters
 *   (`Googlebot/2.1` and `googlebot-news extra` name `googlebot` and `googlebot-news`);
 * - the crawler's own groups replace the `*` groups; all groups naming it merge, so do all `*`
 *   groups; a `User-agent` line after a rule starts a new group, but `Crawl-delay` and unknown
 *   lines do not end the run of `User-agent` lines;
 * - a `Crawl-delay` over 300 seconds blocks the whole site;
 * - the longest pattern wins, allow on a tie; `*` and a final `$` are wildcards; empty rules
 *   are ignored; `Allow: …/index.html` also allows its directory; `/robots.txt` is allowed;
 * - rule and URL are normalised alike (unreserved escapes decoded, others upper-cased, unsafe
 *   bytes escaped); a URL that `java.net.URI` rejects (a space, `{`, `|`…) is tested as `/`
 *   (1.5 and earlier parsed it with `java.net.URL`).
 * What the reader does not reproduce, by design (25 of the 449 `isAllowed` answers of
 * crawler-commons' `SimpleRobotRulesParserTest`): the deprecated `parseContent(…, String)` API's
 * legacy prefix matching, where each word of `User-agent: crawler1 crawler2` or `One, Two, Three`
 * names a crawler whose name starts with it (testNutchCases2, testMultiAgentNames,
 * testSpacesInMultipleUserAgentNames: 11 answers); several robot names in one call (testNutchCases,
 * testHeritrixCases, testMatchingUserAgentNamesHttpHeader: 13); a subclass's own matcher
 * (testOverrideUserAgentMatcher: 1).
 */
import { LineNumbers, type Reader, type ReaderVerdict } from './reader.js';

type Directive = 'user-agent' | 'disallow' | 'allow' | 'crawl-delay' | 'sitemap' | 'http' | 'other';

interface CcToken { readonly directive: Directive; readonly data: string; readonly line: number }

/** The parsed file: its directives in order, and whether it is an HTML page naming no user-agent. */
export interface CrawlerCommonsParse {
  readonly tokens: readonly CcToken[];
  readonly allowAll: boolean;
  /** Rules chosen per robot name, computed on first use. */
  readonly byName: Map<string, CcRules>;
}

interface CcRule { readonly pattern: string; readonly allow: boolean; readonly line: number }
interface CcRules { readonly rules: readonly CcRule[]; readonly blockAll: boolean; readonly groupLines: readonly number[] }

const KEYS: Record<string, Directive> = {
  'user-agent': 'user-agent', useragent: 'user-agent', 'useg-agent': 'user-agent', 'ser-agent': 'user-agent', 'users-agent': 'user-agent',
  'user agent': 'user-agent', 'user-agnet': 'user-agent', 'user-agents': 'user-agent',
  disallow: 'disallow', desallow: 'disallow', dissallow: 'disallow', dissalow: 'disallow', disalow: 'disallow', dssalow: 'disallow',
  dsallow: 'disallow', diasllow: 'disallow', disallaw: 'disallow', diallow: 'disallow', disallows: 'disallow', disllow: 'disallow',
  allow: 'allow',
  'crawl-delay': 'crawl-delay', 'crawl delay': 'crawl-delay', 'clawl-delay': 'crawl-delay', 'craw-delay': 'crawl-delay', 'crawl-deley': 'crawl-delay',
  sitemap: 'sitemap', sitemaps: 'sitemap', http: 'http', https: 'http',
  host: 'other', 'no-index': 'other', 'request-rate': 'other', 'visit-time': 'other', 'robot-version': 'other', comment: 'other',
};
const KEY_NAMES = Object.keys(KEYS);

/** Java's `String.trim()`: every character up to U+0020 at either end. */
function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 0x20) a++;
  while (b > a && s.charCodeAt(b - 1) <= 0x20) b--;
  return s.slice(a, b);
}

const COLON_DELIMITED = /^[ \t]*:[ \t]*(.*)$/s;
const BLANK_DELIMITED = /^[ \t]+(.*)$/s;
const ACAP_SUFFIX = /^[^: \t]+(.*)$/s;

/** The directive a line starts with: the shortest known key (or `acap-…`) followed by `:` or blanks. */
function tokenize(line: string, lineNo: number): CcToken | null {
  const lower = line.toLowerCase();
  for (let n = 1; n <= lower.length; n++) {
    const prefix = lower.slice(0, n);
    if (!KEY_NAMES.some((k) => k.startsWith(prefix)) && !'acap-'.startsWith(prefix)) break;
    let data = line.slice(n);
    let directive: Directive | undefined = Object.hasOwn(KEYS, prefix) ? KEYS[prefix] : undefined;
    if (prefix === 'acap-') {
      const m = ACAP_SUFFIX.exec(data);
      if (!m) continue;
      data = m[1]!;
      directive = 'other';
    }
    if (!directive) continue;
    const m = COLON_DELIMITED.exec(data) ?? BLANK_DELIMITED.exec(data);
    if (m) return { directive, data: javaTrim(m[1]!), line: lineNo };
  }
  return null;
}

const HTML_TAG = /<(html|head|body)[ \t\n\v\f\r]*>/i;

/**
 * Java's `line.replaceAll("<[^>]+>", "")` in one pass: a `<` starts a tag only when a `>` follows
 * with something between; once no `>` is left, nothing more is removed (the RegExp would try
 * every `<` against the rest of the line: quadratic).
 */
function stripTags(line: string): string {
  let out = '';
  let from = 0;
  for (let lt = line.indexOf('<'); lt >= 0; lt = line.indexOf('<', lt + 1)) {
    const gt = line.indexOf('>', lt + 1);
    if (gt < 0) break;
    if (gt === lt + 1) continue;
    out += line.slice(from, lt);
    from = gt + 1;
    lt = gt;
  }
  return out + line.slice(from);
}

function parse(input: string): CrawlerCommonsParse {
  const text = input.startsWith('\ufeff') ? input.slice(1) : input;
  const offset = input.length - text.length;
  const numbers = new LineNumbers(input);
  const byName = new Map<string, CcRules>();
  let hasHtml = false;
  if (HTML_TAG.test(text)) {
    if (!/user-agent:/i.test(text)) return { tokens: [], allowAll: true, byName };
    hasHtml = true;
  }
  const tokens: CcToken[] = [];
  const re = /[^\n\r\u0085\u2028\u2029]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let line = m[0];
    if (hasHtml) line = stripTags(line);
    const hash = line.indexOf('#');
    if (hash >= 0) line = line.slice(0, hash);
    line = javaTrim(line);
    if (!line) continue;
    const token = tokenize(line, numbers.lineAt(m.index + offset));
    if (token) tokens.push(token);
  }
  return { tokens, allowAll: false, byName };
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const ESCAPED_ASCII = (c: number): boolean =>
  c <= 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x5e || c === 0x60 || (c >= 0x7b && c <= 0x7d) || c === 0x7f;
const encoder = new TextEncoder();
const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** crawler-commons' path normalisation: unreserved escapes decoded, the rest upper-cased, unsafe bytes (and `extra`) escaped. */
export function crawlerCommonsEscape(path: string, extra = ''): string {
  const unescaped = path.replace(/%([0-9A-Fa-f]{2})/g, (m, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : m.toUpperCase();
  });
  // Java encodes a lone surrogate as '?'.
  const bytes = encoder.encode(unescaped.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '?'));
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x80 || ESCAPED_ASCII(b) || extra.includes(String.fromCharCode(b))) {
      out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
    } else if (b === 0x25) {
      if (i + 2 < bytes.length && isHex(bytes[i + 1]!) && isHex(bytes[i + 2]!)) {
        out += String.fromCharCode(b, bytes[i + 1]!, bytes[i + 2]!);
        i += 2;
      } else {
        out += '%25';
      }
    } else {
      out += String.fromCharCode(b);
    }
  }
  return out;
}

// java.net.URI's character classes (RFC 2396 with RFC 2732's brackets): anything else fails to parse.
const URI_ASCII_OK = new Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'();/?:@&=+$,");

/** Whether java.net.URI accepts `s` as a path (or, with brackets, a query, fragment or authority): one pass, no RegExp. */
function uriPartOk(s: string, brackets: boolean): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x25) {
        if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return false;
        i += 2;
      } else if (!URI_ASCII_OK.has(s[i]!) && !(brackets && (c === 0x5b || c === 0x5d))) {
        return false;
      }
    } else if (c <= 0x9f || /\s/u.test(s[i]!)) {
      return false;
    }
  }
  return true;
}

/** The raw path and query `java.net.URL` gives for a URL, or `/` when `java.net.URI` rejects it. */
export function crawlerCommonsPath(url: string): string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(url);
  if (!m || !/^(?:https?|ftp|file|jar)$/i.test(m[1]!)) return '/';
  const [, , authority, path, query, fragment] = m;
  if (!uriPartOk(authority!, true) || !uriPartOk(path!, false)) return '/';
  if ((query !== undefined && !uriPartOk(query, true)) || (fragment !== undefined && !uriPartOk(fragment, true))) return '/';
  return (path || '/') + (query !== undefined ? '?' + query : '');
}

function ruleMatches(text: string, pattern: string): number {
  let p = 0;
  let t = 0;
  const endAnchored = pattern.endsWith('$');
  const patternEnd = endAnchored ? pattern.length - 1 : pattern.length;
  while (p < patternEnd && t < text.length) {
    let star = pattern.indexOf('*', p);
    if (star < 0 || star > patternEnd) star = patternEnd;
    if (star === p) {
      p++;
      if (p >= patternEnd) return pattern.length;
      let pieceEnd = pattern.indexOf('*', p);
      if (pieceEnd < 0 || pieceEnd > patternEnd) pieceEnd = patternEnd;
      const piece = pattern.slice(p, pieceEnd);
      // The first occurrence of the piece (no backtracking), then go on after its first character.
      const at = text.indexOf(piece, t);
      if (at < 0) return -1;
      t = at;
    } else {
      while (p < star && t < text.length) if (text[t++] !== pattern[p++]) return -1;
    }
  }
  while (p < patternEnd && pattern[p] === '*') p++;
  return p === patternEnd && (t === text.length || !endAnchored) ? pattern.length : -1;
}

/** Runs the parser's group state machine for one robot name: the rules it keeps, sorted and deduplicated. */
function rulesFor(parsed: CrawlerCommonsParse, name: string): CcRules {
  let matchedRealName = false;
  let matchedWildcard = false;
  let addingRules = false;
  let addingCrawlDelay = false;
  let finishedAgentFields = false;
  let crawlDelaySetRealName = false;
  let crawlDelay = Number.NEGATIVE_INFINITY;
  let rules: CcRule[] = [];
  let groupLines: number[] = [];
  for (const token of parsed.tokens) {
    switch (token.directive) {
      case 'user-agent': {
        if (addingRules && finishedAgentFields) {
          addingRules = false;
          addingCrawlDelay = false;
        }
        finishedAgentFields = false;
        const agent = javaTrim(token.data).toLowerCase();
        const lead = /^[a-zA-Z_-]+/.exec(agent);
        if (agent === '') break;
        if (agent === '*' && !matchedRealName) {
          matchedWildcard = true;
          addingRules = true;
          addingCrawlDelay = true;
          groupLines.push(token.line);
        } else if (agent === name || (!/^[a-zA-Z_-]+$/.test(agent) && lead?.[0] === name)) {
          if (matchedWildcard) {
            rules = [];
            crawlDelay = Number.NEGATIVE_INFINITY;
            groupLines = [];
          }
          matchedRealName = true;
          addingRules = true;
          addingCrawlDelay = true;
          matchedWildcard = false;
          groupLines.push(token.line);
        }
        break;
      }
      case 'disallow':
      case 'allow': {
        finishedAgentFields = true;
        if (!addingRules) break;
        const pattern = crawlerCommonsEscape(javaTrim(token.data));
        if (pattern) rules.push({ pattern, allow: token.directive === 'allow', line: token.line });
        break;
      }
      case 'crawl-delay': {
        if (addingCrawlDelay && token.data.length > 0) {
          const delay = parseDelay(token.data);
          if (delay !== null) {
            if (matchedRealName) {
              if (!(crawlDelaySetRealName && addingCrawlDelay && crawlDelay <= delay)) crawlDelay = delay;
              crawlDelaySetRealName = true;
            } else if (crawlDelay === Number.NEGATIVE_INFINITY || crawlDelay > delay) {
              crawlDelay = delay;
            }
          }
        }
        addingCrawlDelay = false;
        break;
      }
      default:
        break;
    }
  }
  // Sorted longest first, allow before disallow; equal rules kept once.
  const seen = new Set<string>();
  const sorted = rules
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.pattern.length - a.r.pattern.length || Number(b.r.allow) - Number(a.r.allow) || a.i - b.i)
    .map(({ r }) => r)
    .filter((r) => {
      const key = `${r.allow ? 'A' : 'D'}${r.pattern}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { rules: sorted, blockAll: crawlDelay > 300000, groupLines };
}

// Integer.parseInt, or Double.parseDouble when the value has a dot; in milliseconds.
function parseDelay(s: string): number | null {
  if (s.includes('.')) {
    const seconds = javaParseDouble(javaTrim(s));
    if (seconds === null) return null;
    const ms = Math.round(seconds * 1000);
    return Number.isNaN(ms) ? 0 : ms;
  }
  let i = s[0] === '+' || s[0] === '-' ? 1 : 0;
  if (i === s.length) return null;
  for (; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return null;
  const n = parseInt(s, 10);
  return n > 2147483647 || n < -2147483648 ? null : n * 1000;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/**
 * Java's Double.parseDouble on a trimmed string that holds a dot: a decimal number (digits with a
 * dot, an optional exponent) or a hexadecimal one (`0x1.8p1`), an optional f/F/d/D suffix; null
 * where Java throws. One pass over the string, no RegExp.
 */
function javaParseDouble(t: string): number | null {
  let i = 0;
  const sign = t[i] === '-' ? -1 : 1;
  if (t[i] === '+' || t[i] === '-') i++;
  const suffixed = /[fFdD]$/.test(t);
  const end = suffixed ? t.length - 1 : t.length;
  if (t[i] === '0' && (t[i + 1] === 'x' || t[i + 1] === 'X')) {
    i += 2;
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    let dot = false;
    for (; i < end && t[i] !== 'p' && t[i] !== 'P'; i++) {
      const c = t[i]!;
      if (c === '.' && !dot) dot = true;
      else if (/[0-9a-fA-F]/.test(c)) {
        mantissa = mantissa * 16 + parseInt(c, 16);
        digits++;
        if (dot) scale -= 4;
      } else return null;
    }
    if (digits === 0 || i >= end) return null;
    const exponent = readExponent(t, i + 1, end);
    return exponent === null ? null : sign * mantissa * 2 ** (scale + exponent);
  }
  const start = i;
  let digits = 0;
  let dot = false;
  for (; i < end; i++) {
    const c = t.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (c === 0x2e && !dot) dot = true;
    else break;
  }
  if (digits === 0) return null;
  if (i < end && ((t[i] !== 'e' && t[i] !== 'E') || readExponent(t, i + 1, end) === null)) return null;
  return sign * parseFloat(t.slice(start, end));
}

// A signed run of decimal digits filling t[from, end).
function readExponent(t: string, from: number, end: number): number | null {
  let i = from;
  if (t[i] === '+' || t[i] === '-') i++;
  if (i === end) return null;
  for (let k = i; k < end; k++) if (!isDigit(t.charCodeAt(k))) return null;
  return parseInt(t.slice(from, end), 10);
}

/**
 * The robot name crawler-commons is given: the crawler's name as its caller passes it, lower-cased
 * (parseContent requires lower case), without a `/version` (a crawler configures its product
 * token, `webcrawler`, not `webcrawler/3.0`). It is compared whole, digits included: only the
 * robots.txt line's token is cut, at its first character outside `[a-zA-Z_-]`.
 */
export function crawlerCommonsName(userAgent: string): string {
  const lower = javaTrim(userAgent).toLowerCase();
  const slash = lower.indexOf('/');
  return slash >= 0 ? javaTrim(lower.slice(0, slash)) : lower;
}

function check(parsed: CrawlerCommonsParse, userAgent: string, url: string): ReaderVerdict {
  const reader = 'crawler-commons';
  const path = crawlerCommonsEscape(crawlerCommonsPath(url), '*$');
  if (parsed.allowAll) return { reader, allowed: true, line: 0, reason: 'no-group', groupLines: [], path, error: null };
  const name = crawlerCommonsName(userAgent);
  let chosen = parsed.byName.get(name);
  if (!chosen) parsed.byName.set(name, (chosen = rulesFor(parsed, name)));
  const { rules, blockAll, groupLines } = chosen;
  if (blockAll) return { reader, allowed: false, line: 0, reason: 'crawl-delay', groupLines, path, error: null };
  if (path === '/robots.txt') return { reader, allowed: true, line: 0, reason: 'robots-txt', groupLines, path, error: null };
  if (groupLines.length === 0) return { reader, allowed: true, line: 0, reason: 'no-group', groupLines, path, error: null };
  let longest = Number.NEGATIVE_INFINITY;
  let allowed = true;
  let line = 0;
  for (const rule of rules) {
    let length = ruleMatches(path, rule.pattern);
    if (length === -1) {
      const idx = rule.pattern.indexOf('index.htm');
      if (!rule.pattern.endsWith('index.htm') && !rule.pattern.endsWith('index.html')) continue;
      length = ruleMatches(path, rule.pattern.slice(0, idx) + '$');
      if (length === -1) continue;
    }
    if (longest < length) {
      longest = length;
      allowed = rule.allow;
      line = rule.line;
    } else if (longest === length && rule.allow && !allowed) {
      allowed = true;
      line = rule.line;
    }
  }
  if (line === 0) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines, path, error: null };
  return { reader, allowed, line, reason: 'longest-match', groupLines, path, error: null };
}

/** crawler-commons' SimpleRobotRulesParser. */
export const crawlerCommons: Reader<CrawlerCommonsParse> = { id: 'crawler-commons', parse, check };
