/**
 * From a URL (or a bare path) to the path+query a crawler sends, which is what rules match.
 */
import { percentByte, utf8BytesAt } from '../text/index.js';

/** The URL as the engine tests it. */
export interface TestedUrl {
  /** What the caller gave. */
  readonly input: string;
  /** Path plus query, fragment dropped, percent-encoded as a browser sends it; starts with `/`. */
  readonly path: string;
  /** True for an absolute URL with a scheme. */
  readonly absolute: boolean;
  /** False when no test can be run for the input (see `problem`). */
  readonly valid: boolean;
  /** The lower-case scheme of an absolute URL ('' otherwise). */
  readonly scheme: string;
  /** Why no test can be run for the input; null when it can. */
  readonly problem: UrlProblem | null;
}

/**
 * Why a URL cannot be tested: nothing typed, a scheme robots.txt does not govern (`javascript:`,
 * `mailto:`…), a relative URL with no site to resolve it against, or a URL no browser accepts.
 */
export type UrlProblem = 'no-url' | 'not-http' | 'relative-no-site' | 'invalid-url';

/**
 * robots.cc GetPathParamsQuery: the path, params and query of a URL, without the fragment; an
 * empty path is `/`, and a path starting with `?` or `;` gets a `/` in front.
 */
export function googlePathParamsQuery(url: string): string {
  let searchStart = 0;
  if (url.length >= 2 && url[0] === '/' && url[1] === '/') searchStart = 2;
  const earlyPath = firstOf(url, searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (protocolEnd >= 0 && earlyPath >= 0 && earlyPath < protocolEnd) protocolEnd = -1;
  protocolEnd = protocolEnd < 0 ? searchStart : protocolEnd + 3;
  const pathStart = firstOf(url, protocolEnd);
  if (pathStart < 0) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const pathEnd = hash < 0 ? url.length : hash;
  const path = url.slice(pathStart, pathEnd);
  return url[pathStart] === '/' ? path : '/' + path;
}

function firstOf(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return i;
  }
  return -1;
}

// WHATWG URL percent-encode sets: the path set before `?`, the special-query set after.
function mustEncode(c: number, inQuery: boolean): boolean {
  if (c <= 0x20 || c === 0x7f || c === 0x22 || c === 0x3c || c === 0x3e) return true;
  return inQuery ? c === 0x27 : c === 0x60 || c === 0x7b || c === 0x7d;
}

// A `.` or `..` segment (also spelled `%2e`), or a backslash, which the URL parser rewrites.
const DOT_OR_BACKSLASH = /(?:^|[/\\])(?:\.|%2e)|\\/i;
const SINGLE_DOT = /^(?:\.|%2e)$/i;
const DOUBLE_DOT = /^(?:\.|%2e)(?:\.|%2e)$/i;

/**
 * WHATWG URL path parsing for http(s) and ftp URLs: a backslash is a slash, and `.` and `..`
 * segments (`%2e` too) are resolved, as every browser and crawler sends the URL.
 */
export function resolveDotSegments(pathQuery: string): string {
  const q = pathQuery.indexOf('?');
  const path = q < 0 ? pathQuery : pathQuery.slice(0, q);
  if (!DOT_OR_BACKSLASH.test(path)) return pathQuery;
  const input = path.replace(/\\/g, '/').split('/').slice(1);
  const out: string[] = [];
  input.forEach((seg, i) => {
    const last = i === input.length - 1;
    if (DOUBLE_DOT.test(seg)) {
      out.pop();
      if (last) out.push('');
    } else if (SINGLE_DOT.test(seg)) {
      if (last) out.push('');
    } else {
      out.push(seg);
    }
  });
  return '/' + out.join('/') + (q < 0 ? '' : pathQuery.slice(q));
}

/**
 * Percent-encodes what a browser's URL parser encodes in a path and query: raw non-ASCII as
 * UTF-8, controls, space, `"`, `<`, `>`. Existing escapes are kept as they are.
 */
export function encodeLikeBrowser(path: string): string {
  const n = path.length;
  let i = 0;
  while (i < n) {
    const c = path.charCodeAt(i);
    if (c >= 0x80 || c === 0x27 || mustEncode(c, false)) break;
    i++;
  }
  if (i === n) return path;
  let out = '';
  let inQuery = false;
  for (let j = 0; j < n; j++) {
    const c = path.charCodeAt(j);
    if (c === 0x3f) inQuery = true;
    if (c >= 0x80) {
      for (const b of utf8BytesAt(path, j)) out += percentByte(b);
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = path.charCodeAt(j + 1);
        if (d >= 0xdc00 && d <= 0xdfff) j++;
      }
    } else if (mustEncode(c, inQuery)) {
      out += percentByte(c);
    } else {
      out += path[j];
    }
  }
  return out;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// An everyday http(s) URL: valid without asking the URL parser (the hot path of bulk checks).
