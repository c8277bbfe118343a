/**
 * Rule patterns: Google's normalisation of a rule value, and a matcher compiled once per rule
 * that answers in linear time for any number of `*` (no backtracking, no RegExp).
 */
import { isEscapedByte, percentByte, utf8BytesAt } from '../text/index.js';

const isHex = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** Index of the first unit of `value` that normalising changes (raw non-ASCII, a lower-case `%xx`), or -1. */
function firstToEscape(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x80) return i;
    if (c === 0x25 && isHex(value.charCodeAt(i + 1)) && isHex(value.charCodeAt(i + 2))) {
      if (value.charCodeAt(i + 1) >= 0x61 || value.charCodeAt(i + 2) >= 0x61) return i;
      i += 2;
    }
  }
  return -1;
}

/**
 * Normalises a rule value as robots.cc MaybeEscapePattern does: `%xx` escapes are upper-cased and
 * every byte of raw non-ASCII is percent-encoded. Returns the value itself when nothing changes.
 */
export function escapePattern(value: string): string {
  const first = firstToEscape(value);
  if (first < 0) return value;
  // What comes before the first change is kept as it is; the rest is rebuilt.
  let out = value.slice(0, first);
  for (let i = first; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x25 && isHex(value.charCodeAt(i + 1)) && isHex(value.charCodeAt(i + 2))) {
      out += '%' + value[i + 1]!.toUpperCase() + value[i + 2]!.toUpperCase();
      i += 2;
    } else if (c >= 0x80) {
      const bytes = isEscapedByte(value, i) ? [c - 0xdc00] : utf8BytesAt(value, i);
      for (const b of bytes) out += percentByte(b);
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = value.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
    } else {
      out += value[i];
    }
  }
  return out;
}

/** How a compiled pattern is tested once its literal prefix has matched. */
export const PatternShape = {
  /** No wildcard: the prefix match is the whole answer. */
  Prefix: 0,
  /** No `*`, ends in `$`: the path must end right after the prefix. */
  Exact: 1,
  /** Has `*`: the rest is matched segment by segment. */
  Wild: 2,
} as const;
export type PatternShape = (typeof PatternShape)[keyof typeof PatternShape];

/** A pattern prepared for matching: its literal prefix, and the segments between `*`s. */
export interface CompiledPattern {
  readonly pattern: string;
  /** The pattern's length, Google's priority for the longest-match rule (RFC 9309 §2.2.2). */
  readonly priority: number;
  /** The literal text before the first `*` (and before a final `$`). */
  readonly prefix: string;
  readonly shape: PatternShape;
  /** For Wild: the literal segments after the prefix, split at `*`. */
  readonly segments: readonly string[];
  /** True when the pattern ends in `$` (anchored at the end of the path). */
  readonly anchored: boolean;
}

/** Compiles a normalised pattern. `$` is an anchor only as the last character (robots.cc Matches). */
export function compilePattern(pattern: string): CompiledPattern {
  const endsInDollar = pattern.length > 0 && pattern.charCodeAt(pattern.length - 1) === 0x24;
  const body = endsInDollar ? pattern.slice(0, -1) : pattern;
  const priority = pattern.length;
  const star = body.indexOf('*');
  if (star < 0) {
    const shape = endsInDollar ? PatternShape.Exact : PatternShape.Prefix;
    return { pattern, priority, prefix: body, shape, segments: [], anchored: endsInDollar };
  }
  const prefix = body.slice(0, star);
  // `*` then `$` lets the path end anywhere, so the anchor only binds when no `*` precedes it.
  const anchored = endsInDollar && !body.endsWith('*');
  const segments = body.slice(star + 1).split('*').filter((s) => s !== '');
  if (segments.length === 0) {
    // `/fish*` and `/fish*$` match exactly what `/fish` matches.
    return { pattern, priority, prefix, shape: PatternShape.Prefix, segments, anchored: false };
  }
  return { pattern, priority, prefix, shape: PatternShape.Wild, segments, anchored };
}

/**
 * Whether `path` matches a Wild pattern whose prefix already matched `path[0, from)`.
 * Greedy leftmost placement of each segment is exact for `*`-only globs, and linear in practice.
 */
export function matchWild(p: CompiledPattern, path: string, from: number): boolean {
  const segs = p.segments;
  let pos = from;
  const last = segs.length - 1;
  // An anchored pattern's last segment must end the path: a cheap test that rejects most paths.
  if (p.anchored && !path.endsWith(segs[last]!)) return false;
  for (let i = 0; i <= last; i++) {
    const seg = segs[i]!;
    if (i === last && p.anchored) {
      // The last segment must end the path, somewhere at or after `pos`.
      return path.length - seg.length >= pos && path.endsWith(seg);
    }
    const at = path.indexOf(seg, pos);
    if (at < 0) return false;
    pos = at + seg.length;
  }
  // Every segment placed; an anchored pattern whose body ends in `*` matches any rest.
  return true;
}

/** Whether a compiled pattern matches `path` (a path+query starting with `/`). Reference semantics. */
export function matchesPattern(p: CompiledPattern, path: string): boolean {
  if (!path.startsWith(p.prefix)) return false;
  if (p.shape === PatternShape.Prefix) return true;
  if (p.shape === PatternShape.Exact) return path.length === p.prefix.length;
  return matchWild(p, path, p.prefix.length);
}
