/**
 * Which robots.txt governs a URL (spec §1): one per scheme + host + port; default ports are the
 * same host; IDNs equal their punycode; a subdomain has its own file.
 */

/** The verdict of scope: is the URL governed by the robots.txt at `robotsUrl`? */
export interface Scope {
  readonly covered: boolean;
  /** The robots.txt that governs the URL (null when the URL cannot be crawled by robots rules). */
  readonly governingRobotsUrl: string | null;
  /** A sentence saying why, when not covered. */
  readonly reason: string;
}

const SCHEMES = new Set(['http:', 'https:', 'ftp:']);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The robots.txt URL for a site given as a robots.txt URL, an origin, any URL on the site, or a
 * bare host (`example.com`). Null when it names no http, https or ftp host.
 */
export function robotsTxtUrlFor(site: string): string | null {
  const trimmed = site.trim();
  const u = parse(trimmed) ?? (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? null : parse('https://' + trimmed));
  if (!u || !SCHEMES.has(u.protocol) || u.hostname === '') return null;
  // URL already lower-cases the host, turns IDNs into punycode and drops default ports.
  return `${u.protocol}//${u.host}/robots.txt`;
}

/**
 * Whether the robots.txt of `site` governs `url`. A bare path is relative to the site; an
 * absolute URL must share scheme, host and port (spec §1).
 */
export function scopeOf(site: string, url: string): Scope {
  return scopeFrom(robotsTxtUrlFor(site), url);
}

/**
 * A scope test bound to one site, for checking many URLs: the site is read once, and URLs that
 * plainly start with the site's origin need no URL parse.
 */
export function scopeChecker(site: string): (url: string) => Scope {
  const robotsUrl = robotsTxtUrlFor(site);
  const origin = robotsUrl ? robotsUrl.slice(0, -'/robots.txt'.length) : null;
  const covered: Scope = { covered: true, governingRobotsUrl: robotsUrl, reason: '' };
  return (url) => {
    if (origin !== null && url.startsWith(origin) && (url.length === origin.length || '/?#'.includes(url[origin.length]!))) return covered;
    return scopeFrom(robotsUrl, url);
  };
}

function scopeFrom(robotsUrl: string | null, url: string): Scope {
  const trimmed = url.trim();
  if (robotsUrl === null || trimmed.startsWith('/') && !trimmed.startsWith('//')) {
    return { covered: true, governingRobotsUrl: robotsUrl, reason: '' };
  }
  const u = parse(trimmed.startsWith('//') ? new URL(robotsUrl).protocol + trimmed : trimmed);
  if (!u) return { covered: true, governingRobotsUrl: robotsUrl, reason: '' };
  if (!SCHEMES.has(u.protocol)) {
    return { covered: false, governingRobotsUrl: null, reason: `${u.protocol.slice(0, -1)} URLs are not crawled under robots.txt.` };
  }
  const governing = `${u.protocol}//${u.host}/robots.txt`;
  if (governing === robotsUrl) return { covered: true, governingRobotsUrl: governing, reason: '' };
  const site0 = new URL(robotsUrl);
  let why: string;
  if (u.protocol !== site0.protocol) why = `a different scheme (${u.protocol.slice(0, -1)})`;
  else if (u.hostname !== site0.hostname) {
    why = u.hostname.endsWith('.' + site0.hostname) || site0.hostname.endsWith('.' + u.hostname)
      ? `a different host (${u.hostname}): each subdomain has its own robots.txt`
      : `a different host (${u.hostname})`;
  } else why = `a different port (${u.port || 'default'})`;
  return { covered: false, governingRobotsUrl: governing, reason: `Not covered by this robots.txt: ${why}. It is governed by ${governing}.` };
}
