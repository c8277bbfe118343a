/**
 * robots.txt patterns and product tokens as the servers' own regular expressions. Every literal
 * character is escaped (nothing from the file reaches a server as regex syntax); a robots.txt `*`
 * is the only wildcard and a final `$` the only anchor. Text in, text out: nothing here runs a
 * regular expression.
 */
import type { CompiledPattern } from '../../google/index.js';

/** How one server writes a regular expression for a request target. */
export interface RegexDialect {
  /** Any run of characters of the request target (a robots.txt `*`). */
  readonly any: string;
  /**
   * PCRE (nginx, Apache, HAProxy) backtracks: each `*` but an anchored last one goes in an atomic
   * group that keeps its first placement, which is exact for `*` alone (the engine's matchWild
   * places each piece leftmost too). RE2 (Caddy) never backtracks and needs none.
   */
  readonly atomic: boolean;
  /** What a final `$` becomes: the end of the request target. */
  readonly end: string;
}

/** PCRE over the request target alone (nginx's `$request_uri`, HAProxy's `pathq`). */
export const PCRE_TARGET: RegexDialect = { any: '.*', atomic: true, end: '$' };

/** RE2 over the request target alone (Caddy). */
export const RE2_TARGET: RegexDialect = { any: '.*', atomic: false, end: '$' };

// Kept as they are: they mean nothing to a regex, nor to any server's configuration syntax (quotes,
// `#` comments, `{…}` placeholders, `;`-ended directives inside quotes aside).
const PLAIN = /[A-Za-z0-9/_%~,:;@!=&-]/;
// Regex punctuation written with a backslash, which every dialect and configuration keeps as is.
const BACKSLASHED = new Set(['.', '?', '+', '*', '(', ')', '[', ']', '|', '^', '$']);

/** A literal as a regex: plain characters as they are, regex punctuation backslashed, anything else `\xHH`. */
export function regexLiteral(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (PLAIN.test(ch)) out += ch;
    else if (BACKSLASHED.has(ch)) out += `\\${ch}`;
    else if (c < 0x80) out += `\\x${c.toString(16).padStart(2, '0')}`;
    // Normalised patterns and our tokens are ASCII; anything else is written as its UTF-8 bytes.
    else for (const b of new TextEncoder().encode(ch)) out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/**
 * The regex for what `c` matches, over the text that follows the request target's start (no
 * leading `^`): the literal prefix, each `*` as `any`, and a final `$` as `end`.
 */
export function patternRegex(c: CompiledPattern, d: RegexDialect): string {
  let out = regexLiteral(c.prefix);
  const last = c.segments.length - 1;
  c.segments.forEach((s, i) => {
    const piece = regexLiteral(s);
    // The last piece of an anchored pattern must end the target: a plain greedy run finds it.
    if (d.atomic && !(c.anchored && i === last)) out += `(?>${d.any}?${piece})`;
    else out += `${d.any}${piece}`;
  });
  return c.anchored ? out + d.end : out;
}

/**
 * The regex that finds any of `tokens` in a User-Agent as a whole word: not after nor before a
 * letter, `-` or `_` (`GPTBot/1.1` yes, `XGPTBot` no). Case is left to the server's own flag.
 */
export function tokenRegex(tokens: readonly string[]): string {
  // Letters, `-` and `_` are the characters of a product token: a token is a whole word between others.
  return `(?:^|[^A-Za-z_-])(?:${tokens.map(regexLiteral).join('|')})(?:[^A-Za-z_-]|$)`;
}
