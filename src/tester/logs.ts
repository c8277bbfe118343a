/**
 * The Logs tab's coordination, without React, loaded with the tab. Its state is the Logs slice of
 * the tester's store; this owns the tab's worker channel and does the tab's I/O (reading a ranges
 * file's text): files and choices go into the slice, and each change that matters runs the logs
 * again — one run at a time, an older one cancelled through the runtime. A run is not sent again
 * to a replaced worker: the slice says it stopped, and the tab offers to run it again.
 */
import {
  isRangesFile, logsBytes, logsChosen, logsCleared, logsCrawlersMore, logsCrawlersSearched, logsExported, logsExportFailed, logsExportStarted, logsFiltered, logsFilesAdded, logsOf,
  logsOpened, logsRangesFor, logsRangesRemoved, logsRunDone, logsRunFailed, logsRunProgress, logsRunSetup, logsRunStarted, logsRunStopped,
  logsWorkerRestarted, rangesChoice, type LogsChoices, type RangesChoice,
} from '../store/logs/index.js';
import type { LogFilter } from '../robots/logs/index.js';
import type { TesterState, TesterStore } from '../store/index.js';
import { LogsWorkerClient, WorkerError, type LogFile, type WorkerLike } from '../worker/index.js';

/** The Logs tab's controller: what needs its worker or a file's text. */
export interface LogsTab {
  /** Files dropped or chosen: IP ranges files (by their published names) and logs; the logs are read. */
  add(files: readonly File[]): Promise<void>;
  /** IP ranges files added from their own picker, whatever their names. */
  addRanges(files: readonly File[]): Promise<void>;
  /** The `index`-th ranges file verifies `crawler`. */
  rangesFor(index: number, crawler: string): void;
  removeRanges(index: number): void;
  choose(patch: Partial<LogsChoices>): void;
  filter(patch: Partial<LogFilter>): void;
  /** The crawler table lists the crawlers whose name, operator or User-Agent holds `text`. */
  searchCrawlers(text: string): void;
  /** The crawler table lists another page of its crawlers. */
  moreCrawlers(): void;
  /** Reads the logs against the file as it is now (a run under way is stopped first). */
  run(): void;
  /** Stops the run under way; the last result stays. */
  stop(): void;
  /** Forgets the log files and what was read of them. */
  clear(): void;
  /** The CSV of the last result's requests under the filter; null when it could not be written (the tab then says why). */
  csv(): Promise<Blob | null>;
  /** The tab was left: a run under way stops (its files and choices stay). */
  leave(): void;
  dispose(): void;
}

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));
/** A run or export the page cancelled, or one a replaced worker took with it (the slice heard of that from the restart). */
const superseded = (e: unknown): boolean => e instanceof WorkerError && (e.name === 'Cancelled' || e.name === 'WorkerRestarted' || e.name === 'WorkerStopped');

/** Creates the Logs tab's controller over the tester's store; `spawn` starts its worker (on the first run). */
export function createLogsTab(tester: TesterStore, spawn: () => WorkerLike, now: () => number = () => performance.now()): LogsTab {
  const { store } = tester;
  const apply = (f: (s: TesterState) => TesterState) => store.setState(f(store.getState()), true);
  const client = new LogsWorkerClient(spawn, (why) => apply((s) => logsWorkerRestarted(s, why)));
  apply(logsOpened);

  const run = () => {
    const s = store.getState();
    const l = logsOf(s);
    if (l.files.length === 0) return;
    client.cancel('logs-run');
    const files = l.files;
    const setup = logsRunSetup(s);
    apply((x) => logsRunStarted(x, logsBytes(files), now()));
    client.run(files, setup, (p) => apply((x) => logsRunProgress(x, p))).then(
      ({ outcome, ms }) => apply((x) => logsRunDone(x, { outcome, ms, files, setup })),
      (e: unknown) => {
        if (!superseded(e)) apply((x) => logsRunFailed(x, reason(e)));
      },
    );
  };
  const stop = () => {
    client.cancel('logs-run');
    apply(logsRunStopped);
  };
  const readRanges = (files: readonly File[]) => Promise.all(files.map(async (f) => rangesChoice(f.name, await f.text())));
  const logFile = (f: File): LogFile => ({ name: f.name, blob: f });

  return {
    async add(files) {
      const ranges = await readRanges(files.filter((f) => isRangesFile(f.name)));
      const logs = files.filter((f) => !isRangesFile(f.name)).map(logFile);
      const had = logsOf(store.getState()).files.length > 0;
      apply((s) => logsFilesAdded(s, logs, ranges));
      if (logs.length > 0 || (ranges.length > 0 && had)) run();
    },
    async addRanges(files) {
      const ranges: RangesChoice[] = await readRanges(files);
      apply((s) => logsFilesAdded(s, [], ranges));
      // A ranges file whose name does not say whose it is changes nothing until a crawler is chosen.
      if (ranges.some((r) => r.crawlers !== null)) run();
    },
    rangesFor(index, crawler) {
      apply((s) => logsRangesFor(s, index, crawler));
      run();
    },
    removeRanges(index) {
      apply((s) => logsRangesRemoved(s, index));
      run();
    },
    choose(patch) {
      apply((s) => logsChosen(s, patch));
      run();
    },
    filter(patch) {
      apply((s) => logsFiltered(s, patch));
    },
    searchCrawlers(text) {
      apply((s) => logsCrawlersSearched(s, text));
    },
    moreCrawlers() {
      apply(logsCrawlersMore);
    },
    run,
    stop,
    clear() {
      client.cancel('logs-run');
      apply(logsCleared);
    },
    async csv() {
      const l = logsOf(store.getState());
      if (!l.result) return null;
      apply(logsExportStarted);
      try {
        const out = await client.csv(l.result.files, l.result.setup, l.filter);
        apply((s) => logsExported(s, out.rows));
        return out.csv;
      } catch (e) {
        apply((s) => logsExportFailed(s, reason(e)));
        return null;
      }
    },
    leave() {
      if (logsOf(store.getState()).run) stop();
    },
    dispose() {
      client.dispose();
    },
  };
}
