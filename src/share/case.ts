/**
 * A test case as links, autosave and case files carry it: the robots.txt text, the test URLs
 * with their crawlers, the bulk list, the site, the fetch result and a version to compare with.
 */
import type { FetchStatus } from '../robots/index.js';
import type { CrawlerSpec } from '../robots/index.js';

/** One URL and the crawler it is tested for. */
export interface CaseTest {
  readonly url: string;
  readonly crawler: CrawlerSpec;
}

/** What a bulk URL must be. */
export type Expectation = 'allowed' | 'blocked';

/** Everything a link reproduces. */
export interface TestCaseState {
  readonly robots: string;
  readonly tests: readonly CaseTest[];
  /** Index of the test shown with its explanation. */
  readonly active: number;
  /** The bulk URL list, one per line, as typed or imported. */
  readonly bulkUrls: string;
  /** The crawlers the bulk list is tested for; empty means the active test's crawler. */
  readonly bulkCrawlers: readonly CrawlerSpec[];
  /** Expectations by URL (as written in the list). */
  readonly expectations: Readonly<Record<string, Expectation>>;
  /** The site whose robots.txt this is ('' when not set): URLs elsewhere are out of scope. */
  readonly site: string;
  /** What fetching robots.txt returned. */
  readonly status: FetchStatus;
  /** Another version of the robots.txt to compare with, or null. */
  readonly compare: string | null;
}

/** The crawler a new test starts with. */
export const DEFAULT_CRAWLER: CrawlerSpec = { kind: 'text', value: 'Googlebot' };

/** The parts of a case a format-1 link did not have, at their defaults. */
export const CASE_DEFAULTS = {
  bulkUrls: '',
  bulkCrawlers: [] as readonly CrawlerSpec[],
  expectations: {} as Readonly<Record<string, Expectation>>,
  site: '',
  status: { kind: 'http', code: 200 } as FetchStatus,
  compare: null as string | null,
} as const;

/** A case with only robots.txt and tests given; everything else at its default. */
export function makeCase(robots: string, tests: readonly CaseTest[], active = 0): TestCaseState {
  return { robots, tests, active, ...CASE_DEFAULTS };
}

/** Two cases are the same when every part is equal (big texts compared directly, not serialised). */
export function sameCase(a: TestCaseState, b: TestCaseState): boolean {
  const small = (c: TestCaseState) => JSON.stringify([c.tests, c.active, c.bulkCrawlers, c.expectations, c.site, c.status]);
  return a.robots === b.robots && a.bulkUrls === b.bulkUrls && a.compare === b.compare && small(a) === small(b);
}
