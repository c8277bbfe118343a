/**
 * The typed messages between the UI thread and the workers. Requests carry ids; answers carry the
 * request id and the revision they were computed for.
 */
import type {
  AiPolicy, Agent, CrawlerSpec, Diagnostic, DiffRow, DroppedRule, FetchOutcome, FetchStatus, GroupChoice, LineData, PolicyCheck, PolicyNote, ReaderId, ReaderSentence, ReaderVerdict, RuleMatch, TestProblem, TextEdit, UrlPreferences,
  VerdictChange, VerdictExplanation, VerdictReason,
} from '../robots/index.js';

import { listEntries } from '../robots/index.js';

export type { CrawlerSpec, LineData } from '../robots/index.js';
import type { LogsCsvRequest, LogsResponse, LogsRunRequest } from './logs-protocol.js';
import type { SiteAuditRequest, SiteChildrenRequest, SiteCsvRequest, SiteEvent, SiteResponse, SiteRowsRequest, SiteSourcesRequest } from './site-protocol.js';
import type { TextPayload } from './text-sync.js';

export type { TextPayload } from './text-sync.js';

/** One URL × crawler to check. */
export interface TestCase {
  readonly url: string;
  readonly crawler: CrawlerSpec;
}

/** Parse `text` (unless it is the text parsed last) and check every test case. */
export interface AnalyseRequest {
  readonly type: 'analyse';
  readonly id: number;
  readonly revision: number;
  readonly text: string;
  readonly tests: readonly TestCase[];
  /**
   * The test shown (its Why and AI preferences worded); the others get their verdict only: a link
   * may carry 10,000 tests, and wording each would take seconds on every keystroke. Absent: all.
   */
  readonly active?: number;
  /** The site whose robots.txt this is ('' when not set). */
  readonly site: string;
  readonly status: FetchStatus;
}

/** Check every URL of a list for every crawler, optionally against a second version too. */
export interface BulkRequest {
  readonly type: 'bulk';
  readonly id: number;
  readonly revision: number;
  readonly text: string;
  /** The URL list, one per line (split in the worker, as splitBulkUrls does). */
  readonly urls: string;
  readonly crawlers: readonly CrawlerSpec[];
  readonly site: string;
  readonly status: FetchStatus;
  /** The other version to compare with, or null. */
  readonly compare: string | null;
  /** Readers mode: one column per reader (the first crawler only); empty for Google's reading alone. */
  readonly readers: readonly ReaderId[];
}

/**
 * Get ready for a bulk run (the Bulk tab has opened): while the user picks a list, the worker
 * starts, parses the text and compiles and indexes the rules `crawlers` follow, so the first run
 * only checks.
 */
export interface BulkPrepareRequest {
  readonly type: 'bulk-prepare';
  readonly id: number;
  readonly text: string;
  readonly crawlers: readonly CrawlerSpec[];
}

/**
 * The verdicts that change between the version compared with (before) and the text (after), on
 * the paths their rules tell apart and the user's own URLs (the Compare tab).
 */
export interface ChangesRequest {
  readonly type: 'changes';
  readonly id: number;
  readonly revision: number;
  readonly text: string;
  /** The other version: the one the text is compared with. */
  readonly compare: string;
  readonly crawlers: readonly CrawlerSpec[];
  /** URLs tried as they are besides the derived paths (the Test tab's). */
  readonly urls: readonly string[];
  readonly site: string;
  readonly status: FetchStatus;
}

/** The answer to a ChangesRequest: each verdict that differs, with both deciding lines. */
export interface ChangesResult {
  readonly type: 'changes';
  readonly id: number;
  readonly revision: number;
  /** How many paths and URLs were tried. */
  readonly tried: number;
  readonly changes: readonly VerdictChange[];
  /** The crawlers, as asked for, and the name each is shown by. */
  readonly crawlers: readonly CrawlerSpec[];
  readonly crawlerLabels: readonly string[];
}

/**
 * Diagnose `text` from the analysis worker's parse of it: asked once typing pauses, and done in
 * slices the worker leaves for any newer request, so diagnostics never hold up a verdict.
 */
export interface DiagnoseRequest {
  readonly type: 'diagnose';
  readonly id: number;
  readonly revision: number;
  readonly text: string;
  /** The site whose robots.txt this is ('' when not set): relative sitemaps can then be repaired. */
  readonly site: string;
}

