/**
 * Plain-language readings of lines: what Google makes of each one, and the line's findings worded
 * from the one catalogue, for hover, gutter and the CLI.
 */
import { extractToken } from '../crawlers/index.js';
import { canMatchPath, escapePattern, FieldKey, kindName, LineFlag, LineKind, lineParts, type LineParts, type RobotsTxt } from '../google/index.js';
import { formatIcu, type MessageArgs } from '../text/index.js';
import { wordFinding, worstSeverity, type FindingCode, type Severity } from './catalogue.js';
import { lineFindings } from './line-findings.js';

/** A finding as shown on a line. */
export interface LineNote {
  readonly code: FindingCode;
  readonly args: MessageArgs;
  readonly severity: Severity;
  readonly title: string;
  readonly google: string;
  readonly hint: string;
}

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
  /** One sentence: how Google reads the line (English), and its template code and data. */
  readonly reading: string;
  readonly readingCode: string;
  readonly readingArgs: MessageArgs;
  /** The line's findings, from the catalogue; empty when Google reads it as written. */
  readonly findings: readonly LineNote[];
  /** The most serious finding's severity, or null. */
  readonly severity: Severity | null;
}

/** Describes line `line` (1-based) of a parse. */
export function describeLine(robots: RobotsTxt, line: number): LineInfo {
  return describeLineParts(lineParts(robots, line));
}

/** How Google reads a line of each kind: ICU templates (English; the app translates them). */
const READINGS = {
  'blank': 'Blank line.',
  'comment': 'Comment.',
  'invalid': 'Not a robots.txt line: Google ignores it.',
  'agent-global': 'User-agent * — the group for every crawler without a group of its own.',
  'agent-empty': 'User-agent line that names no crawler.',
  'agent': 'User-agent: starts or extends the group for “{token}”.',
  'rule-never': '{allow, select, yes {Allow} other {Disallow}} rule “{value}”: it never matches a URL.',
  'rule-wild': '{allow, select, yes {Allow} other {Disallow}} rule with wildcards: “{pattern}” (length {length}).',
  'rule': '{allow, select, yes {Allow} other {Disallow}} rule: matches paths starting with “{pattern}” (length {length}).',
  'rule-empty': 'Empty {allow, select, yes {allow} other {disallow}} rule: it never blocks anything.',
  'rule-outside': '{allow, select, yes {Allow} other {Disallow}} rule before any user-agent line: Google ignores it.',
  'sitemap': 'Sitemap: belongs to no group, applies to the whole file.',
  'ignored-field': 'A field Google does not use.',
  'after-limit': 'Past the 500 KiB limit.',
} as const;

/** Every reading's template as message ids (`reading.<code>`) → English ICU text. */
export function readingMessages(): Record<string, string> {
  return Object.fromEntries(Object.entries(READINGS).map(([code, t]) => [`reading.${code}`, t]));
}

/** How Google reads a line of this kind: a reading code and its data. */
function readingOf(p: LineParts, value: string): { code: keyof typeof READINGS; args: MessageArgs } {
  const allow = p.field === FieldKey.Allow ? 'yes' : 'no';
  switch (p.kind) {
    case LineKind.Blank: return { code: 'blank', args: {} };
    case LineKind.Comment: return { code: 'comment', args: {} };
    case LineKind.Invalid: return { code: 'invalid', args: {} };
    case LineKind.UserAgent:
      if (p.flags & LineFlag.GlobalAgent) return { code: 'agent-global', args: {} };
      if (p.flags & LineFlag.AgentEmpty) return { code: 'agent-empty', args: {} };
      return { code: 'agent', args: { token: extractToken(value) } };
    case LineKind.Allow:
    case LineKind.Disallow: {
      const pattern = escapePattern(value);
      if (!canMatchPath(value)) return { code: 'rule-never', args: { allow, value } };
      const wild = pattern.includes('*') || pattern.endsWith('$');
      return { code: wild ? 'rule-wild' : 'rule', args: { allow, pattern, length: pattern.length } };
    }
    case LineKind.EmptyRule: return { code: 'rule-empty', args: { allow } };
    case LineKind.RuleOutsideGroup: return { code: 'rule-outside', args: { allow } };
    case LineKind.Sitemap: return { code: 'sitemap', args: {} };
    case LineKind.IgnoredField: return { code: 'ignored-field', args: {} };
    default: return { code: 'after-limit', args: {} };
  }
}

/**
 * Describes a line from its annotations alone (kind, flags, spans and its own text), so the UI
 * thread can explain a line without parsing the file.
 */
export function describeLineParts(p: LineParts): LineInfo {
  const key = p.keyFrom >= 0 ? p.text.slice(p.keyFrom, p.keyTo) : null;
  const value = p.valueFrom >= 0 ? p.text.slice(p.valueFrom, p.valueTo) : null;
  const findings: LineNote[] = lineFindings(p).map((f) => ({ code: f.code, args: f.args, ...wordFinding(f.code, f.args) }));
  const reading = readingOf(p, value ?? '');
  return {
    line: p.line, kind: p.kind, kindName: kindName(p.kind), text: p.text, key, value, group: p.group, flags: p.flags,
    reading: formatIcu(READINGS[reading.code], reading.args), readingCode: reading.code, readingArgs: reading.args,
    findings,
    severity: worstSeverity(findings.map((f) => f.severity)),
  };
}
