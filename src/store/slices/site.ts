/**
 * The Site tab's slice: the inventory's sources a link carries, and whom and how it is audited for.
 */
import type { ReaderId } from '../../robots/index.js';
import type { TestCaseState } from '../../share/index.js';
import type { CrawlerSpec } from '../../worker/index.js';
import type { TesterState } from '../state.js';

/** The Site tab's part of the state. */
export interface SiteState {
  /** The Site tab's fetched sources (sitemap URLs), as links carry them. */
  readonly siteSources: readonly string[];
  /** The crawlers the Site tab audits for; empty means the active test's crawler. */
  readonly siteCrawlers: readonly CrawlerSpec[];
  /** Other parsers the Site tab reads the file with, besides Google's. */
  readonly siteReaders: readonly ReaderId[];
}

/** The Site tab's part of a tab opening `c`. */
export function initialSite(c: TestCaseState): SiteState {
  return { siteSources: c.siteSources, siteCrawlers: c.siteCrawlers, siteReaders: [] };
}

/** The Site tab's fetched sources changed (a sitemap URL added or removed). */
export function setSiteSources(s: TesterState, siteSources: readonly string[]): TesterState {
  return siteSources.length === s.siteSources.length && siteSources.every((u, i) => u === s.siteSources[i]) ? s : { ...s, siteSources };
}

/** The crawlers the Site tab audits for changed. */
export function setSiteCrawlers(s: TesterState, siteCrawlers: readonly CrawlerSpec[]): TesterState {
  return { ...s, siteCrawlers };
}

/** The other parsers the Site tab reads the file with changed. */
export function setSiteReaders(s: TesterState, siteReaders: readonly ReaderId[]): TesterState {
  return { ...s, siteReaders };
}

/** The crawlers the Site tab audits for: its own, else the active test's. */
export function siteCrawlersOf(s: TesterState): readonly CrawlerSpec[] {
  return s.siteCrawlers.length > 0 ? s.siteCrawlers : [s.tests[s.active]!.crawler];
}
