/**
 * The page's side of the Logs worker, one WorkerChannel configured for it: a run and the CSV are
 * questions answered by promise, each carrying its files and setup (the worker keeps nothing). A
 * run is a long one, watched alive while it reads (pinged past the deadline), and is not sent
 * again to a replaced worker: its promise fails with WorkerRestarted, and the tab offers to run
 * it again. The worker starts with the first request.
 */
import { tallyJoined, type CrawlerPiece, type LogFilter, type LogJudgeSetup } from '../robots/logs/index.js';
import { WorkerChannel, type RestartReason, type WorkerLike } from './channel.js';
import type { LogsRequest } from './logs-protocol.js';
import type { LogFile, LogsOutcome, LogsProgress } from './logs-run.js';

/**
 * How long the worker may stay silent: a run tells its progress several times a second and
 * answers a ping between chunks; the CSV of a long log reads it all again, and gets as long.
 */
const SILENCE_MS = 10_000;

/** Drives the Logs worker. */
export class LogsWorkerClient {
  private readonly channel: WorkerChannel<LogsRequest>;

  /** `onRestart`: the worker was replaced (it crashed, or stopped answering); what it was doing failed with WorkerRestarted. */
  constructor(create: () => WorkerLike, onRestart: (reason: RestartReason) => void, timeoutMs = SILENCE_MS) {
    this.channel = new WorkerChannel<LogsRequest>({
      create,
      lazy: true,
      order: {
        'logs-run': { order: 'ask', watch: 'alive' },
        'logs-csv': { order: 'ask', watch: 'alive' },
      },
      timeoutMs: () => timeoutMs,
      onRestart,
    });
  }

  /**
   * Judges `files` against `setup`, telling `progress` as it goes. Rejects with a WorkerError:
   * the worker's failure, Cancelled (see cancel), WorkerRestarted, WorkerFailed.
   */
  async run(files: readonly LogFile[], setup: LogJudgeSetup, progress: (p: LogsProgress) => void): Promise<{ outcome: LogsOutcome; ms: number }> {
    const pieces: CrawlerPiece[] = [];
    const m = await this.channel.ask({ type: 'logs-run', files, setup }, (p) => {
      if (p.type === 'logs-progress') progress(p.progress);
      else if (p.type === 'logs-crawlers-progress') pieces.push(p.crawlers);
    });
    if (m.type !== 'logs-done') throw new Error(`unexpected answer ${m.type}`);
    return { outcome: { ...m.outcome, tally: tallyJoined(m.outcome.tally, pieces) }, ms: m.ms };
  }

  /** The CSV of the requests of `files` judged against `setup` that pass `filter`, and its row count. Rejects as run does. */
  async csv(files: readonly LogFile[], setup: LogJudgeSetup, filter: LogFilter): Promise<{ csv: Blob; rows: number }> {
    const m = await this.channel.ask({ type: 'logs-csv', files, setup, filter });
    if (m.type !== 'logs-csv') throw new Error(`unexpected answer ${m.type}`);
    return { csv: m.csv, rows: m.rows };
  }

  /** Stops the runs (or CSVs) under way: the worker stops between chunks, their promises fail with Cancelled. */
  cancel(type: LogsRequest['type'] = 'logs-run'): void {
    this.channel.cancel(type);
  }

  /** Stops the worker; what waits fails with WorkerStopped. */
  dispose(): void {
    this.channel.dispose();
  }
}
