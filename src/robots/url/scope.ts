/**
 * Which robots.txt governs a URL (spec §1): one per scheme + host + port; default ports are the
 * same host; IDNs equal their punycode; a subdomain has its own file.
 */
import { formatIcu } from '../text/index.js';

/** The verdict of scope: is the URL governed by the robots.txt at `robotsUrl`? */
export interface Scope {
  readonly covered: boolean;
  /** The robots.txt that governs the URL (null when the URL cannot be crawled by robots rules). */
  readonly governingRobotsUrl: string | null;
  /** A sentence saying why, when not covered (English). */
  readonly reason: string;
  /** Why not covered, as data: the message's select key and the differing value ('' when covered). */
  readonly why: '' | 'scheme' | 'subdomain' | 'host' | 'port' | 'not-crawled';
  readonly value: string;
}

const SCHEMES = new Set(['http:', 'https:', 'ftp:']);

/** The ICU template of why a URL is out of scope (English; the app translates it). */
export const SCOPE_MESSAGE = '{why, select, scheme {Not covered by this robots.txt: a different scheme ({value}).} subdomain {Not covered by this robots.txt: a different host ({value}): each subdomain has its own robots.txt.} host {Not covered by this robots.txt: a different host ({value}).} port {Not covered by this robots.txt: a different port ({value}).} other {{value} URLs are not crawled under robots.txt.}}{governing, select, none {} other { It is governed by {governing}.}}';

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
  const covered: Scope = { covered: true, governingRobotsUrl: robotsUrl, reason: '', why: '', value: '' };
  return (url) => {
    if (origin !== null && url.startsWith(origin) && (url.length === origin.length || '/?#'.includes(url[origin.length]!))) return covered;
    return scopeFrom(robotsUrl, url);
  };
}

function scopeFrom(robotsUrl: string | null, url: string): Scope {
  const trimmed = url.trim();
  const covered = (governingRobotsUrl: string | null): Scope => ({ covered: true, governingRobotsUrl, reason: '', why: '', value: '' });
  if (robotsUrl === null || trimmed.startsWith('/') && !trimmed.startsWith('//')) return covered(robotsUrl);
  const u = parse(trimmed.startsWith('//') ? new URL(robotsUrl).protocol + trimmed : trimmed);
  if (!u) return covered(robotsUrl);
  const not = (why: Scope['why'], value: string, governing: string | null): Scope =>
    ({ covered: false, governingRobotsUrl: governing, why, value, reason: formatIcu(SCOPE_MESSAGE, { why, value, governing: governing ?? 'none' }) });
  if (!SCHEMES.has(u.protocol)) return not('not-crawled', u.protocol.slice(0, -1), null);
  const governing = `${u.protocol}//${u.host}/robots.txt`;
  if (governing === robotsUrl) return covered(governing);
  const site0 = new URL(robotsUrl);
  if (u.protocol !== site0.protocol) return not('scheme', u.protocol.slice(0, -1), governing);
  if (u.hostname !== site0.hostname) {
    const sub = u.hostname.endsWith('.' + site0.hostname) || site0.hostname.endsWith('.' + u.hostname);
    return not(sub ? 'subdomain' : 'host', u.hostname, governing);
  }
  return not('port', u.port || 'default', governing);
}
