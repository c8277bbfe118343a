/**
 * The typed messages between the Site tab and its worker. The worker holds the inventory (every
 * URL and its verdicts); the page asks for what it shows — the summary, a page of rows, a
 * folder's children, the CSV — and never holds a million URLs.
 */
import type { CrawlerSpec, FetchStatus, ListVerdictCode, ReaderId } from '../robots/index.js';
import type { AuditColumn, ChangeCounts, FolderSummary, RowVerdict, RuleImpact, SourceReport } from '../robots/site/index.js';
import type { TextPayload } from './text-sync.js';

/** A source of the inventory as the page gives it: a sitemap's URL, a file, or pasted text. */
export type SiteSourceInput =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'file'; readonly name: string; readonly file: Blob }
  | { readonly kind: 'text'; readonly name: string; readonly text: string };

/** What the inventory is audited against. */
export interface SiteAuditSpec {
  /** The audit's revision (the page's): answers name it. */
  readonly revision: number;
  readonly text: TextPayload;
  readonly status: FetchStatus;
  /** The version the draft replaces (Compare's), or null. */
  readonly compare: string | null;
  readonly crawlers: readonly CrawlerSpec[];
  /** Other parsers' readings besides Google's. */
  readonly readers: readonly ReaderId[];
  /** The site ('' when not set): its sitemaps may list its URLs from another host; others are out of scope. */
  readonly site: string;
}

/** Which rows a page of the list shows. */
export interface SiteRowQuery {
  /** The column (crawler × reader) the verdicts are read in. */
  readonly column: number;
  /** Verdict codes shown ([] for every one). */
  readonly verdicts: readonly ListVerdictCode[];
  /** Only rows whose verdict differs from the compared version's. */
  readonly changed: boolean;
  /** Only URLs in this folder (its address, as the tree names it) and below; '' for every URL. */
  readonly folder: string;
  readonly offset: number;
  readonly limit: number;
}

/** One row of the list. */
export interface SiteRow {
  /** The URL's place in the inventory. */
  readonly index: number;
  readonly url: string;
  readonly now: RowVerdict;
  /** The deciding line's text ('' when none). */
  readonly rule: string;
  /** In the compared version (null without one). */
  readonly before: (RowVerdict & { readonly rule: string }) | null;
  readonly source: string;
}

/** A page of the list. */
export interface SiteRowPage {
  /** Rows matching the query in all. */
  readonly total: number;
  readonly rows: readonly SiteRow[];
}

/** The audit's summary: what the tab shows before any list or folder is opened. */
export interface SiteSummary {
  readonly revision: number;
  /** Every URL was checked (else the counts so far). */
  readonly complete: boolean;
  readonly urls: number;
  readonly columns: readonly AuditColumn[];
  readonly rules: readonly RuleImpact[];
  readonly changes: { readonly byColumn: readonly ChangeCounts[]; readonly total: number } | null;
  readonly roots: readonly FolderSummary[];
  readonly treeTruncated: boolean;
}

/** The worker's state as the page shows it. */
export interface SiteState {
  readonly sources: readonly { readonly input: SiteSourceDescription; readonly reports: readonly SourceReport[]; readonly reading: boolean }[];
  readonly urls: number;
  /** Reading or checking is under way. */
  readonly busy: boolean;
  readonly summary: SiteSummary | null;
}

/** A source as the page lists it (no file contents). */
export type SiteSourceDescription = { readonly kind: 'url'; readonly url: string } | { readonly kind: 'file' | 'text'; readonly name: string };

/** Requests to the Site worker. */
export type SiteRequest =
  | { readonly type: 'site-add'; readonly id: number; readonly sources: readonly SiteSourceInput[] }
  | { readonly type: 'site-remove'; readonly id: number; readonly index: number }
  | { readonly type: 'site-clear'; readonly id: number }
  | { readonly type: 'site-audit'; readonly id: number; readonly spec: SiteAuditSpec }
  | { readonly type: 'site-rows'; readonly id: number; readonly query: SiteRowQuery }
  | { readonly type: 'site-children'; readonly id: number; readonly folder: string }
  | { readonly type: 'site-csv'; readonly id: number };

/** Answers and news from the Site worker. */
export type SiteResponse =
  | { readonly type: 'site-progress'; readonly phase: 'reading' | 'checking'; readonly urls: number; readonly checked: number; readonly source: string }
  | { readonly type: 'site-state'; readonly state: SiteState }
  | { readonly type: 'site-rows'; readonly id: number; readonly revision: number; readonly page: SiteRowPage }
  | { readonly type: 'site-children'; readonly id: number; readonly revision: number; readonly nodes: readonly FolderSummary[] }
  | { readonly type: 'site-csv'; readonly id: number; readonly revision: number; readonly csv: Blob }
  | { readonly type: 'site-error'; readonly id: number; readonly message: string };

/** A request without its id (the client numbers them). */
export type SiteUnsent = SiteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
