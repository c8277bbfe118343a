/**
 * Plain-language readings of lines: what Google makes of each one, for tooltips and the CLI.
 */
import { FieldKey, LineFlag, LineKind, type RobotsTxt } from './model.js';
import { extractToken } from './parse.js';
import { escapePattern } from './pattern.js';

/** One line as Google reads it, ready to show. */
export interface LineInfo {
  readonly line: number;
  readonly kind: LineKind;
  /** kebab-case kind name: 'user-agent', 'allow', 'ignored-field'… */
  readonly kindName: string;
  readonly text: string;
  readonly key: string | null;
  readonly value: string | null;
  readonly group: number;
  readonly flags: number;
  /** One sentence: how Google reads the line. */
  readonly reading: string;
  /** Why Google ignores it or reads it differently from how it looks; empty when it reads as written. */
  readonly notes: readonly string[];
}

const KIND_NAMES: Record<LineKind, string> = {
  [LineKind.Blank]: 'blank',
  [LineKind.Comment]: 'comment',
  [LineKind.Invalid]: 'invalid',
  [LineKind.UserAgent]: 'user-agent',
  [LineKind.Allow]: 'allow',
  [LineKind.Disallow]: 'disallow',
  [LineKind.Sitemap]: 'sitemap',
  [LineKind.IgnoredField]: 'ignored-field',
  [LineKind.RuleOutsideGroup]: 'rule-outside-group',
  [LineKind.EmptyRule]: 'empty-rule',
  [LineKind.AfterLimit]: 'after-limit',
};

/** The kebab-case name of a line kind. */
export function kindName(kind: LineKind): string {
  return KIND_NAMES[kind];
}

/** Fields that robots.txt files use and Google ignores, with what to do instead. */
export const IGNORED_FIELD_HINTS: Readonly<Record<string, string>> = {
  'crawl-delay': 'Google ignores crawl-delay; Googlebot adjusts its crawl rate by itself.',
  noindex: 'Google ignores noindex in robots.txt (since 2019); use a noindex meta tag or X-Robots-Tag header.',
  nofollow: 'Google ignores nofollow in robots.txt; use a robots meta tag.',
  host: 'Google ignores host (a Yandex field); use redirects or canonical links.',
  'clean-param': 'Google ignores clean-param (a Yandex field).',
  'request-rate': 'Google ignores request-rate.',
  'visit-time': 'Google ignores visit-time.',
  'cache-delay': 'Google ignores cache-delay.',
  'content-signal': 'Google does not read content-signal.',
};

/** Everything Google's parser does not understand as an instruction to itself. */
export function ignoredFieldNote(key: string): string {
  return IGNORED_FIELD_HINTS[key.toLowerCase()] ?? `Google ignores the field “${key}”: it reads only user-agent, allow, disallow and sitemap.`;
}

/** What describeLineParts needs to know about a line. */
export interface LineParts {
  readonly line: number;
  readonly kind: LineKind;
  readonly field: number;
  readonly flags: number;
  readonly text: string;
  readonly key: string | null;
  readonly value: string | null;
  readonly group: number;
}

/** Describes line `line` (1-based) of a parse. */
export function describeLine(robots: RobotsTxt, line: number): LineInfo {
  const i = line - 1;
  const L = robots.lines;
  return describeLineParts({
    line,
    kind: L.kind[i]! as LineKind,
    field: L.field[i]!,
    flags: L.flags[i]!,
    text: robots.text.slice(L.from[i], L.to[i]),
    key: L.keyFrom[i]! >= 0 ? robots.text.slice(L.keyFrom[i], L.keyTo[i]) : null,
    value: L.valueFrom[i]! >= 0 ? robots.text.slice(L.valueFrom[i], L.valueTo[i]) : null,
    group: L.group[i]!,
  });
}

/**
 * Describes a line from its annotations alone (kind, flags, key and value), so the UI thread can
 * explain a line without parsing the file.
 */