/** How the other crawlers' parsers read the file for one test (a worker of its own, after a typing pause). */
export interface ReadersRequest {
  readonly type: 'readers';
  readonly id: number;
  readonly revision: number;
  readonly text: string;
  readonly test: TestCase;
  /** Every test of the matrix: each is told how many readers read it otherwise than Google. */
  readonly tests?: readonly TestCase[];
  /** The readers to answer for (those on screen). */
  readonly readers: readonly ReaderId[];
  readonly site: string;
}

/**
 * The findings the other crawlers' parsers decide for `text` (asked once typing pauses): worked
 * out in the readers worker, in slices it leaves for any newer request, and merged with the
 * analysis worker's diagnostics of the same text.
 */
export interface ReaderFindingsRequest {
  readonly type: 'reader-findings';
  readonly id: number;
  readonly revision: number;
  readonly text: string;
}

/** The answer to a ReaderFindingsRequest. */
export interface ReaderFindingsResult {
  readonly type: 'reader-findings';
  readonly id: number;
  readonly revision: number;
  /** Null: left unfinished, as a newer request changed the text (or asked again) meanwhile. */
  readonly diagnostics: readonly Diagnostic[] | null;
}

/** One reader's answer, with its sentences and the text of its deciding line. */
export interface ReaderAnswer {
  readonly verdict: ReaderVerdict;
  readonly sentences: readonly ReaderSentence[];
  readonly ruleText: string;
}

/** The answer to a ReadersRequest: Google's reading and each reader's (none when the test cannot run). */
export interface ReadersResult {
  readonly type: 'readers';
  readonly id: number;
  readonly revision: number;
  readonly google: ReaderVerdict | null;
  readonly answers: readonly ReaderAnswer[];
  /** Per test of the request's `tests`: how many readers read it otherwise than Google (0 where none is shown). */
  readonly differ: readonly number[];
}

/** A request as posted: its document travels as a TextPayload (usually just the edit). */
export type Posted<R extends { readonly text: string }> = Omit<R, 'text'> & { readonly text: TextPayload };

/**
 * Tells a worker to post its answers on the BroadcastChannel named `channel` rather than to its
 * parent: Chromium holds a worker's messages to the page after a keypress until the next frame
 * has been drawn, but not a BroadcastChannel's, so a verdict can be in that very frame.
 */
export interface ReplyVia {
  readonly type: 'reply-via';
  readonly channel: string;
}

/** Compose an AI access policy's edit of the text and check the result (the AI access tab). */
export interface PolicyRequest {
  readonly type: 'policy';
  readonly id: number;
  readonly revision: number;
  readonly text: string;
  readonly policy: AiPolicy;
  /** The user's URLs (tests and Bulk) the result is checked on, besides the file's own paths. */
  readonly urls: readonly string[];
  readonly site: string;
}

/** The composed edit, its preview, the composer's notes and the engine's check of the result. */
export interface PolicyResult {
  readonly type: 'policy';
  readonly id: number;
  readonly revision: number;
  /** The policy the edit is for (the form may have moved on while the worker composed). */
  readonly policy: AiPolicy;
  readonly edits: readonly TextEdit[];
  readonly diff: readonly DiffRow[];
  readonly notes: readonly PolicyNote[];
  /** Every rule of a crawler's own groups the edit drops or replaces. */
  readonly dropped: readonly DroppedRule[];
  readonly check: PolicyCheck;
}

/** Every request the workers understand, as posted. */
export type WorkerRequest =
  | Posted<AnalyseRequest> | Posted<BulkRequest> | Posted<BulkPrepareRequest> | Posted<ChangesRequest> | Posted<DiagnoseRequest> | Posted<ReadersRequest> | Posted<ReaderFindingsRequest> | Posted<PolicyRequest>
  | SiteSourcesRequest | Posted<SiteAuditRequest> | SiteRowsRequest | SiteChildrenRequest | SiteCsvRequest
  | LogsRunRequest | LogsCsvRequest;

/** A group as the verdict panel shows it. */
export interface GroupInfo {
  readonly index: number;
  readonly firstLine: number;
  readonly lastLine: number;
  readonly agents: readonly Agent[];
  readonly ruleCount: number;
  readonly global: boolean;
}

