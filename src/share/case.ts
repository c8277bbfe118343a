/**
 * A test case as links, autosave and case files carry it: the robots.txt text, the test URLs
 * with their crawlers, the bulk list, the site, the fetch result and a version to compare with.
 */
import type { FetchStatus } from '../robots/index.js';
import { resolveCrawler, type CrawlerSpec } from '../robots/index.js';

/** One URL and the crawler it is tested for. */
export interface CaseTest {
  readonly url: string;
  readonly crawler: CrawlerSpec;
}

/** What a bulk URL must be. */
export type Expectation = 'allowed' | 'blocked';

/**
 * Expectations by key: `expectationKey(url, crawler)` for one URL × crawler, or the URL alone for
 * every crawler (what format-2 links and imports without a crawler column hold).
 */
export type Expectations = Readonly<Record<string, Expectation>>;

/**
 * A stable text for a crawler, as the engine resolves it: `p:<profile id>` for a profile or free
 * text standing for one (`Googlebot`, `googlebot-image`…), else `t:<text, lower-cased>`.
 */
export function crawlerKey(c: CrawlerSpec): string {
  const profile = resolveCrawler(c).profile;
  return profile ? `p:${profile.id}` : c.kind === 'profile' ? `p:${c.id}` : `t:${c.value.trim().toLowerCase()}`;
}

/** The key of an expectation for one URL × crawler; the URL alone (crawler null) means every crawler. */
export function expectationKey(url: string, crawler: CrawlerSpec | null): string {
  return crawler ? `${crawlerKey(crawler)}\u0000${url}` : url;
}

/** The expectation for one URL × crawler: its own, else the one for the URL and every crawler. */
export function expectationFor(expectations: Expectations, url: string, crawler: CrawlerSpec): Expectation | undefined {
  return ownExpectation(expectations, expectationKey(url, crawler)) ?? ownExpectation(expectations, url);
}

/** The expectation stored under `key` itself (a URL named `toString` inherits nothing). */
export function ownExpectation(expectations: Expectations, key: string): Expectation | undefined {
  return Object.hasOwn(expectations, key) ? expectations[key] : undefined;
}

/**
 * A record of expectations to fill, with no prototype: URLs are the user's text, and one named
 * `__proto__`, `constructor` or `toString` must be a key like any other. Copies `from` when given.
 */
export function expectationRecord(from?: Expectations): Record<string, Expectation> {
  return Object.assign(Object.create(null) as Record<string, Expectation>, from);
}

/** Splits an expectation key into its URL and crawler key ('' for every crawler). */
export function splitExpectationKey(key: string): { url: string; crawler: string } {
  const at = key.indexOf('\u0000');
  return at < 0 ? { url: key, crawler: '' } : { url: key.slice(at + 1), crawler: key.slice(0, at) };
}

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
  /** Expectations by URL × crawler (see `expectationKey`). */
  readonly expectations: Expectations;
  /** The site whose robots.txt this is ('' when not set): URLs elsewhere are out of scope. */
  readonly site: string;
  /** What fetching robots.txt returned. */
  readonly status: FetchStatus;
  /** Another version of the robots.txt to compare with, or null. */
  readonly compare: string | null;
  /** The Site tab's fetched sources (sitemaps, feeds), by URL: the inventory a link carries. */
  readonly siteSources: readonly string[];
  /** The crawlers the Site tab audits for; empty means the active test's crawler. */
  readonly siteCrawlers: readonly CrawlerSpec[];
}

/** The crawler a new test starts with. */
export const DEFAULT_CRAWLER: CrawlerSpec = { kind: 'text', value: 'Googlebot' };

/** The parts of a case a format-1 link did not have, at their defaults. */
export const CASE_DEFAULTS = {
  bulkUrls: '',
  bulkCrawlers: [] as readonly CrawlerSpec[],
  expectations: Object.freeze(Object.create(null)) as Expectations,
  site: '',
  status: { kind: 'http', code: 200 } as FetchStatus,
  compare: null as string | null,
  siteSources: [] as readonly string[],
  siteCrawlers: [] as readonly CrawlerSpec[],
} as const;

/** A case with only robots.txt and tests given; everything else at its default. */
export function makeCase(robots: string, tests: readonly CaseTest[], active = 0): TestCaseState {
  return { robots, tests, active, ...CASE_DEFAULTS };
}

/** Two cases are the same when every part is equal (big texts compared directly, not serialised). */
export function sameCase(a: TestCaseState, b: TestCaseState): boolean {
  const small = (c: TestCaseState) => JSON.stringify([c.tests, c.active, c.bulkCrawlers, c.expectations, c.site, c.status, c.siteSources, c.siteCrawlers]);
  return a.robots === b.robots && a.bulkUrls === b.bulkUrls && a.compare === b.compare && small(a) === small(b);
}
