/**
 * What a file says about AI use of one URL, for one crawler: the preferences of the group Google's
 * reading gives it, where it may fetch the URL. draft-ietf-aipref-attach-05 §3.1: Content-Usage
 * rules match as Allow and Disallow do, the longest path wins, rules with paths of equal length
 * apply together (combined as vocab-08 §5.1 says: a "no" outweighs a "yes"), and no preference
 * applies where crawling is not allowed.
 */
import { matchesPattern, type GroupChoice, type RobotsTxt } from '../google/index.js';
import { filePreferences, usagePattern, type LicenseLine, type Preference } from './read.js';
import { moreRestrictive } from './vocabulary.js';

/** One preference that applies, with the line that says it. */
export interface AppliedPreference extends Preference {
  readonly line: number;
}

/** The preferences for one URL and crawler. */
export interface UrlPreferences {
  /** Whether the crawler may fetch the URL: only then do the preferences below apply. */
  readonly crawl: 'allowed' | 'blocked';
  /** The Content-Usage categories that apply, combined, with the deciding rule's line (empty when blocked). */
  readonly usage: readonly AppliedPreference[];
  /** The path of the Content-Usage rules that apply ('' for rules without a path; null when none applies). */
  readonly usagePath: string | null;
  /** The Content Signals of the crawler's group(s), combined (empty when blocked). */
  readonly signals: readonly AppliedPreference[];
  /** RSL licences: they are not tied to a crawler (RSL 1.0), so they are listed whatever the verdict. */
  readonly licenses: readonly LicenseLine[];
  /** Lines of the crawler's groups whose preferences would apply here were crawling allowed. */
  readonly withheld: readonly number[];
}

/** The parts of a verdict the preferences depend on (a Verdict has them all). */
export interface VerdictForPreferences {
  readonly allowed: boolean;
  readonly inScope: boolean;
  readonly problem: unknown;
  readonly fetch: unknown;
  readonly reason: string;
  readonly group: GroupChoice;
  readonly url: { readonly path: string };
}

/**
 * The preferences that apply to the verdict's URL and crawler; null when the file states none that
 * could, or when the file's rules do not decide (no test, out of scope, a fetch result, a crawler
 * that ignores robots.txt). Never throws.
 */
export function urlPreferences(robots: RobotsTxt, v: VerdictForPreferences): UrlPreferences | null {
  const file = filePreferences(robots);
  if (file.usage.length === 0 && file.signals.length === 0 && file.licenses.length === 0) return null;
  if (v.problem || !v.inScope || v.fetch || v.reason === 'ignores-robots-txt') return null;
  // A special-case crawler that ignores * gets none of the * group's preferences either.
  const groups = v.group.kind === 'specific' || v.group.kind === 'global' ? new Set(v.group.groups) : new Set<number>();
  const path = v.url.path;
  let best = -1;
  const matching: { priority: number; line: number; prefs: readonly Preference[]; path: string }[] = [];
  for (const r of file.usage) {
    if (!groups.has(r.group)) continue;
    const pattern = usagePattern(r);
    const priority = pattern ? pattern.priority : 0;
    if (pattern && !matchesPattern(pattern, path)) continue;
    matching.push({ priority, line: r.line, prefs: r.prefs, path: r.path ?? '' });
    if (priority > best) best = priority;
  }
  const deciding = matching.filter((m) => m.priority === best);
  const signalLines = file.signals.filter((s) => groups.has(s.group));
  const withheld = [...deciding.map((m) => m.line), ...signalLines.map((s) => s.line)].sort((a, b) => a - b);
  if (!v.allowed) {
    return { crawl: 'blocked', usage: [], usagePath: null, signals: [], licenses: file.licenses, withheld };
  }
  return {
    crawl: 'allowed',
    usage: combine(deciding.flatMap((m) => m.prefs.map((p) => ({ ...p, line: m.line })))),
    usagePath: deciding.length ? deciding[0]!.path : null,
    signals: combine(signalLines.flatMap((s) => s.prefs.map((p) => ({ ...p, line: s.line })))),
    licenses: file.licenses,
    withheld: [],
  };
}

/** Per key, the most restrictive value stated, with the first line stating it; in first-stated order. */
function combine(stated: readonly AppliedPreference[]): AppliedPreference[] {
  const byKey = new Map<string, AppliedPreference>();
  for (const p of stated) {
    const had = byKey.get(p.key);
    if (!had) byKey.set(p.key, p);
    else if (moreRestrictive(p.key, had.value, p.value) !== had.value) byKey.set(p.key, p);
  }
  return [...byKey.values()];
}
