/**
 * The crawl report the Site tab shows: a crawl's JSON (made by `audit --crawl --format json`) that
 * the user opened, or why the file opened last is not one. It belongs to no case: opening a case
 * keeps it.
 */
import type { CrawlFile, CrawlFileProblem, CrawlReport } from '../../robots/site/index.js';
import type { TesterState } from '../state.js';

/** The Site tab's crawl report. */
export interface CrawlState {
  /** The report opened, and its file's name (null: none). */
  readonly crawl: { readonly name: string; readonly report: CrawlReport } | null;
  /** Why the file opened last is not a crawl report (null: it was, or none was opened). */
  readonly crawlProblem: { readonly name: string; readonly problem: CrawlFileProblem; readonly field: string | null } | null;
}

/** No crawl report opened. */
export function initialCrawl(): CrawlState {
  return { crawl: null, crawlProblem: null };
}

/** A file was read as a crawl report: it replaces the one shown, or says why it cannot. */
export function crawlOpened(s: TesterState, name: string, file: CrawlFile): TesterState {
  if (file.ok) return { ...s, crawl: { name, report: file.report }, crawlProblem: null };
  return { ...s, crawlProblem: { name, problem: file.problem, field: file.field ?? null } };
}

/** The crawl report is closed. */
export function crawlClosed(s: TesterState): TesterState {
  return { ...s, crawl: null, crawlProblem: null };
}
