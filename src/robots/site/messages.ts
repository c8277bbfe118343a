/**
 * How the inventory's sources are worded: why an entry was skipped, what went wrong with a source,
 * what a source is (English ICU templates; the app translates the same ids, the CLI prints these).
 */
import { formatIcu, type MessageArgs } from '../text/index.js';
import type { InventoryCaps, InventoryCut } from './budget.js';

/** Why an entry of a source is not in the inventory. */
export type SkipReason =
  /** A sitemap lists a URL (or a child sitemap) on another host than its own and the site's (sitemaps.org). */
  | 'other-host'
  /** A relative URL where an absolute one is needed (a sitemap's loc; a feed's link with no base to resolve it on). */
  | 'relative'
  /** A URL of another scheme than http(s) (mailto:, ftp:, javascript:…). */
  | 'not-http'
  /** 2,048 characters or longer (sitemaps.org). */
  | 'too-long'
  /** Past the 50,000 entries one sitemap may hold (sitemaps.org). */
  | 'over-limit'
  /** Already in the inventory from this or an earlier source. */
  | 'duplicate'
  /** A sitemap given again (a repeated Sitemap: line, or an index naming a sitemap already read): read once. */
  | 'repeated'
  /** A child sitemap that is the index naming it, or an index above it (a loop). */
  | 'loop'
  /** A child sitemap nested deeper than the inventory follows. */
  | 'too-deep'
  /** A child sitemap not followed: the run's cap on child sitemaps was reached. */
  | 'capped'
  /** An entry with no URL in it. */
  | 'empty';

/** Every skip reason, in the order reports list them. */
export const SKIP_REASONS: readonly SkipReason[] = ['other-host', 'relative', 'not-http', 'too-long', 'over-limit', 'duplicate', 'repeated', 'loop', 'too-deep', 'capped', 'empty'];

/** What went wrong with a source as a whole (the URLs read before it stay in the inventory). */
export type SourceProblemCode =
  /** The server answered with a status other than 2xx (args: status). */
  | 'http'
  /** No answer: a network error or a timeout (args: detail). */
  | 'network'
  /**
   * The browser could not read it: the site does not allow cross-origin reads, or it did not
   * answer (a page cannot tell the two apart without asking again).
   */
  | 'cors'
  /** A redirect that is not followed (args: why — scheme, loop, too_many, no_location, bad_location; scheme, count). */
  | 'redirect'
  /** An HTML page was served where a sitemap was expected. */
  | 'html'
  /** The XML is not well-formed (args: line, column, detail); reading stopped there. */
  | 'malformed'
  /** Well-formed XML, but not a sitemap, sitemap index, RSS or Atom feed (args: root). */
  | 'not-sitemap'
  /** The gzip data is broken (args: detail). */
  | 'gzip'
  /** More than 50 MB uncompressed (sitemaps.org): the rest was not read. */
  | 'size-limit'
  /** The run stopped in it (args: limit — urls or deadline; cap): its URLs read before are audited. */
  | 'stopped'
  /** Nothing in it. */
  | 'empty'
  /** The file or stream could not be read (args: detail). */
  | 'unreadable';

/** A source's problem as data: its code and the values its message needs. */
export interface SourceProblem {
  readonly code: SourceProblemCode;
  readonly args: MessageArgs;
}

/** What a source turned out to be. */
export type InventoryFormat = 'urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text' | 'list';

