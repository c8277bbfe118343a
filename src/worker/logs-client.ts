/**
 * The page's side of the logs worker: one run (or CSV export) at a time, the newest wins; an
 * older one's answers are dropped and its promise settles with null.
 */
import type { LogFilter } from '../robots/logs/index.js';
import type { LogsRequest, LogsResponse } from './logs-protocol.js';
import type { LogFile, LogsOutcome, LogsProgress, LogsSetup } from './logs-run.js';

/** What the client needs of a worker (a fake in tests). */
export interface LogsWorkerLike {
  postMessage(message: LogsRequest): void;
  onmessage: ((e: MessageEvent<LogsResponse>) => void) | null;
  terminate(): void;
}

type Waiting = { id: number; settle: (r: LogsResponse | null) => void; progress?: (p: LogsProgress) => void };

/** Runs the Logs tab's work on its worker. */
export class LogsWorkerClient {
  private next = 1;
  private waiting: Waiting | null = null;

  constructor(private readonly worker: LogsWorkerLike) {
    worker.onmessage = (e) => {
      const m = e.data;
      const w = this.waiting;
      if (!w || m.id !== w.id) return;
      if (m.type === 'logs-progress') {
        w.progress?.(m.progress);
        return;
      }
      this.waiting = null;
      w.settle(m);
    };
  }

  private ask(req: (id: number) => LogsRequest, progress?: (p: LogsProgress) => void): Promise<LogsResponse | null> {
    this.waiting?.settle(null);
    const id = this.next++;
    return new Promise((settle) => {
      this.waiting = { id, settle, ...(progress ? { progress } : {}) };
      this.worker.postMessage(req(id));
    });
  }

  /** Judges `files`; null when a newer request or a cancel came first. Rejects with the worker's message on failure. */
  async run(files: readonly LogFile[], setup: LogsSetup, progress: (p: LogsProgress) => void): Promise<{ outcome: LogsOutcome; ms: number } | null> {
    const m = await this.ask((id) => ({ type: 'logs-run', id, files, setup }), progress);
    if (m === null) return null;
    if (m.type === 'logs-error') throw new Error(m.message);
    return m.type === 'logs-done' ? { outcome: m.outcome, ms: m.ms } : null;
  }

  /** The CSV of the last run's judged requests under `filter`; null when superseded. */
  async csv(filter: LogFilter): Promise<{ csv: Blob; rows: number } | null> {
    const m = await this.ask((id) => ({ type: 'logs-csv', id, filter }));
    if (m === null) return null;
    if (m.type === 'logs-error') throw new Error(m.message);
    return m.type === 'logs-csv' ? { csv: m.csv, rows: m.rows } : null;
  }

  /** Stops what runs; its promise settles with null. */
  cancel(): void {
    this.waiting?.settle(null);
    this.waiting = null;
    this.worker.postMessage({ type: 'logs-cancel' });
  }

  /** Ends the worker. */
  dispose(): void {
    this.cancel();
    this.worker.terminate();
  }
}
