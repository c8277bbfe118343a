/**
 * The Logs tab's worker protocol: a run over log files, the CSV of its judged requests under a
 * filter, and what comes back (progress, the outcome, the CSV, a failure). Its own worker and its
 * own messages: nothing of it loads before the tab does.
 */
import type { LogFilter } from '../robots/logs/index.js';
import type { LogFile, LogsOutcome, LogsProgress, LogsSetup } from './logs-run.js';

/** What the page asks the logs worker. */
export type LogsRequest =
  | { readonly type: 'logs-run'; readonly id: number; readonly files: readonly LogFile[]; readonly setup: LogsSetup }
  | { readonly type: 'logs-csv'; readonly id: number; readonly filter: LogFilter }
  | { readonly type: 'logs-cancel' };

/** What the logs worker answers. */
export type LogsResponse =
  | { readonly type: 'logs-progress'; readonly id: number; readonly progress: LogsProgress }
  | { readonly type: 'logs-done'; readonly id: number; readonly outcome: LogsOutcome; readonly ms: number }
  | { readonly type: 'logs-csv'; readonly id: number; readonly csv: Blob; readonly rows: number }
  | { readonly type: 'logs-error'; readonly id: number; readonly message: string };
