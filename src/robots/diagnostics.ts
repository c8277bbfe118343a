/**
 * Diagnostics: every line Google ignores or reads differently from how it looks, and rules that
 * can never decide, each with a severity, a stable code and a fix hint.
 */
import { chooseGroups, checkUrl } from './check.js';
import { ignoredFieldNote } from './describe.js';
import { FieldKey, LineFlag, LineKind, type RobotsTxt, type Rule } from './model.js';
import { compilePattern, matchesPattern, PatternShape } from './pattern.js';

/** How serious a diagnostic is. */
export type Severity = 'error' | 'warning' | 'info';

/** One finding, anchored to a line (columns are UTF-16 offsets within the line). */
export interface Diagnostic {
  readonly line: number;
  readonly from: number;
  readonly to: number;
  readonly severity: Severity;
  /** Stable kebab-case code per kind of finding. */
  readonly code: string;
  readonly message: string;
  readonly hint: string;
}

/** Every diagnostic code, for documentation and tests. */
export const DIAGNOSTIC_CODES = [
  'invalid-line', 'ignored-field', 'misspelled-field', 'field-prefix', 'missing-colon', 'rule-outside-group',
  'empty-disallow', 'empty-allow', 'path-never-matches', 'dollar-not-at-end', 'shadowed-rule', 'duplicate-rule',
  'merged-groups', 'agent-cut', 'agent-empty', 'sitemap-not-absolute', 'over-size-limit', 'long-line',
  'nul-byte', 'bom', 'cr-line-endings', 'blocks-css-js', 'no-user-agent',
] as const;

const ASSET_DIR = /^\/(?:[^*$]*\/)?(?:js|css|scripts?|styles?|assets|static|dist|build|wp-includes|wp-content|_next|themes?)(?:\/|$)/i;

function isAbsoluteHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Diagnoses a parse. Never throws; findings come sorted by line. */
export function diagnose(robots: RobotsTxt): Diagnostic[] {
  const out: Diagnostic[] = [];
  const L = robots.lines;
  const text = robots.text;
  const lineLen = (i: number) => L.to[i]! - L.from[i]!;
  const col = (i: number, abs: number) => abs - L.from[i]!;
  const add = (line: number, from: number, to: number, severity: Severity, code: string, message: string, hint: string) =>
    out.push({ line, from, to, severity, code, message, hint });
  const keySpan = (i: number): [number, number] => [col(i, L.keyFrom[i]!), col(i, L.keyTo[i]!)];
  const valueSpan = (i: number): [number, number] => [col(i, L.valueFrom[i]!), col(i, L.valueTo[i]!)];

  for (let i = 0; i < robots.lineCount; i++) {
    const line = i + 1;
    const kind = L.kind[i]!;
    const flags = L.flags[i]!;
    const whole: [number, number] = [0, lineLen(i)];
    const key = L.keyFrom[i]! >= 0 ? text.slice(L.keyFrom[i], L.keyTo[i]) : '';
    const value = L.valueFrom[i]! >= 0 ? text.slice(L.valueFrom[i], L.valueTo[i]) : '';
    const fieldName = ['', 'user-agent', 'allow', 'disallow', 'sitemap', ''][L.field[i]!]!;
    if (kind === LineKind.AfterLimit) continue;
    if (kind === LineKind.Invalid) {
      add(line, ...whole, 'error', 'invalid-line', 'Google cannot read this line and ignores it.', 'Write “field: value”, for example “Disallow: /private/”.');
    }
    if (kind === LineKind.IgnoredField) {
      add(line, ...keySpan(i), 'warning', 'ignored-field', ignoredFieldNote(key), 'Remove it, or keep it only for crawlers that read it; it changes nothing for Google.');
    }
    if (flags & LineFlag.Typo) add(line, ...keySpan(i), 'info', 'misspelled-field', `“${key}” is misspelled; Google accepts it as ${fieldName}.`, `Write “${fieldName[0]!.toUpperCase()}${fieldName.slice(1)}:”: other crawlers may not accept the misspelling.`);
    else if (flags & LineFlag.KeyPrefix && kind !== LineKind.IgnoredField) add(line, ...keySpan(i), 'info', 'field-prefix', `“${key}” is read as ${fieldName}: Google only checks the start of the key.`, `Write “${fieldName}”.`);
    if (flags & LineFlag.MissingColon) add(line, ...whole, 'warning', 'missing-colon', 'No colon: Google accepts it, other crawlers may not.', `Write “${key}: ${value}”.`);
    if (kind === LineKind.RuleOutsideGroup) add(line, ...whole, 'error', 'rule-outside-group', 'This rule comes before any user-agent line: it belongs to no group and is ignored.', 'Put a “User-agent: *” (or the crawler’s name) line above it.');
    if (kind === LineKind.EmptyRule) {
      if (L.field[i] === FieldKey.Disallow) add(line, ...whole, 'info', 'empty-disallow', 'An empty Disallow blocks nothing: it allows everything in this group.', 'If you meant to block the whole site, write “Disallow: /”.');
      else add(line, ...whole, 'info', 'empty-allow', 'An empty Allow does nothing.', 'Remove it, or give it a path.');
    }
    if (flags & LineFlag.NeverMatches) add(line, ...valueSpan(i), 'error', 'path-never-matches', `“${value}” starts with neither “/” nor “*”, so it never matches any URL.`, `Write “/${value}”.`);
    if ((kind === LineKind.Allow || kind === LineKind.Disallow) && value.indexOf('$') >= 0 && value.indexOf('$') < value.length - 1) {
      add(line, ...valueSpan(i), 'warning', 'dollar-not-at-end', '“$” anchors only at the very end of a pattern; here it is a literal “$”.', 'Move “$” to the end, or remove it.');
    }
    if (kind === LineKind.UserAgent && flags & LineFlag.AgentCut) {
      const token = value.match(/^[A-Za-z_-]*/)![0];
      add(line, ...valueSpan(i), 'warning', 'agent-cut', `Google reads “${value}” as “${token}”: a name stops at the first character that is not a letter, “-” or “_”.`, `Write “User-agent: ${token}”.`);
    }
    if (kind === LineKind.UserAgent && flags & LineFlag.AgentEmpty) add(line, ...valueSpan(i), 'error', 'agent-empty', `“${value}” names no crawler: this user-agent line matches nobody.`, 'Write a crawler name, or “*” alone for every crawler.');
    if (kind === LineKind.Sitemap && !isAbsoluteHttpUrl(value)) add(line, ...valueSpan(i), 'error', 'sitemap-not-absolute', `“${value}” is not an absolute URL; Google ignores it.`, 'Write the full URL, for example “https://example.com/sitemap.xml”.');
    if (flags & LineFlag.LongLineCut) add(line, ...whole, 'warning', 'long-line', 'Longer than 16,663 bytes: Google reads only the start of this line.', 'Split it, or shorten the pattern.');
    if (flags & LineFlag.NulCut) add(line, ...whole, 'warning', 'nul-byte', 'A NUL character: Google stops reading the line there.', 'Remove the NUL character.');
  }

  diagnoseGroups(robots, add);

  if (robots.limitCut) {
    const i = robots.limitCut.line - 1;
    add(robots.limitCut.line, col(i, Math.max(L.from[i]!, robots.limitCut.offset)), lineLen(i), 'error', 'over-size-limit',
      `The file is ${robots.byteSize.toLocaleString('en-US')} bytes; Google reads only the first 500 KiB (512,000 bytes), up to here.`,
      'Shorten the file: merge rules with wildcards, remove rules for pages that no longer exist.');
  }
  if (robots.bom) add(1, 0, 0, 'info', 'bom', 'The file starts with a byte-order mark; Google skips it.', 'Harmless; save as UTF-8 without BOM to be safe with other crawlers.');
  if (robots.lineBreaks.cr > 0) {
    const first = findFirstCr(text);
    add(first, 0, 0, 'info', 'cr-line-endings', `${robots.lineBreaks.cr} line break${robots.lineBreaks.cr === 1 ? ' is a' : 's are'} a lone CR (old Mac style); Google accepts them.`, 'Use LF or CRLF line endings for other tools.');
  }
  if (robots.groups.length === 0 && robots.rules.length === 0 && L.kind.some((k) => k === LineKind.RuleOutsideGroup)) {
    add(1, 0, 0, 'error', 'no-user-agent', 'The file has rules but no user-agent line: Google ignores every rule.', 'Start the file with “User-agent: *”.');
  }
  return capPerCode(out.sort((a, b) => a.line - b.line || a.from - b.from));
}

