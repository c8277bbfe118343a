/**
 * The page's side of the Site worker: sources in, audits asked for with the document as an edit
 * of the copy the worker holds, and queries (a page of rows, a folder's children, the CSV)
 * answered by promise. The worker starts when the Site tab first needs it.
 */
import type { FetchStatus, TextEdit } from '../robots/index.js';
import type { FolderSummary } from '../robots/site/index.js';
import type {
  SiteAuditSpec, SiteRequest, SiteResponse, SiteRowPage, SiteRowQuery, SiteSourceInput, SiteState,
  SiteUnsent,
} from './site-protocol.js';
import { HeldText } from './text-sync.js';

/** A worker as the client uses it (the app's module worker; tests: a fake). */
export interface SiteWorkerLike {
  postMessage(message: SiteRequest): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<SiteResponse>) => void): void;
  terminate(): void;
}

/** What the client reports as the worker goes. */
export interface SiteEvents {
  onState(state: SiteState): void;
  onProgress(progress: Extract<SiteResponse, { type: 'site-progress' }>): void;
}

/** An audit as the page asks for it: the document as text (the client sends what changed). */
export type SiteAuditParams = Omit<SiteAuditSpec, 'text'> & { readonly text: string; readonly status: FetchStatus };

/** Drives the Site worker. */
export class SiteWorkerClient {
  private worker: SiteWorkerLike | null = null;
  private next = 1;
  private readonly held = new HeldText();
  private readonly pending = new Map<number, { resolve: (m: SiteResponse) => void; reject: (e: Error) => void }>();
  private last: SiteAuditParams | null = null;

  constructor(private readonly create: () => SiteWorkerLike, private readonly events: SiteEvents) {}

  private started(): SiteWorkerLike {
    if (this.worker) return this.worker;
    const w = this.create();
    w.addEventListener('message', (e) => this.receive(e.data));
    this.worker = w;
    return w;
  }

  private receive(msg: SiteResponse): void {
    if (msg.type === 'site-state') this.events.onState(msg.state);
    else if (msg.type === 'site-progress') this.events.onProgress(msg);
    else {
      const p = this.pending.get(msg.id);
      if (!p) {
        // A failed audit request (no promise waits for it): the worker's copy of the text was not the one the edit fits.
        if (msg.type === 'site-error' && this.last) {
          this.held.lost();
          this.audit(this.last);
        }
        return;
      }
      this.pending.delete(msg.id);
      if (msg.type === 'site-error') p.reject(new Error(msg.message));
      else p.resolve(msg);
    }
  }

  private send(req: SiteUnsent): number {
    const id = this.next++;
    this.started().postMessage({ ...req, id } as SiteRequest);
    return id;
  }

  private ask<T extends SiteResponse['type']>(req: SiteUnsent): Promise<Extract<SiteResponse, { type: T }>> {
    return new Promise((resolve, reject) => {
      const id = this.send(req);
      this.pending.set(id, { resolve: resolve as (m: SiteResponse) => void, reject });
    });
  }

  /** The document changed into `text` by `edits` (null: replaced), told before the next audit. */
  textChanged(edits: readonly TextEdit[] | null, text: string): void {
    this.held.changed(edits, text);
  }

  /** Adds sources to the inventory (read in order, audited as they come). */
  add(sources: readonly SiteSourceInput[]): void {
    this.send({ type: 'site-add', sources });
  }

  /** Removes the index-th source (the inventory is read again without it). */
  remove(index: number): void {
    this.send({ type: 'site-remove', index });
  }

  /** Empties the inventory. */
  clear(): void {
    this.send({ type: 'site-clear' });
  }

  /** Audits the inventory against `params` (the held URLs now, those still coming as they come). */
  audit(params: SiteAuditParams): void {
    this.last = params;
    this.send({ type: 'site-audit', spec: { ...params, text: this.held.payload(params.text) } });
  }

  /** A page of the list. */
  async rows(query: SiteRowQuery): Promise<{ revision: number; page: SiteRowPage }> {
    const m = await this.ask<'site-rows'>({ type: 'site-rows', query });
    return { revision: m.revision, page: m.page };
  }

  /** A folder's sub-folders, by its address ('': the roots). */
  async children(folder: string): Promise<{ revision: number; nodes: readonly FolderSummary[] }> {
    const m = await this.ask<'site-children'>({ type: 'site-children', folder });
    return { revision: m.revision, nodes: m.nodes };
  }

  /** Every row as the audit's CSV. */
  async csv(): Promise<Blob> {
    return (await this.ask<'site-csv'>({ type: 'site-csv' })).csv;
  }

  /** Stops the worker; queries waiting are refused. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error('the Site worker stopped'));
    this.pending.clear();
  }
}
