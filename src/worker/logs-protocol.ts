/**
 * The Logs tab's messages, part of the protocol's one union (protocol.ts): a run over log files
 * (its progress, then its outcome) and the CSV of the judged requests under a filter. Each request
 * carries the files and the setup it needs: the worker keeps nothing between requests. Types only:
 * nothing of the Logs tab loads before the tab does.
 */
import type { CrawlerPiece, LogFilter, LogJudgeSetup } from '../robots/logs/index.js';
import type { LogFile, LogsOutcome, LogsProgress } from './logs-run.js';

/** Judge every request of `files` against `setup`: progress as it goes, then LogsDone. */
export interface LogsRunRequest {
  readonly type: 'logs-run';
  readonly id: number;
  readonly files: readonly LogFile[];
  readonly setup: LogJudgeSetup;
}

/** The CSV of the requests of `files` judged against `setup` that pass `filter` (answered by LogsCsvResult). */
export interface LogsCsvRequest {
  readonly type: 'logs-csv';
  readonly id: number;
  readonly files: readonly LogFile[];
  readonly setup: LogJudgeSetup;
  readonly filter: LogFilter;
}

/** Every request of the Logs tab. */
export type LogsRequest = LogsRunRequest | LogsCsvRequest;

/** How far a run has come (its type ends in `-progress`: a sign of life, not its answer). */
export interface LogsRunProgress {
  readonly type: 'logs-progress';
  readonly id: number;
  readonly progress: LogsProgress;
}

/**
 * A piece of a finished run's crawlers (tallyPieces), sent before its outcome: the page's thread
 * reads each message in one task, and a tally of thousands of bots sent whole took it 335 ms.
 */
export interface LogsCrawlersProgress {
  readonly type: 'logs-crawlers-progress';
  readonly id: number;
  readonly crawlers: CrawlerPiece;
}

/** A run's outcome (its tally's crawlers sent before it, in pieces), and how long it took. */
export interface LogsDone {
  readonly type: 'logs-done';
  readonly id: number;
  readonly outcome: LogsOutcome;
  readonly ms: number;
}

/** The CSV, and its row count. */
export interface LogsCsvResult {
  readonly type: 'logs-csv';
  readonly id: number;
  readonly csv: Blob;
  readonly rows: number;
}

/** Every answer of the Logs worker (a failure is the protocol's ErrorResponse). */
export type LogsResponse = LogsRunProgress | LogsCrawlersProgress | LogsDone | LogsCsvResult;