/** At most this many findings of one kind: a pathological file must not flood the UI. */
export const MAX_PER_CODE = 500;

function capPerCode(all: Diagnostic[]): Diagnostic[] {
  const counts = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const d of all) {
    const n = (counts.get(d.code) ?? 0) + 1;
    counts.set(d.code, n);
    if (n <= MAX_PER_CODE) out.push(d);
  }
  for (const [code, n] of counts) {
    if (n > MAX_PER_CODE) {
      const last = out.filter((d) => d.code === code).pop()!;
      out.push({ ...last, message: `…and ${(n - MAX_PER_CODE).toLocaleString('en-US')} more like this (${code}).`, severity: 'info' });
    }
  }
  return out;
}

function findFirstCr(text: string): number {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) return line;
    if (c === 0x0a || c === 0x0d) {
      if (c === 0x0d) i++;
      line++;
    }
  }
  return 1;
}

type Add = (line: number, from: number, to: number, severity: Severity, code: string, message: string, hint: string) => void;

/** Rules that can never decide, merged groups, and rules blocking CSS/JS. */
function diagnoseGroups(robots: RobotsTxt, add: Add): void {
  const L = robots.lines;
  const span = (line: number): [number, number] => [L.valueFrom[line - 1]! - L.from[line - 1]!, L.valueTo[line - 1]! - L.from[line - 1]!];
  const reported = new Set<string>();
  const once = (line: number, code: string, f: () => void) => {
    const k = `${line}:${code}`;
    if (!reported.has(k)) {
      reported.add(k);
      f();
    }
  };
  // Each token's effective rule set: the union of its (merged) groups; and the * groups.
  const sets: { label: string; groups: readonly number[] }[] = [];
  for (const [token, groups] of robots.groupsByToken) {
    sets.push({ label: token, groups });
    if (groups.length > 1) {
      const first = robots.groups[groups[0]!]!;
      const agent = first.agents.find((a) => a.token.toLowerCase() === token)!;
      for (const g of groups.slice(1)) {
        const other = robots.groups[g]!.agents.find((a) => a.token.toLowerCase() === token)!;
        add(other.line, 0, 0, 'info', 'merged-groups', `A second group for “${agent.token}”: Google merges it with the group on line ${first.firstLine}.`, 'Keep one group per crawler so the file reads as Google reads it.');
      }
    }
  }
  if (robots.globalGroups.length > 0) sets.push({ label: '*', groups: robots.globalGroups });
  if (robots.globalGroups.length > 1) {
    for (const g of robots.globalGroups.slice(1)) {
      const agent = robots.groups[g]!.agents.find((a) => a.global)!;
      add(agent.line, 0, 0, 'info', 'merged-groups', `A second * group: Google merges it with the one on line ${robots.groups[robots.globalGroups[0]!]!.firstLine}.`, 'Keep a single * group.');
    }
  }
  for (const set of sets) {
    const rules: Rule[] = set.groups.flatMap((g) => robots.groups[g]!.rules).filter((r) => r.value !== '');
    const compiled = rules.map((r) => ({ r, c: compilePattern(r.pattern) }));
    // Rules that match every URL their literal prefix matches (no inner wildcard, no $): per kind and
    // prefix, only the strongest counts (longest, then earliest). A rule can only be covered by one
    // whose prefix starts its own, so each rule costs one lookup per prefix length.
    type Entry = { r: Rule; c: ReturnType<typeof compilePattern> };
    const strongest = [new Map<string, Entry>(), new Map<string, Entry>()];
    for (const e of compiled) {
      if (e.c.shape !== PatternShape.Prefix) continue;
      const map = strongest[e.r.allow ? 1 : 0]!;
      const cur = map.get(e.c.prefix);
      if (!cur || e.c.priority > cur.c.priority) map.set(e.c.prefix, e);
    }
    const firstByPattern = new Map<string, Rule>();
    for (const { r, c } of compiled) {
      const key = (r.allow ? 'a' : 'd') + r.pattern;
      const first = firstByPattern.get(key);
      if (first) {
        once(r.line, 'duplicate-rule', () => add(r.line, ...span(r.line), 'info', 'duplicate-rule', `Same rule as line ${first.line}: this one never decides.`, 'Remove the duplicate.'));
        continue;
      }
      firstByPattern.set(key, r);
      const other = strongest[r.allow ? 0 : 1]!;
      if (other.size === 0) continue;
      for (let len = 0; len <= c.prefix.length; len++) {
        const s = other.get(len === c.prefix.length ? c.prefix : c.prefix.slice(0, len));
        if (!s) continue;
        // s matches everything r matches; r never decides if s also wins against it.
        const wins = s.r.allow ? s.c.priority >= c.priority : s.c.priority > c.priority;
        if (wins) {
          once(r.line, 'shadowed-rule', () => add(r.line, ...span(r.line), 'warning', 'shadowed-rule',
            `Never decides: “${s.r.allow ? 'Allow' : 'Disallow'}: ${s.r.value}” (line ${s.r.line}) matches every URL this rule matches and ${s.r.allow && s.c.priority === c.priority ? 'wins the tie' : 'is longer'}.`,
            'Remove this rule, or make it more specific than the other.'));
          break;
        }
      }
    }
    // Rules that block stylesheets or scripts, for crawlers that read this group (Google needs them to render).
    if (set.label === '*' || set.label.startsWith('googlebot')) {
      for (const { r, c } of compiled) {
        if (r.allow) continue;
        const mentions = /\.(css|js)\b|\/(css|js)\b/i.test(r.pattern) || ASSET_DIR.test(c.prefix);
        if (!mentions) continue;
        const base = c.prefix.endsWith('/') ? c.prefix : c.prefix.replace(/[^/]*$/, '');
        const probes = [`${base}x.css`, `${base}x.js`, `${c.prefix}.css`, `${c.prefix}.js`, `${c.prefix}x.css`, `${c.prefix}x.js`];
        const token = set.label === '*' ? 'Googlebot' : set.label;
        const choice = chooseGroups(robots, { input: token, tokens: [token], fromUserAgentString: false, ignoresGlobal: false, ignoresRobotsTxt: false, profile: null });
        if (choice.kind !== 'specific' && set.label !== '*') continue;
        const blocked = probes.find((p) => matchesPattern(c, p) && !checkUrl(robots, token, p).allowed && checkUrl(robots, token, p).line === r.line);
        if (blocked) {
          once(r.line, 'blocks-css-js', () => add(r.line, ...span(r.line), 'warning', 'blocks-css-js',
            `Blocks CSS or JavaScript files (e.g. ${blocked}) for ${set.label === '*' ? 'crawlers without a group, Googlebot included' : set.label}: Google needs them to render pages.`,
            `Add allow rules longer than this one, such as “Allow: ${c.prefix}*.css$” and “Allow: ${c.prefix}*.js$”, or narrow the rule.`));
        }
      }
    }
  }
}