const MESSAGES: Readonly<Record<string, string>> = {
  'site.skip': '{reason, select, '
    + 'other_host {{count, plural, one {# URL on another host} other {# URLs on other hosts}} (a sitemap lists only its own host’s URLs, or those of the site whose robots.txt names it)} '
    + 'relative {{count, plural, one {# relative URL} other {# relative URLs}} (a sitemap lists absolute URLs; a feed’s resolve on its own URL or xml:base)} '
    + 'not_http {{count, plural, one {# entry is} other {# entries are}} not an http(s) URL} '
    + 'too_long {{count, plural, one {# URL is} other {# URLs are}} 2,048 characters or longer} '
    + 'over_limit {{count, plural, one {# entry} other {# entries}} past the 50,000 a sitemap may hold} '
    + 'duplicate {{count, plural, one {# URL was} other {# URLs were}} already in the inventory} '
    + 'repeated {{count, plural, one {# sitemap was} other {# sitemaps were}} given again (a repeated Sitemap line or index entry): read once} '
    + 'loop {{count, plural, one {# sitemap names} other {# sitemaps name}} an index they are in (a loop): not read again} '
    + 'too_deep {{count, plural, one {# sitemap is} other {# sitemaps are}} nested too deep (indexes inside indexes)} '
    + 'capped {{count, plural, one {# sitemap was} other {# sitemaps were}} not followed: the run’s cap on child sitemaps was reached} '
    + 'empty {{count, plural, one {# entry has} other {# entries have}} no URL} '
    + 'other {}}',
  'site.problem': '{code, select, '
    + 'http {The server answered HTTP {status}: no sitemap was read.} '
    + 'network {No answer: {detail}.} '
    + 'cors {The browser could not read it: the site does not allow cross-origin reads, or it did not answer. Download the file and open it here, or use the command line (robots-txt-tester audit).} '
    + 'redirect {{why, select, scheme {A redirect to a {scheme} URL, which is not fetched.} loop {The redirects go round in a loop.} too_many {More than {count, number} redirects.} no_location {A redirect without a Location header.} other {A redirect to something that is not a URL.}}} '
    + 'html {This is an HTML page, not a sitemap.} '
    + 'malformed {The XML breaks at line {line}, column {column} ({detail}): reading stopped there.} '
    + 'not_sitemap {This XML is not a sitemap, a sitemap index, an RSS or an Atom feed (its root element is “{root}”).} '
    + 'gzip {The gzip data is broken ({detail}).} '
    + 'size_limit {It is larger than the 50 MB a sitemap may hold uncompressed: the rest was not read.} '
    + 'stopped {Reading stopped here: {limit, select, urls {the run’s cap of {cap, number} URLs was reached} other {the run’s deadline was reached}}. The URLs read before are audited.} '
    + 'empty {It is empty.} '
    + 'unreadable {It could not be read: {detail}.} '
    + 'other {}}',
  'site.format': '{format, select, urlset {sitemap} sitemapindex {sitemap index} rss {RSS feed} atom {Atom feed} text {text sitemap} list {URL list} other {unknown}}',
};

/** What a run's bounds left out: the command line's words (the tab says where each source stopped, not the run's caps). */
const CUT = '{what, select, '
  + 'urls {The reading stopped at the cap of {cap, number} URLs: the rest of the inventory was not read; what was read is audited.} '
  + 'deadline {The reading stopped at its deadline ({cap, number} s): the rest of the inventory was not read; what was read is audited.} '
  + 'child_sitemaps {{count, plural, one {# child sitemap was} other {# child sitemaps were}} not followed: past the cap of {cap, number}.} '
  + 'sitemap_lines {{count, plural, one {# Sitemap line was} other {# Sitemap lines were}} not read: past the cap of {cap, number}.} '
  + 'unread {{count, plural, one {# source or sitemap was} other {# sources and sitemaps were}} not read.} '
  + 'other {}}';

/** The message ids and English templates of the inventory's sources. */
export function siteMessages(): Record<string, string> {
  return { ...MESSAGES };
}

const key = (code: string) => code.replace(/-/g, '_');

/** The arguments of `site.skip` for `count` entries skipped for `reason`. */
export function skipArgs(reason: SkipReason, count: number): MessageArgs {
  return { reason: key(reason), count };
}

/** The arguments of `site.problem` for a source's problem. */
export function problemArgs(p: SourceProblem): MessageArgs {
  return { ...p.args, code: key(p.code) };
}

/** What a run's bounds left out: the arguments of `site.cut`, one sentence each (none when nothing was). */
export function cutArgs(cut: InventoryCut, caps: InventoryCaps): MessageArgs[] {
  const out: MessageArgs[] = [];
  if (cut.urls) out.push({ what: 'urls', cap: caps.urls });
  if (cut.deadline) out.push({ what: 'deadline', cap: caps.deadlineMs / 1000 });
  if (cut.sitemapLines > 0) out.push({ what: 'sitemap_lines', count: cut.sitemapLines, cap: caps.sitemapLines });
  if (cut.childSitemaps > 0) out.push({ what: 'child_sitemaps', count: cut.childSitemaps, cap: caps.childSitemaps });
  if (cut.unread > 0) out.push({ what: 'unread', count: cut.unread });
  return out;
}

/** What a run's bounds left out, in English. */
export function cutText(args: MessageArgs): string {
  return formatIcu(CUT, args);
}

/** Why `count` entries were skipped, in English. */
export function skipText(reason: SkipReason, count: number): string {
  return formatIcu(MESSAGES['site.skip']!, skipArgs(reason, count));
}

/** A source's problem in English. */
export function problemText(p: SourceProblem): string {
  return formatIcu(MESSAGES['site.problem']!, problemArgs(p));
}

/** A source's format in English. */
export function formatText(format: InventoryFormat | null): string {
  return formatIcu(MESSAGES['site.format']!, { format: format ?? 'none' });
}
