/**
 * The Site tab's messages, part of the protocol's one union (protocol.ts). The worker holds the
 * inventory (every URL and its verdicts) and says how it stands as that changes; the page gives it
 * the sources and what to audit them against, and asks for what it shows — a page of rows, a
 * folder's children, the CSV — and never holds a million URLs.
 */
import type { CrawlerSpec, FetchStatus, ReaderId } from '../robots/index.js';
import type { AuditColumn, ChangeCounts, FolderSummary, RowQuery, RowSort, RowVerdict, RuleImpact, SourceReport } from '../robots/site/index.js';

/** A source of the inventory as the page gives it: a sitemap's URL, a file, or pasted text. */
export type SiteSourceInput =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'file'; readonly name: string; readonly file: Blob }
  | { readonly kind: 'text'; readonly name: string; readonly text: string };

/** What the inventory is audited against, besides the document. */
export interface SiteAuditSpec {
  /** The audit's revision (the page's): the summary and the answers name it. */
  readonly revision: number;
  readonly status: FetchStatus;
  /** The version the draft replaces (Compare's), or null. */
  readonly compare: string | null;
  readonly crawlers: readonly CrawlerSpec[];
  /** Other parsers' readings besides Google's. */
  readonly readers: readonly ReaderId[];
  /** The site ('' when not set): its sitemaps may list its URLs from another host; others are out of scope. */
  readonly site: string;
}

/**
 * The inventory's sources, the whole list in order: what was read of the sources it starts with is
 * kept, the others are read (again). Answered (SiteRead) once read and audited.
 */
export interface SiteSourcesRequest {
  readonly type: 'site-sources';
  readonly id: number;
  readonly sources: readonly SiteSourceInput[];
}

/** Audit the inventory against `text` (the document) and the spec; answered (SiteAudited) once every URL read is audited. */
export interface SiteAuditRequest extends SiteAuditSpec {
  readonly type: 'site-audit';
  readonly id: number;
  readonly text: string;
}

/** Which rows a page of the list shows: the audit's selection, those whose URL holds `search` as typed, in `sort`'s order, and the page of it. */
export interface SiteRowQuery extends RowQuery {
  /** '' (or none): every row selected. */
  readonly search?: string;
  /** None: the inventory's order. */
  readonly sort?: RowSort;
  readonly offset: number;
  readonly limit: number;
}

/** A page of the list (answered by SiteRowsResult). */
export interface SiteRowsRequest {
  readonly type: 'site-rows';
  readonly id: number;
  readonly query: SiteRowQuery;
}

/** A folder's sub-folders, by its address ('': the roots) (answered by SiteChildrenResult). */
export interface SiteChildrenRequest {
  readonly type: 'site-children';
  readonly id: number;
  readonly folder: string;
}

/** Every audited row as the audit's CSV (answered by SiteCsvResult). */
export interface SiteCsvRequest {
  readonly type: 'site-csv';
  readonly id: number;
}

/** Every request of the Site tab, as the page makes it (the audit's document as text: the channel sends what changed). */
export type SiteRequest = SiteSourcesRequest | SiteAuditRequest | SiteRowsRequest | SiteChildrenRequest | SiteCsvRequest;

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

/** The sources of a SiteSourcesRequest are read, and what they gave audited (or a newer list or spec took over). */
export interface SiteRead {
  readonly type: 'site-read';
  readonly id: number;
}

/** Every URL read is audited against a SiteAuditRequest's spec (or a newer list or spec took over). */
export interface SiteAudited {
  readonly type: 'site-audited';
  readonly id: number;
  readonly revision: number;
}

/** A page of the list, from the audit of `revision`. */
export interface SiteRowsResult {
  readonly type: 'site-rows';
  readonly id: number;
  readonly revision: number;
  readonly page: SiteRowPage;
}

/** A folder's sub-folders, from the audit of `revision`. */
export interface SiteChildrenResult {
  readonly type: 'site-children';
  readonly id: number;
  readonly revision: number;
  readonly nodes: readonly FolderSummary[];
}

/** The audit of `revision` as CSV. */
export interface SiteCsvResult {
  readonly type: 'site-csv';
  readonly id: number;
  readonly revision: number;
  readonly csv: Blob;
}

/** Every answer of the Site worker. */
export type SiteResponse = SiteRead | SiteAudited | SiteRowsResult | SiteChildrenResult | SiteCsvResult;

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

/** A source as the page lists it (no file contents). */
export type SiteSourceDescription = { readonly kind: 'url'; readonly url: string } | { readonly kind: 'file' | 'text'; readonly name: string };

/** The Site worker's state as the page shows it. */
export interface SiteWorkerState {
  readonly sources: readonly { readonly input: SiteSourceDescription; readonly reports: readonly SourceReport[]; readonly reading: boolean }[];
  readonly urls: number;
  /** Reading or checking is under way. */
  readonly busy: boolean;
  readonly summary: SiteSummary | null;
}

/** How far a run has got. */
export interface SiteProgress {
  readonly phase: 'reading' | 'checking';
  readonly urls: number;
  readonly checked: number;
}

/** What the Site worker says unasked: its state as it changes, and a run's progress. */
export type SiteEvent =
  | { readonly type: 'site-state'; readonly state: SiteWorkerState }
  | ({ readonly type: 'site-progress'; readonly source: string } & SiteProgress);
