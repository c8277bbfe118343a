/**
 * Whether a URL points into the machine or network the page runs in: a loopback, private or
 * link-local address (RFC 1918, RFC 4193, RFC 3927, RFC 4291), or a name that only resolves there
 * (localhost, RFC 6761; .local, RFC 6762; .home.arpa, RFC 8375; .internal; a single label). A link
 * that makes the page fetch such an address acts on the visitor's network, so it is asked for apart.
 */
import ipaddr from 'ipaddr.js';

/** What kind of address a URL points at, when it is not a public one. */
export type PrivateAddress = 'loopback' | 'private' | 'link-local';

const LOCAL_SUFFIXES = ['.local', '.home.arpa', '.internal', '.lan', '.intranet'];

/** The kind of a non-public address `url` points at; null for a public one (or not an http(s) URL). */
export function privateAddress(url: string): PrivateAddress | null {
  let host: string;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    // The URL parser has made 0x7f.1 or 2130706433 into 127.0.0.1 already.
    host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  } catch {
    return null;
  }
  if (ipaddr.isValid(host)) {
    const range = ipaddr.process(host).range();
    if (range === 'unicast') return null;
    if (range === 'loopback') return 'loopback';
    return range === 'linkLocal' ? 'link-local' : 'private';
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (!host.includes('.') || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) return 'private';
  return null;
}
