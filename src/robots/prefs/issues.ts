/**
 * Preferences that cannot take effect as written: on paths the group's crawlers may not fetch
 * (attach-05 §3.1: no preference applies there), labels the current vocabulary does not define
 * (vocab-08 §6.4: ignored), and values that conflict where they apply together.
 */
import { compilePattern, PatternShape, type RobotsTxt, type Rule } from '../google/index.js';
import { filePreferences, usagePattern, type UsageRule } from './read.js';
import { currentLabelFor, SIGNAL_FOR_CATEGORY, type UsageCategory } from './vocabulary.js';

/** One preference that cannot take effect as written, as data (the findings word it). */
export type PreferenceIssue =
  /** The group's own rules block every URL the line covers. */
  | { readonly kind: 'not-crawlable'; readonly line: number; readonly field: 'Content-Usage' | 'Content-Signal'; readonly path: string; readonly blockedBy: number }
  /** A label vocab-08 does not define; `now`: the current label that says what it meant ('' none, null not an older label). */
  | { readonly kind: 'unknown-label'; readonly line: number; readonly label: string; readonly now: UsageCategory | '' | null }
  /** A Content Signals item with a key or value they do not define. */
  | { readonly kind: 'unknown-signal'; readonly line: number; readonly item: string }
  /** One key stated with different values where they apply together; the more restrictive counts. */
  | {
    readonly kind: 'conflict'; readonly line: number; readonly key: string; readonly value: string;
    readonly otherLine: number; readonly otherKey: string; readonly otherValue: string; readonly field: 'Content-Usage' | 'Content-Signal' | 'mixed';
  };

/** Every preference issue of a parse, by line. Never throws. */
export function preferenceIssues(robots: RobotsTxt): PreferenceIssue[] {
  const file = filePreferences(robots);
  if (file.usage.length === 0 && file.signals.length === 0) return [];
  const out: PreferenceIssue[] = [];
  for (const r of file.usage) {
    for (const label of r.unknown) out.push({ kind: 'unknown-label', line: r.line, label, now: currentLabelFor(label) });
    for (const rep of r.repeated) {
      const [first, ...rest] = rep.values;
      out.push({ kind: 'conflict', line: r.line, key: rep.key, value: rest[rest.length - 1]!, otherLine: r.line, otherKey: rep.key, otherValue: first!, field: 'Content-Usage' });
    }
  }
  for (const s of file.signals) for (const item of s.unknown) out.push({ kind: 'unknown-signal', line: s.line, item });

  // Groups read together: each token's (merged) groups, and the * groups.
  const sets: (readonly number[])[] = [...robots.groupsByToken.values()];
  if (robots.globalGroups.length) sets.push(robots.globalGroups);
  const seen = new Set<string>();
  const once = (issue: PreferenceIssue) => {
    const k = `${issue.line}:${issue.kind}:${'key' in issue ? issue.key : ''}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(issue);
    }
  };
  for (const set of sets) {
    const inSet = new Set(set);
    const usage = file.usage.filter((r) => inSet.has(r.group));
    const signals = file.signals.filter((s) => inSet.has(s.group));
    if (usage.length === 0 && signals.length === 0) continue;
    const rules = set.flatMap((g) => robots.groups[g]!.rules);
    for (const r of usage) {
      const by = blockedEverywhere(rules, r.path ?? '');
      if (by) once({ kind: 'not-crawlable', line: r.line, field: 'Content-Usage', path: r.path ?? '', blockedBy: by });
    }
    for (const s of signals) {
      const by = blockedEverywhere(rules, '');
      if (by) once({ kind: 'not-crawlable', line: s.line, field: 'Content-Signal', path: '', blockedBy: by });
    }
    // Rules for the same path apply together (attach-05 §3.1): their values must agree.
    const byPath = new Map<string, UsageRule[]>();
    for (const r of usage) {
      const k = usagePattern(r)?.pattern ?? '';
      byPath.set(k, [...(byPath.get(k) ?? []), r]);
    }
    for (const same of byPath.values()) {
      const firstSaid = new Map<string, { line: number; value: string }>();
      for (const r of same) {
        for (const p of r.prefs) {
          const had = firstSaid.get(p.key);
          if (!had) firstSaid.set(p.key, { line: r.line, value: p.value });
          else if (had.value !== p.value && had.line !== r.line) once({ kind: 'conflict', line: r.line, key: p.key, value: p.value, otherLine: had.line, otherKey: p.key, otherValue: had.value, field: 'Content-Usage' });
        }
      }
    }
    // Content Signals of one group apply together, and beside the group's whole-site Content-Usage.
    const signalSaid = new Map<string, { line: number; value: string }>();
    for (const s of signals) {
      for (const p of s.prefs) {
        const had = signalSaid.get(p.key);
        if (!had) signalSaid.set(p.key, { line: s.line, value: p.value });
        else if (had.value !== p.value) once({ kind: 'conflict', line: s.line, key: p.key, value: p.value, otherLine: had.line, otherKey: p.key, otherValue: had.value, field: 'Content-Signal' });
      }
    }
    for (const r of usage) {
      if (r.path !== null && r.path !== '/') continue;
      for (const p of r.prefs) {
        const signal = SIGNAL_FOR_CATEGORY[p.key];
        const other = signalSaid.get(signal);
        if (other && (other.value === 'no') !== (p.value === 'n')) {
          const [line, otherLine, key, otherKey, value, otherValue] = r.line > other.line
            ? [r.line, other.line, p.key, signal, p.value, other.value] : [other.line, r.line, signal, p.key, other.value, p.value];
          once({ kind: 'conflict', line, key, value, otherLine, otherKey, otherValue, field: 'mixed' });
        }
      }
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

/**
 * The line of a Disallow that blocks every URL starting with `path` ('' or '/': the whole site)
 * when no Allow of the same rules could reopen any of them; 0 when some may be fetched. Rules need
 * only `line`, `allow`, `value` and `pattern` (the normalised value).
 */
export function blockedEverywhere(rules: readonly Pick<Rule, 'line' | 'allow' | 'value' | 'pattern'>[], path: string): number {
  const literal = literalPrefix(path === '' ? '/' : path);
  let by = 0;
  let byLength = -1;
  for (const r of rules) {
    if (r.allow || r.value === '') continue;
    const c = compilePattern(r.pattern);
    const covers = c.shape === PatternShape.Prefix && literal.startsWith(c.prefix);
    if (covers && c.priority > byLength) {
      by = r.line;
      byLength = c.priority;
    }
  }
  if (!by) return 0;
  for (const r of rules) {
    if (!r.allow || r.value === '') continue;
    const p = compilePattern(r.pattern).prefix;
    // An Allow whose literal start lies inside the path, or the path inside it, may open part of it.
    if (p.startsWith(literal) || literal.startsWith(p)) return 0;
  }
  return by;
}

/** The literal start of a path pattern (before any `*`, and without a final `$`). */
function literalPrefix(path: string): string {
  const star = path.indexOf('*');
  const body = star < 0 ? path : path.slice(0, star);
  return body.endsWith('$') && star < 0 ? body.slice(0, -1) : body;
}