export function describeLineParts(parts: LineParts): LineInfo {
  const { line, kind, field, flags, text, key, value } = parts;
  const notes: string[] = [];
  const token = value !== null ? extractToken(value) : '';
  const pattern = value !== null ? escapePattern(value) : '';
  const fieldName = field === FieldKey.UserAgent ? 'user-agent' : field === FieldKey.Allow ? 'allow'
    : field === FieldKey.Disallow ? 'disallow' : field === FieldKey.Sitemap ? 'sitemap' : '';
  if (flags & LineFlag.Typo) notes.push(`Misspelled field “${key}”, accepted by Google as ${fieldName}.`);
  else if (flags & LineFlag.KeyPrefix) notes.push(`Field “${key}” is read as ${fieldName} (Google matches the start of the key).`);
  if (flags & LineFlag.MissingColon) notes.push('No colon, accepted by Google: the space separates key and value.');
  if (flags & LineFlag.LongLineCut) notes.push('Longer than 16,663 bytes: Google reads only the start of the line.');
  if (flags & LineFlag.NulCut) notes.push('Contains a NUL character: Google stops reading the line there.');
  if (flags & LineFlag.LimitCut) notes.push('The 500 KiB limit falls inside this line: Google reads only the part before it.');
  let reading: string;
  switch (kind) {
    case LineKind.Blank: reading = 'Blank line.'; break;
    case LineKind.Comment: reading = 'Comment.'; break;
    case LineKind.Invalid:
      reading = 'Not a robots.txt line: Google ignores it.';
      notes.push(key === null && /^\s*:/.test(text) ? 'Empty field name.' : 'No “field: value” here that Google can read.');
      break;
    case LineKind.UserAgent:
      if (flags & LineFlag.GlobalAgent) reading = 'User-agent * — the group for every crawler without a group of its own.';
      else if (flags & LineFlag.AgentEmpty) {
        reading = 'User-agent line that names no crawler.';
        notes.push(`Google reads no crawler name in “${value}”: a name is made of letters, “-” and “_”.`);
      } else {
        reading = `User-agent: starts or extends the group for “${token}”.`;
        if (flags & LineFlag.AgentCut) notes.push(`Google cuts “${value}” to “${token}”.`);
      }
      break;
    case LineKind.Allow:
    case LineKind.Disallow: {
      const verb = kind === LineKind.Allow ? 'Allow' : 'Disallow';
      reading = pattern.includes('*') || pattern.endsWith('$')
        ? `${verb} rule with wildcards: “${pattern}” (length ${pattern.length}).`
        : `${verb} rule: matches paths starting with “${pattern}” (length ${pattern.length}).`;
      if (flags & LineFlag.Escaped) notes.push(`Google matches it as “${pattern}” (non-ASCII percent-encoded, escapes upper-cased).`);
      if (flags & LineFlag.NeverMatches) notes.push('Starts with neither “/” nor “*”: it can never match a URL.');
      break;
    }
    case LineKind.EmptyRule:
      reading = `Empty ${fieldName} rule: it never blocks anything.`;
      notes.push('Empty rule: it matches with length 0 and never decides against an allow.');
      break;
    case LineKind.RuleOutsideGroup:
      reading = `${fieldName === 'allow' ? 'Allow' : 'Disallow'} rule before any user-agent line: Google ignores it.`;
      notes.push('Rule before any user-agent: it belongs to no group.');
      break;
    case LineKind.Sitemap: reading = 'Sitemap: belongs to no group, applies to the whole file.'; break;
    case LineKind.IgnoredField:
      reading = 'A field Google does not use.';
      notes.push(ignoredFieldNote(key ?? ''));
      break;
    default:
      reading = 'After the 500 KiB limit: Google never reads it.';
      notes.push('After the 500 KiB limit.');
      break;
  }
  return { line, kind, kindName: kindName(kind), text, key, value, group: parts.group, flags, reading, notes };
}