/** A verdict, as plain data. */
export interface VerdictData {
  readonly url: string;
  readonly allowed: boolean;
  readonly line: number;
  readonly reason: VerdictReason;
  readonly rule: RuleMatch | null;
  /** Every rule that matched (the active test's only: see AnalyseRequest.active). */
  readonly matches: readonly RuleMatch[];
  readonly group: GroupChoice;
  readonly token: string;
  /** The tokens tried in order (a profile may fall back). */
  readonly tokens: readonly string[];
  readonly fromUserAgentString: boolean;
  readonly ignoresGlobal: boolean;
  readonly ignoresRobotsTxt: boolean;
  readonly profileId: string | null;
  readonly testedPath: string;
  readonly urlValid: boolean;
  readonly inScope: boolean;
  /** Why the URL is out of scope, and the robots.txt that governs it. */
  readonly scopeReason: string;
  readonly governingRobotsUrl: string | null;
  /** Set when the fetch result overrides the rules. */
  readonly fetch: FetchOutcome | null;
  /** Why no test could be run; then no verdict is shown. */
  readonly problem: TestProblem | null;
  /** The "Why", worded by the engine (the CLI prints the same sentences); null for a test not shown (see AnalyseRequest.active). */
  readonly explanation: VerdictExplanation | null;
  /** What the file says about AI use of the URL for this crawler (null: nothing it states applies here, or no verdict). */
  readonly preferences: UrlPreferences | null;
}

/** A verdict with its Why worded: the active test's. */
export type WholeVerdict = VerdictData & { readonly explanation: VerdictExplanation };

/** True when `v` carries its Why (it was the active test when analysed). */
export function isWholeVerdict(v: VerdictData | undefined): v is WholeVerdict {
  return v !== undefined && v.explanation !== null;
}

/** A sitemap line, checked. */
export interface SitemapInfo {
  readonly line: number;
  readonly url: string;
  readonly valid: boolean;
  /** Its host, when valid. */
  readonly host: string;
  /** True when the site is set and the sitemap is on another host. */
  readonly otherHost: boolean;
}

/** Facts about the whole file. */
export interface FileSummary {
  readonly byteSize: number;
  readonly lineCount: number;
  readonly bom: boolean;
  readonly limitCut: { readonly offset: number; readonly line: number } | null;
  readonly lineBreaks: { readonly lf: number; readonly crlf: number; readonly cr: number };
  readonly groupCount: number;
  readonly ruleCount: number;
  readonly sitemapCount: number;
  readonly ignoredCount: number;
  readonly invalidCount: number;
}

/** The answer to an AnalyseRequest. */
export interface AnalysisResult {
  readonly type: 'analysis';
  readonly id: number;
  readonly revision: number;
  readonly lines: LineData;
  readonly summary: FileSummary;
  /** The groups the verdicts refer to. */
  readonly groups: readonly GroupInfo[];
  readonly verdicts: readonly VerdictData[];
  readonly sitemaps: readonly SitemapInfo[];
  /** The fetch result's effect on every URL. */
  readonly fetch: FetchOutcome;
  readonly parseMs: number;
  readonly checkMs: number;
}

/** Rows of a line table, from row `first` on (0-based). */
export interface LineRows {
  readonly first: number;
  readonly rows: LineData;
}

/**
 * An AnalysisResult as the analysis worker sends it. A keystroke changes a few rows of a long
 * file's line table and seldom its sitemaps, and every answer was a structured clone of both: an
 * answer that builds on the one sent before it (`base`, that answer's id) carries the rows that
 * changed, and its sitemaps only when they changed. RobotsWorkerClient puts the whole back.
 */
export type AnalysisMessage =
  | (AnalysisResult & { readonly base: null })
  | (Omit<AnalysisResult, 'lines' | 'sitemaps'> & { readonly base: number; readonly lines: LineRows; readonly sitemaps: readonly SitemapInfo[] | null });

/** `table` with `rows` in place of its own (new arrays: a table once given out never changes). */
export function withRows(table: LineData, rows: LineRows): LineData {
  const put = <T extends Uint8Array | Uint16Array | Int32Array>(all: T, part: T): T => {
    const copy = all.slice() as T;
    copy.set(part, rows.first);
    return copy;
  };
  const r = rows.rows;
  return {
    kind: put(table.kind, r.kind), field: put(table.field, r.field), flags: put(table.flags, r.flags), group: put(table.group, r.group),
    keyFrom: put(table.keyFrom, r.keyFrom), keyTo: put(table.keyTo, r.keyTo), valueFrom: put(table.valueFrom, r.valueFrom), valueTo: put(table.valueTo, r.valueTo),
  };
}

