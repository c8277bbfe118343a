/**
 * How Google reads a crawler's name from a user-agent value: the product token, and whether the
 * value names the global `*` group. Imports nothing, so the parser and the profiles share it.
 */

/**
 * The product token Google reads from a user-agent value: the leading run of ASCII letters, `-`
 * and `_` (robots.cc ExtractUserAgent). `Googlebot/2.1` → `Googlebot`; `*Googlebot` → ''.
 */
export function extractToken(value: string): string {
  let i = 0;
  while (i < value.length) {
    const c = value.charCodeAt(i);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    if (!letter && c !== 0x2d && c !== 0x5f) break;
    i++;
  }
  return value.slice(0, i);
}

/**
 * Google-specific: a user-agent value is the global `*` when it is `*` alone or `*` followed by
 * white space and anything (robots.cc HandleUserAgent).
 */
export function isGlobalAgentValue(value: string): boolean {
  if (value.charCodeAt(0) !== 0x2a) return false;
  if (value.length === 1) return true;
  const c = value.charCodeAt(1);
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}
