/**
 * The Logs tab's slice: the log files and IP ranges files dropped on it, the choices a run is made
 * of (the dated versions of the file, the reader), the run under way, the last run's result and the
 * filter over it, the CSV export, and what the tab must say (a run failed, or stopped because its
 * worker was replaced). It is null until the tab first opens: its transitions load with the tab
 * (the store/logs sub-API), not with the page.
 */
import type { ReaderId } from '../../robots/index.js';
import { ALL_REQUESTS, CRAWLER_LIST_START, crawlerListMore, crawlerListSearched, type CrawlerList, type LogFilter, type LogJudgeSetup } from '../../robots/logs/index.js';
import type { LogFile, LogsOutcome, LogsProgress, RestartReason } from '../../worker/index.js';
import { logsSetup, logVersions, rangesChoice, type RangesChoice } from '../logs/logs-tab.js';
import type { TesterState } from '../state.js';

/** A run under way: bytes read of the files (compressed ones for gzip) and their total, lines read, when it started (ms, the page's clock). */
export interface LogsRun extends Omit<LogsProgress, 'file'> {
  readonly started: number;
}

/** The last run's result, with the files and setup it was made from (the CSV export reads them again). */
export interface LogsResult {
  readonly outcome: LogsOutcome;
  readonly ms: number;
  readonly files: readonly LogFile[];
  readonly setup: LogJudgeSetup;
}

/** What the tab says: a run or export failed (in the worker's words), a run stopped because its worker was replaced, or one stopped by the user (or by leaving the tab). */
export type LogsNotice =
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'stopped'; readonly reason: RestartReason }
  | { readonly kind: 'cancelled' }
  | null;

/** The CSV export: being written, or written with its row count. */
export type LogsExport = { readonly kind: 'writing' } | { readonly kind: 'written'; readonly rows: number } | null;

/** The choices a run is made of besides the files. */
export interface LogsChoices {
  /** When the file in the editor went live ('' or a date). */
  readonly liveSince: string;
  /** When Compare's other version went live ('' or a date). */
  readonly compareSince: string;
  /** Judge earlier requests by Compare's other version too. */
  readonly useCompare: boolean;
  /** The reader that decides `blocked`. */
  readonly reader: ReaderId;
}

/** The Logs tab as it stands (switching tabs keeps it). */
export interface LogsTabState extends LogsChoices {
  readonly files: readonly LogFile[];
  readonly ranges: readonly RangesChoice[];
  readonly run: LogsRun | null;
  readonly result: LogsResult | null;
  readonly notice: LogsNotice;
  readonly filter: LogFilter;
  /** The crawler table's search and how many of its rows are listed (a log can name thousands of bots). */
  readonly crawlers: CrawlerList;
  readonly exported: LogsExport;
}

/** The Logs tab's part of the state (null until the tab first opens). */
export interface LogsState {
  readonly logs: LogsTabState | null;
}

/** The Logs tab before anything is dropped on it. */
export const NO_LOGS: LogsTabState = {
  files: [], ranges: [], liveSince: '', compareSince: '', useCompare: true, reader: 'google',
  run: null, result: null, notice: null, filter: ALL_REQUESTS, crawlers: CRAWLER_LIST_START, exported: null,
};

/** The Logs tab's state in `s` (as it starts before the tab has opened). */
export function logsOf(s: TesterState): LogsTabState {
  return s.logs ?? NO_LOGS;
}

const patched = (s: TesterState, patch: Partial<LogsTabState>): TesterState => ({ ...s, logs: { ...logsOf(s), ...patch } });

/** The tab opened: its state starts (once). */
export function logsOpened(s: TesterState): TesterState {
  return s.logs === null ? { ...s, logs: NO_LOGS } : s;
}

/** Log files and ranges files added (after those held). */
export function logsFilesAdded(s: TesterState, files: readonly LogFile[], ranges: readonly RangesChoice[]): TesterState {
  const l = logsOf(s);
  return patched(s, { files: [...l.files, ...files], ranges: [...l.ranges, ...ranges] });
}

/** The `index`-th ranges file now verifies `crawler` (chosen for a file whose name does not say). */
export function logsRangesFor(s: TesterState, index: number, crawler: string): TesterState {
  const r = logsOf(s).ranges[index];
  return r ? patched(s, { ranges: logsOf(s).ranges.map((x, i) => (i === index ? rangesChoice(r.name, r.text, crawler) : x)) }) : s;
}

/** The `index`-th ranges file removed. */
export function logsRangesRemoved(s: TesterState, index: number): TesterState {
  return patched(s, { ranges: logsOf(s).ranges.filter((_, i) => i !== index) });
}

