/**
 * The operators' published IP ranges shipped with the tester (published-ranges.json, each file
 * with its source and the date of its copy; refreshed by scripts/gen-ip-ranges.mjs), loaded with
 * the logs' own code, never in a first load; a ranges file the user gives for a crawler replaces
 * the shipped copy for that crawler, so a newer file is always taken.
 */
import PUBLISHED from './published-ranges.json';
import { publishedCrawlers } from './ranges.js';
import type { IpRangesFile, LogJudgeSetup } from './setup.js';

/** One operator's file as shipped. */
export interface PublishedRangesFile {
  /** Its published name (googlebot.json…): whom it verifies. */
  readonly name: string;
  readonly operator: string;
  /** Where the operator publishes it. */
  readonly url: string;
  /** The file's own date, as the operator wrote it (null when it has none). */
  readonly creationTime: string | null;
  /** When it was copied (YYYY-MM-DD). */
  readonly copied: string;
  /** Where the copy was taken from, when not from `url` itself. */
  readonly via?: string;
  /** Its prefixes, IPv4 then IPv6, in address order. */
  readonly prefixes: readonly string[];
}

/** The shipped files. */
export interface PublishedRanges {
  readonly files: readonly PublishedRangesFile[];
}

/**
 * The shipped ranges. They come with the logs' own code (the Logs tab's chunk, its worker, the
 * package's logs entry the CLI loads for `logs`), never with the first load; asynchronous so that
 * callers need not change if they come apart from it. (A chunk of their own would split esbuild's
 * helpers out of the engine's shared chunk, which every entry would then load.)
 */
export async function loadPublishedRanges(): Promise<PublishedRanges> {
  return PUBLISHED as PublishedRanges;
}

/** A shipped file in the operators' format, as readIpRanges reads it. */
function operatorText(f: PublishedRangesFile): string {
  return JSON.stringify({ creationTime: f.creationTime, prefixes: f.prefixes.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p })) });
}

/** How a shipped file is named in messages. */
export const shippedSource = (f: PublishedRangesFile): string => `${f.name} (shipped, copied ${f.copied})`;

/** The crawlers the given files verify. */
const coveredBy = (given: readonly Pick<IpRangesFile, 'crawlers'>[]): Set<string> => new Set(given.flatMap((g) => g.crawlers.map((c) => c.toLowerCase())));

/** Each shipped file as a ranges file, for the crawlers no `given` file covers (a file given for a crawler replaces its shipped copy). */
export function shippedRangesFiles(given: readonly Pick<IpRangesFile, 'crawlers'>[], published: PublishedRanges): IpRangesFile[] {
  const covered = coveredBy(given);
  return published.files.flatMap((f) => {
    const crawlers = (publishedCrawlers(f.name) ?? []).filter((c) => !covered.has(c));
    return crawlers.length === 0 ? [] : [{ source: shippedSource(f), text: operatorText(f), crawlers }];
  });
}

/** The ranges a run uses: the shipped files no `given` file replaces, then the given ones. */
export function withPublishedRanges(given: readonly IpRangesFile[], published: PublishedRanges): IpRangesFile[] {
  return [...shippedRangesFiles(given, published), ...given];
}

/** The shipped files a run's given files leave in use, each with whether a given file replaced it (for the crawlers it covers). */
export function shippedInUse(given: readonly Pick<IpRangesFile, 'crawlers'>[], published: PublishedRanges): { readonly file: PublishedRangesFile; readonly replaced: boolean }[] {
  const covered = coveredBy(given);
  return published.files.map((file) => ({ file, replaced: (publishedCrawlers(file.name) ?? []).every((c) => covered.has(c)) }));
}

/** A setup with the shipped ranges added when it asks for them (`publishedRanges`); as it is otherwise. */
export async function withShippedRanges<S extends LogJudgeSetup>(setup: S): Promise<S> {
  if (!setup.publishedRanges) return setup;
  return { ...setup, publishedRanges: false, ranges: withPublishedRanges(setup.ranges, await loadPublishedRanges()) };
}
