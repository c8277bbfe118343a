/**
 * What changes between two versions of a robots.txt, found without a URL list: the paths their
 * rules tell apart (tellingPaths), each checked for every crawler against both versions, and the
 * verdicts that differ with both deciding lines.
 */
import { ListChecker, type ListSpec } from './list-checker.js';
import { tellingPaths } from './telling-paths.js';
import type { ListVerdictCode } from './words.js';

/** One side of a change: the verdict, and the line that decided it (0 and '' when none). */
export interface VerdictSide {
  readonly verdict: ListVerdictCode;
  readonly line: number;
  readonly lineText: string;
}

/** A URL × crawler whose verdict differs between the versions. */
export interface VerdictChange {
  /** The path (or URL) as tried. */
  readonly url: string;
  /** The crawler's position in the spec. */
  readonly crawler: number;
  readonly before: VerdictSide;
  readonly after: VerdictSide;
}

/** The changes found, and how many paths were tried for them. */
export interface VerdictChanges {
  readonly tried: number;
  readonly changes: readonly VerdictChange[];
}

/**
 * Every verdict that differs between `spec`'s first two versions on the paths their rules tell
 * apart (and `urls`, tried as they are), by Google's reading; sorted by path, then crawler.
 */
export function verdictChanges(spec: Omit<ListSpec, 'readers'>, urls: readonly string[] = []): VerdictChanges {
  const checker = new ListChecker({ ...spec, versions: spec.versions.slice(0, 2), readers: ['google'] });
  if (checker.robots.length < 2) return { tried: 0, changes: [] };
  const paths = tellingPaths(checker.robots, spec.crawlers, { site: spec.site, urls });
  const { results } = checker.check(paths, 'all');
  const [before, after] = results as [(typeof results)[number], (typeof results)[number]];
  const m = checker.columns.length;
  const side = (version: number, r: typeof before, at: number): VerdictSide => {
    const line = r.line[at]!;
    return { verdict: r.verdict[at] as ListVerdictCode, line, lineText: line > 0 ? checker.lineText(version, line) : '' };
  };
  const changes: VerdictChange[] = [];
  for (let u = 0; u < paths.length; u++) {
    for (let c = 0; c < m; c++) {
      const at = u * m + c;
      if (before.verdict[at] !== after.verdict[at]) changes.push({ url: paths[u]!, crawler: c, before: side(0, before, at), after: side(1, after, at) });
    }
  }
  changes.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.crawler - b.crawler));
  return { tried: paths.length, changes };
}