/** A choice changed (the versions' dates, Compare's version, the reader). */
export function logsChosen(s: TesterState, patch: Partial<LogsChoices>): TesterState {
  return patched(s, patch);
}

/** The log files cleared, and what was read of them (the ranges files and choices stay). */
export function logsCleared(s: TesterState): TesterState {
  return patched(s, { files: [], result: null, run: null, notice: null, exported: null, filter: ALL_REQUESTS, crawlers: CRAWLER_LIST_START });
}

/** A run started over `total` bytes at `started`: what the tab said of the last one goes. */
export function logsRunStarted(s: TesterState, total: number, started: number): TesterState {
  return patched(s, { run: { read: 0, total, lines: 0, started }, notice: null, exported: null });
}

/** The run's progress arrived (none is shown once it ended). */
export function logsRunProgress(s: TesterState, progress: LogsProgress): TesterState {
  const run = logsOf(s).run;
  return run ? patched(s, { run: { read: progress.read, total: progress.total, lines: progress.lines, started: run.started } }) : s;
}

/** The run is done: its result is shown unfiltered, its crawlers from the first page. */
export function logsRunDone(s: TesterState, result: LogsResult): TesterState {
  return patched(s, { run: null, result, filter: ALL_REQUESTS, crawlers: CRAWLER_LIST_START });
}

/** The run failed (the worker's failure, or no worker could start): the tab says why; the last result stays. */
export function logsRunFailed(s: TesterState, message: string): TesterState {
  return patched(s, { run: null, notice: { kind: 'error', message } });
}

/** The run was stopped (the Stop button, or the tab was left): the last result stays, and the tab says the run did not end. */
export function logsRunStopped(s: TesterState): TesterState {
  return logsOf(s).run ? patched(s, { run: null, notice: { kind: 'cancelled' } }) : s;
}

/** The worker was replaced (it crashed, or stopped answering): a run under way stopped with it, and the tab says so. */
export function logsWorkerRestarted(s: TesterState, reason: RestartReason): TesterState {
  return logsOf(s).run ? patched(s, { run: null, notice: { kind: 'stopped', reason } }) : s;
}

/** The filter over the result changed. */
export function logsFiltered(s: TesterState, patch: Partial<LogFilter>): TesterState {
  return patched(s, { filter: { ...logsOf(s).filter, ...patch } });
}

/** The crawler table's search changed: the first page of what it finds is listed. */
export function logsCrawlersSearched(s: TesterState, search: string): TesterState {
  return patched(s, { crawlers: crawlerListSearched(logsOf(s).crawlers, search) });
}

/** The crawler table lists another page of its rows. */
export function logsCrawlersMore(s: TesterState): TesterState {
  return patched(s, { crawlers: crawlerListMore(logsOf(s).crawlers) });
}

/** The CSV export started. */
export function logsExportStarted(s: TesterState): TesterState {
  return patched(s, { exported: { kind: 'writing' } });
}

/** The CSV was written with `rows` rows. */
export function logsExported(s: TesterState, rows: number): TesterState {
  return patched(s, { exported: { kind: 'written', rows } });
}

/** The CSV could not be written: the tab says why. */
export function logsExportFailed(s: TesterState, message: string): TesterState {
  return patched(s, { exported: null, notice: { kind: 'error', message } });
}

/** What a run of the tab's files is judged against now: the document (and Compare's version, dated), the reader, the site, the ranges files. */
export function logsRunSetup(s: TesterState): LogJudgeSetup {
  const l = logsOf(s);
  const versions = logVersions({ text: s.doc, status: s.status }, l.liveSince, s.compare, l.compareSince, l.useCompare);
  return logsSetup(versions, l.reader, s.site, l.ranges);
}

/**
 * Whether the last result was judged against another file than the tab's now: the document, its
 * fetch status, Compare's dated version or the site changed since (an edit, another file opened).
 * Its counts and deciding lines then speak of the file as it was, and the tab says so.
 */
export function logsResultStale(s: TesterState): boolean {
  const result = logsOf(s).result;
  if (!result) return false;
  const now = logsRunSetup(s);
  const was = result.setup;
  return was.site !== now.site || was.versions.length !== now.versions.length
    || was.versions.some((v, i) => v.text !== now.versions[i]!.text || v.since !== now.versions[i]!.since || JSON.stringify(v.status) !== JSON.stringify(now.versions[i]!.status));
}

/** The bytes of log files. */
export function logsBytes(files: readonly LogFile[]): number {
  return files.reduce((n, f) => n + f.blob.size, 0);
}