/** The answer to a DiagnoseRequest. */
export interface DiagnosticsResult {
  readonly type: 'diagnostics';
  readonly id: number;
  readonly revision: number;
  /** Null: left unfinished, as a newer request changed the text (or asked again) meanwhile. */
  readonly diagnostics: readonly Diagnostic[] | null;
}

/** Progress of a bulk run. */
export interface BulkProgress {
  readonly type: 'bulk-progress';
  readonly id: number;
  readonly done: number;
  readonly total: number;
}

/** The answer to a BulkPrepareRequest: the document is read. */
export interface BulkPrepared {
  readonly type: 'bulk-prepared';
  readonly id: number;
}

/** The answer to a BulkRequest: row r = url × crawler, index `url * crawlers + crawler`. */
export interface BulkResult {
  readonly type: 'bulk-result';
  readonly id: number;
  readonly revision: number;
  readonly urlCount: number;
  readonly crawlerCount: number;
  /** The list checker's verdict codes (ListVerdict) and deciding lines. */
  readonly verdict: Uint8Array;
  readonly line: Int32Array;
  /** The same for the compared version (empty when not comparing). */
  readonly compareVerdict: Uint8Array;
  readonly compareLine: Int32Array;
  /** The token each crawler column was read for. */
  readonly crawlerLabels: readonly string[];
  /** The crawlers, as asked for (expectations are kept per URL × crawler spec). */
  readonly crawlers: readonly CrawlerSpec[];
  /** The group each column's crawler follows, as the list checker words it (`Googlebot (line 4)`, `* (line 1)`); '' when the fetch result decides. */
  readonly crawlerGroups: readonly string[];
  /** Readers mode: the reader of each column (empty otherwise). */
  readonly readers: readonly ReaderId[];
  /** Readers mode: per URL, how many readers' verdicts differ from Google's (empty otherwise). */
  readonly disagree: Uint8Array;
  /** The text of every deciding line, by line number (for the table and the CSV). */
  readonly lineTexts: Readonly<Record<number, string>>;
  /** The same for the compared version. */
  readonly compareLineTexts: Readonly<Record<number, string>>;
  readonly ms: number;
}

/** A failure, as plain data (Errors do not survive structured cloning well). */
export interface ErrorResponse {
  readonly type: 'error';
  readonly id: number;
  readonly error: { readonly name: string; readonly message: string };
}

/**
 * A worker's first word, sent once its script and the modules it imports have loaded: from then
 * on its silence means it is stuck, not still loading (over a slow network that can take seconds).
 */
export interface WorkerReady {
  readonly type: 'ready';
}

/** Every answer the workers send (besides their first word, WorkerReady: see WorkerMessage). */
export type WorkerResponse = AnalysisMessage | DiagnosticsResult | ReadersResult | ReaderFindingsResult | PolicyResult | BulkProgress | BulkPrepared | BulkResult | ChangesResult | SiteResponse | LogsResponse | ErrorResponse;

/**
 * What a worker says unasked, with no request's id: the state of what it holds, as it changes. The
 * channel hands these to its `onEvent`.
 */
export type WorkerEvent = SiteEvent;

/**
 * The runtime's own messages to a worker, whichever it is (serve() answers them): where to send
 * answers, whether it still answers (a long run's watchdog), and to stop a request's work.
 */
export type ControlMessage = ReplyVia | Ping | Cancel;

/** Asks a worker busy with a long run whether it still answers: serve() replies Pong at once. */
export interface Ping {
  readonly type: 'ping';
}

/** The answer to a Ping: the worker's event loop is turning. */
export interface Pong {
  readonly type: 'pong';
}

/** Stops the work of request `id` (its handler's signal aborts); nothing answers it. */
export interface Cancel {
  readonly type: 'cancel';
  readonly id: number;
}

/** Every message a worker sends. */
export type WorkerMessage = WorkerResponse | WorkerEvent | WorkerReady | Pong;

/** The typed arrays of a result, to transfer rather than copy. */
export function transferables(lines: LineData): ArrayBuffer[] {
  return [lines.kind, lines.field, lines.flags, lines.group, lines.keyFrom, lines.keyTo, lines.valueFrom, lines.valueTo].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/** The buffers of a bulk result, to transfer. */
export function bulkTransferables(r: BulkResult): ArrayBuffer[] {
  return [r.verdict, r.line, r.compareVerdict, r.compareLine, r.disagree].map((a) => a.buffer as ArrayBuffer);
}

/** Splits a bulk URL list: one URL per line, blank lines and surrounding white space dropped. */
export const splitBulkUrls: (text: string) => string[] = listEntries;