const PLAIN_HTTP_URL = /^https?:\/\/(?:[A-Za-z0-9-]+\.)*[A-Za-z][A-Za-z0-9-]*(?::\d{1,4})?(?:[/?#][\x21-\x7e]*)?$/;
const HAS_CONTROL_OR_SPACE = /[\u0000-\u0020]/;

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

// A browser drops leading/trailing C0 controls and spaces, and tabs and newlines anywhere.
function clean(input: string): string {
  if (!HAS_CONTROL_OR_SPACE.test(input)) return input;
  return input.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** Whether `v` is a full http(s) URL with a host (a sitemap's or a licence's as readers take them). */
export function isAbsoluteHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The path+query a crawler sends for `input` (see resolveTestUrl), without the validity check. */
export function testedPath(input: string): string {
  return sentPath(clean(input));
}

// What a crawler sends: the reference parser's path+query, serialised as a browser's URL parser does.
function sentPath(url: string): string {
  return encodeLikeBrowser(resolveDotSegments(googlePathParamsQuery(url)));
}

// Schemes whose URLs robots.txt governs (spec §1; ftp is Google-specific).
const CRAWLED_SCHEMES = new Set(['http', 'https', 'ftp']);
// `host:port…` also reads as a scheme: a name with a dot or `localhost`, then digits.
const HOST_PORT = /^[A-Za-z0-9.-]+:\d+(?:[/?#]|$)/;
// `example.com/page`: a host name, then a path (a bare `cart.html` stays a relative path).
const HOST_THEN_PATH = /^(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::\d+)?[/?#]/;

function invalid(input: string, problem: UrlProblem, scheme = ''): TestedUrl {
  return { input, path: '/', absolute: scheme !== '', valid: false, scheme, problem };
}

/**
 * Resolves a URL or path to the path+query a crawler sends. Structure follows Google's reference
 * parser (so its verdicts hold); characters are encoded as a browser does. A relative URL (`cart`)
 * resolves against `site` (a site or robots.txt URL) and cannot be tested without one. Never throws.
 */
export function resolveTestUrl(input: string, site?: string): TestedUrl {
  const url = clean(input);
  if (url === '') return invalid(input, 'no-url');
  if (PLAIN_HTTP_URL.test(url)) {
    const path = sentPath(url);
    return { input, path, absolute: true, valid: true, scheme: url.charCodeAt(4) === 0x73 ? 'https' : 'http', problem: null };
  }
  const scheme = HOST_PORT.test(url) ? null : SCHEME.exec(url);
  if (scheme) {
    const name = scheme[0].slice(0, -1).toLowerCase();
    if (!CRAWLED_SCHEMES.has(name)) return invalid(input, 'not-http', name);
    if (url.slice(scheme[0].length, scheme[0].length + 2) !== '//' || !parses(url)) return invalid(input, 'invalid-url', name);
    return { input, path: sentPath(url), absolute: true, valid: true, scheme: name, problem: null };
  }
  if (url.startsWith('//')) {
    if (!parses('http:' + url)) return invalid(input, 'invalid-url');
  } else if (!url.startsWith('/') && !HOST_THEN_PATH.test(url) && !HOST_PORT.test(url)) {
    // A relative URL: only a site says what it stands for.
    const base = site ? siteBase(site) : null;
    if (!base) return invalid(input, 'relative-no-site');
    let resolved: URL;
    try {
      resolved = new URL(url, base);
    } catch {
      return invalid(input, 'invalid-url');
    }
    return { input, path: sentPath(resolved.href), absolute: false, valid: true, scheme: '', problem: null };
  } else if (!url.startsWith('/') && !parses('http://' + url)) {
    return invalid(input, 'invalid-url');
  }
  return { input, path: sentPath(url), absolute: false, valid: true, scheme: '', problem: null };
}

/**
 * The absolute URL a test of `input` stands for on `site` (a site or robots.txt URL): a path or a
 * relative URL on the site's root, as typed (`/über` → `https://a.test/über`). An absolute URL, a
 * host-led one (`a.test/x`), one that cannot be tested, or any input without a site: as given.
 */
export function testedHref(input: string, site?: string): string {
  const base = site ? siteBase(site) : null;
  const url = clean(input);
  if (!base || url === '' || url.startsWith('//') || PLAIN_HTTP_URL.test(url)) return input;
  if (url.startsWith('/')) return base + url.slice(1);
  if (SCHEME.test(url) || HOST_THEN_PATH.test(url)) return input;
  try {
    return new URL(url, base).href;
  } catch {
    return input;
  }
}

/** The root of a site given as an origin, a robots.txt URL, any URL on it, or a bare host. */
function siteBase(site: string): string | null {
  const t = site.trim();
  for (const candidate of [t, 'https://' + t]) {
    try {
      const u = new URL(candidate);
      if (u.hostname !== '' && CRAWLED_SCHEMES.has(u.protocol.slice(0, -1))) return `${u.protocol}//${u.host}/`;
    } catch {
      // try the next reading
    }
  }
  return null;
}
