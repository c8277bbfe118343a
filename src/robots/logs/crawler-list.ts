/**
 * The Logs tab's crawler table over a log with thousands of distinct bots: the rows (most requests
 * first, the view's order) found by a search over names, operators and User-Agents, listed a page
 * at a time with "show more"; and the crawler filter typed as text, which names one crawler or
 * none. Pure: the Logs slice holds the list's state, these decide.
 */
import type { CrawlerRow } from './view.js';

/** Crawlers listed at first, and added by each "show more". */
export const CRAWLERS_PAGE = 50;
/** Names the crawler filter suggests as it is typed. */
export const CRAWLERS_SUGGESTED = 30;

/** The crawler table's search and how many of the rows it finds are listed. */
export interface CrawlerList {
  readonly search: string;
  readonly shown: number;
}

/** The table before anything is searched: the first page. */
export const CRAWLER_LIST_START: CrawlerList = { search: '', shown: CRAWLERS_PAGE };

/** The search changed: the first page of what it finds. */
export function crawlerListSearched(_list: CrawlerList, search: string): CrawlerList {
  return { search, shown: CRAWLERS_PAGE };
}

/** "Show more": another page. */
export function crawlerListMore(list: CrawlerList): CrawlerList {
  return { ...list, shown: list.shown + CRAWLERS_PAGE };
}

/** A row as the list reads it; `nameOf` gives its name as shown. */
type NameOf = (row: CrawlerRow) => string;

/**
 * The rows whose name as shown, id, operator or User-Agent contains `search`, whatever its case
 * (names and agents are matched as people type them: `googlebot` finds Googlebot), in their order.
 */
export function crawlersFound(rows: readonly CrawlerRow[], search: string, nameOf: NameOf): readonly CrawlerRow[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return rows;
  return rows.filter((r) => [nameOf(r), r.id, r.operator, r.userAgent].some((s) => s.toLowerCase().includes(needle)));
}

/** What the table lists of `rows` under `list`: the rows shown, how many the search found, and how many are left to show. */
export function crawlersListed(rows: readonly CrawlerRow[], list: CrawlerList, nameOf: NameOf): { readonly rows: readonly CrawlerRow[]; readonly found: number; readonly left: number } {
  const found = crawlersFound(rows, list.search, nameOf);
  const shown = found.slice(0, Math.max(list.shown, 0));
  return { rows: shown, found: found.length, left: found.length - shown.length };
}

/**
 * The crawler a filter's text names: null (every crawler) when it is empty; the crawler whose name
 * as shown or id it is, whatever its case; undefined when it names none (the filter stays as it was).
 */
export function crawlerNamed(rows: readonly CrawlerRow[], text: string, nameOf: NameOf): string | null | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return null;
  return rows.find((r) => nameOf(r).toLowerCase() === t || r.id.toLowerCase() === t)?.id;
}

/** The names a filter's text suggests: those of the first `n` rows it finds (as crawlersFound), most requests first. */
export function crawlerSuggestions(rows: readonly CrawlerRow[], text: string, nameOf: NameOf, n = CRAWLERS_SUGGESTED): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const r of crawlersFound(rows, text, nameOf)) {
    const name = nameOf(r);
    if (seen.has(name)) continue;
    seen.add(name);
    names.push(name);
    if (names.length === n) break;
  }
  return names;
}
