/**
 * The page's side of the Site worker, one WorkerChannel configured for it: the sources (the whole
 * list each time) and the audit (the document as an edit of the copy the worker holds) are what
 * the worker keeps, so a replaced worker is sent both again; a page of rows, a folder's children
 * and the CSV are questions answered by promise. The worker starts when the Site tab first needs it.
 */
import type { TextEdit } from '../robots/index.js';
import type { FolderSummary } from '../robots/site/index.js';
import { WorkerChannel, type RestartReason, type Unsent, type WorkerLike } from './channel.js';
import type { SiteAuditRequest, SiteProgress, SiteRequest, SiteRowPage, SiteRowQuery, SiteSourceInput, SiteWorkerState } from './site-protocol.js';

/** What the client reports as the worker goes. */
export interface SiteEvents {
  onState(state: SiteWorkerState): void;
  onProgress(progress: SiteProgress): void;
  /** The worker was replaced (it crashed, or stopped answering); the sources and the audit were sent to the new one. */
  onRestart(reason: RestartReason): void;
  /** Reading the sources or auditing them failed: the worker reported a failure, or no worker could start (WorkerFailed). */
  onError(message: string): void;
}

/** An audit as the page asks for it: the document as text (the channel sends what changed). */
export type SiteAuditParams = Omit<Unsent<SiteAuditRequest>, 'type'>;

/**
 * How long the worker may stay silent: a long run is then pinged (its event loop must turn), a
 * question is answered within it. The CSV of a million rows is written in one go: it gets longer.
 */
const SILENCE_MS = 10_000;
const CSV_MS = 60_000;

/** Drives the Site worker. */
export class SiteWorkerClient {
  private readonly channel: WorkerChannel<SiteRequest>;

  constructor(create: () => WorkerLike, events: SiteEvents, timeoutMs = SILENCE_MS) {
    this.channel = new WorkerChannel<SiteRequest>({
      create,
      lazy: true,
      order: {
        'site-sources': { order: 'supersede', watch: 'alive', keeps: true },
        'site-audit': { order: 'supersede', watch: 'alive', keeps: true },
        'site-rows': 'ask',
        'site-children': 'ask',
        'site-csv': 'ask',
      },
      timeoutMs: (req) => (req.type === 'site-csv' ? Math.max(CSV_MS, timeoutMs) : timeoutMs),
      onEvent: (msg) => {
        if (msg.type === 'site-state') events.onState(msg.state);
        else events.onProgress({ phase: msg.phase, urls: msg.urls, checked: msg.checked });
      },
      onMessage: (msg) => {
        if (msg.type === 'error') events.onError(msg.error.message);
      },
      onRestart: (reason) => events.onRestart(reason),
    });
  }

  /** The document changed into `text` by `edits` (null: replaced), told before the next audit. */
  textChanged(edits: readonly TextEdit[] | null, text: string): void {
    this.channel.textChanged(edits, text);
  }

  /** The inventory's sources are now `sources` (read in order; what was read of those it starts with is kept). */
  read(sources: readonly SiteSourceInput[]): void {
    this.channel.send({ type: 'site-sources', sources });
  }

  /** Audits the inventory against `params` (the held URLs now, those still coming as they come). */
  audit(params: SiteAuditParams): void {
    this.channel.send({ type: 'site-audit', ...params });
  }

  /** A page of the list, and the revision of the audit it comes from. */
  async rows(query: SiteRowQuery): Promise<{ revision: number; page: SiteRowPage }> {
    const m = await this.channel.ask({ type: 'site-rows', query });
    if (m.type !== 'site-rows') throw new Error(`unexpected answer ${m.type}`);
    return { revision: m.revision, page: m.page };
  }

  /** A folder's sub-folders, by its address ('': the roots), and the revision of the audit they come from. */
  async children(folder: string): Promise<{ revision: number; nodes: readonly FolderSummary[] }> {
    const m = await this.channel.ask({ type: 'site-children', folder });
    if (m.type !== 'site-children') throw new Error(`unexpected answer ${m.type}`);
    return { revision: m.revision, nodes: m.nodes };
  }

  /** Every row as the audit's CSV. */
  async csv(): Promise<Blob> {
    const m = await this.channel.ask({ type: 'site-csv' });
    if (m.type !== 'site-csv') throw new Error(`unexpected answer ${m.type}`);
    return m.csv;
  }

  /** Stops the worker; questions waiting fail with WorkerStopped. */
  dispose(): void {
    this.channel.dispose();
  }
}
