/**
 * The Logs tab's choices made into a run: which dropped files are logs and which are an
 * operator's IP ranges, whom each ranges file verifies, the dated versions of the file, the
 * reader. Pure: the Logs slice holds the choices, these decide.
 */
import { readDate, type FetchStatus, type ReaderId } from '../../robots/index.js';
import { IpRangesError, publishedCrawlers, readIpRanges, type LogJudgeSetup } from '../../robots/logs/index.js';

/** An IP ranges file as the tab holds it: its text, whom it verifies (null until chosen), how many prefixes, or why it cannot be used. */
export interface RangesChoice {
  readonly name: string;
  readonly text: string;
  readonly crawlers: readonly string[] | null;
  readonly prefixes: number;
  readonly error: string | null;
}

/** Whether a dropped file is an operator's IP ranges file (by its published name) rather than a log. */
export function isRangesFile(name: string): boolean {
  return publishedCrawlers(name) !== null;
}

/** A ranges file read: whom its published name says it verifies (or `crawler`), its prefixes, or its error. */
export function rangesChoice(name: string, text: string, crawler: string | null = null): RangesChoice {
  const crawlers = crawler ? [crawler] : publishedCrawlers(name);
  try {
    const r = readIpRanges(text, name, crawlers ?? []);
    return { name, text, crawlers: crawlers ? r.crawlers : null, prefixes: r.count, error: null };
  } catch (e) {
    return { name, text, crawlers, prefixes: 0, error: e instanceof IpRangesError ? e.message : String(e) };
  }
}

/** The versions a run judges by: the live file (from `liveSince`, when given) and Compare's other one (from `compareSince`, once given). */
export function logVersions(live: { text: string; status?: FetchStatus }, liveSince: string, compare: string | null, compareSince: string, useCompare: boolean): { text: string; status?: FetchStatus; since?: number }[] {
  const since = (v: string) => {
    const t = v.trim() === '' ? null : readDate(v);
    return t === null ? {} : { since: t };
  };
  const out: { text: string; status?: FetchStatus; since?: number }[] = [{ ...live, ...since(liveSince) }];
  // An earlier version without its date cannot be placed in time: it judges nothing until it has one.
  const earlier = since(compareSince);
  if (useCompare && compare !== null && earlier.since !== undefined) out.push({ text: compare, ...earlier });
  return out;
}

/** Crawlers whose own robots.txt parser is one of the readers: their requests are judged by it too. */
export const OWN_READERS: Readonly<Record<string, ReaderId>> = { bingbot: 'bing' };

/** The readers a run counts: the one chosen (it decides `blocked`), then the crawlers' own ones. */
export function runReaders(reader: ReaderId): ReaderId[] {
  return [reader, ...new Set(Object.values(OWN_READERS))].filter((r, i, all) => all.indexOf(r) === i);
}

/** A crawler's blocked requests as its own parser reads the file, or null when its parser is not known. */
export function ownBlocked(row: { readonly id: string; readonly readerBlocked: readonly number[] }, readers: readonly ReaderId[]): number | null {
  const own = OWN_READERS[row.id];
  const k = own === undefined ? -1 : readers.indexOf(own);
  return k < 0 ? null : row.readerBlocked[k] ?? 0;
}

/** The setup a run is sent (plain data for the worker): ranges files not yet usable are left out; the shipped ranges are added by the worker, under the files given. */
export function logsSetup(versions: ReturnType<typeof logVersions>, reader: ReaderId, site: string, ranges: readonly RangesChoice[]): LogJudgeSetup {
  return {
    versions,
    readers: runReaders(reader),
    ...(site.trim() ? { site: site.trim() } : {}),
    ranges: ranges.filter((r) => r.error === null && r.crawlers !== null).map((r) => ({ source: r.name, text: r.text, crawlers: r.crawlers! })),
    publishedRanges: true,
  };
}
