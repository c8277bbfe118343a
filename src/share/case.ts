/**
 * A test case as links, autosave and case files carry it: the robots.txt text, the test URLs
 * with their crawlers, and which one is shown in full.
 */
import type { CrawlerSpec } from '../worker/protocol.js';

/** One URL and the crawler it is tested for. */
export interface CaseTest {
  readonly url: string;
  readonly crawler: CrawlerSpec;
}

/** Everything a link reproduces. */
export interface TestCaseState {
  readonly robots: string;
  readonly tests: readonly CaseTest[];
  /** Index of the test shown with its explanation. */
  readonly active: number;
}

/** The crawler a new test starts with. */
export const DEFAULT_CRAWLER: CrawlerSpec = { kind: 'text', value: 'Googlebot' };

/** Two cases are the same when text, tests and active test are equal. */
export function sameCase(a: TestCaseState, b: TestCaseState): boolean {
  return a.robots === b.robots && a.active === b.active && a.tests.length === b.tests.length &&
    a.tests.every((t, i) => {
      const o = b.tests[i]!;
      return t.url === o.url && JSON.stringify(t.crawler) === JSON.stringify(o.crawler);
    });
}
