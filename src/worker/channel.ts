/**
 * One worker as the UI thread drives it, whatever the worker is for: spawned at once or on first
 * use, sent only the newest request, sent the document as what changed since the copy it holds,
 * replaced by a watchdog when it stops answering or crashes (the newest request goes again, its
 * text whole), and sent the text whole when it lost track of it.
 */
import type { TextEdit } from '../robots/index.js';
import type { AnalyseRequest, BulkRequest, DiagnoseRequest, PolicyRequest, ReadersRequest, ReplyVia, WorkerRequest, WorkerResponse } from './protocol.js';
import { HeldText } from './text-sync.js';

/** The part of a Worker a channel uses (a hand-driven fake works in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest | ReplyVia): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<WorkerResponse>) => void): void;
  addEventListener(type: 'error', listener: (e: Event) => void): void;
  terminate(): void;
}

/** A request that carries the document, before the channel numbers it and encodes its text. */
export type DocumentRequest = AnalyseRequest | BulkRequest | DiagnoseRequest | ReadersRequest | PolicyRequest;

/** A request as a caller makes it: the channel gives it its id. */
export type Unsent<R extends DocumentRequest> = R extends unknown ? Omit<R, 'id'> : never;

/** Why a worker was replaced. */
export type RestartReason = 'timeout' | 'crash';

/** How one channel behaves. */
export interface ChannelOptions<R extends DocumentRequest> {
  readonly create: () => WorkerLike;
  /**
   * `queue`: one request in flight and the newest waiting (requests in between are never sent;
   * an answer that arrives while a newer one waits is dropped). `supersede`: each request is
   * posted at once and the worker drops older work.
   */
  readonly order: 'queue' | 'supersede';
  /** How long the worker may stay silent about `req` before it is replaced; null: no watchdog. */
  readonly timeoutMs: ((req: R) => number) | null;
  /** True: the worker is spawned for the first request, not with the channel. */
  readonly lazy?: boolean;
  /** Every message about the newest request: its answer, an error, or progress. */
  readonly onMessage: (msg: WorkerResponse) => void;
  /** The worker was replaced and the newest request sent to the new one. */
  readonly onRestart?: (reason: RestartReason) => void;
}

/** Drives one worker; see the module comment. */
export class WorkerChannel<R extends DocumentRequest> {
  private worker: WorkerLike | null = null;
  private nextId = 1;
  /** The newest request posted, until its answer arrives. */
  private inFlight: R | null = null;
  private waiting: R | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  // What the worker holds of the document: requests carry only what changed since.
  private readonly held = new HeldText();

  constructor(private readonly options: ChannelOptions<R>) {
    if (!options.lazy) this.worker = this.spawn();
  }

  /** The document changed by `edits` (null: replaced); told before the request for the new text. */
  textChanged(edits: readonly TextEdit[] | null): void {
    this.held.changed(edits);
  }

  /** Sends `req` (or, in `queue` order, keeps it until the request in flight is answered). */
  send(req: Unsent<R>): void {
    if (this.disposed) return;
    const numbered = { ...req, id: this.nextId++ } as unknown as R;
    if (this.options.order === 'queue' && this.inFlight) this.waiting = numbered;
    else this.post(numbered);
  }

  /** Stops the worker; later calls do nothing. */
  dispose(): void {
    this.disposed = true;
    this.disarm();
    this.worker?.terminate();
    this.worker = null;
  }

  private spawn(): WorkerLike {
    const w = this.options.create();
    this.held.lost();
    w.addEventListener('message', (e: MessageEvent<WorkerResponse>) => {
      if (w === this.worker) this.receive(e.data);
    });
    w.addEventListener('error', () => {
      if (w === this.worker) this.restart('crash');
    });
    return w;
  }

  private post(req: R): void {
    this.worker ??= this.spawn();
    this.inFlight = req;
    this.arm();
    this.worker.postMessage({ ...req, text: this.held.payload(req.text) } as WorkerRequest);
  }

  private arm(): void {
    this.disarm();
    const req = this.inFlight;
    if (req && this.options.timeoutMs) this.timer = setTimeout(() => this.restart('timeout'), this.options.timeoutMs(req));
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private receive(msg: WorkerResponse): void {
    const current = this.inFlight;
    if (!current || msg.id !== current.id) return;
    if (msg.type === 'bulk-progress') {
      // Progress proves the worker alive: the watchdog starts again.
      this.arm();
      this.options.onMessage(msg);
      return;
    }
    this.disarm();
    this.inFlight = null;
    const next = this.waiting;
    this.waiting = null;
    // Something newer is waiting: this answer is stale, and the newest request goes instead.
    if (next) this.post(next);
    else if (msg.type === 'error' && msg.error.name === 'OutOfSync') {
      // The worker lost track of the text (it never should): send this request's text whole.
      this.held.lost();
      this.post({ ...current, id: this.nextId++ });
    } else this.options.onMessage(msg);
  }

  private restart(reason: RestartReason): void {
    if (this.disposed) return;
    this.disarm();
    const again = this.waiting ?? this.inFlight;
    this.inFlight = null;
    this.waiting = null;
    this.worker?.terminate();
    this.worker = this.spawn();
    this.options.onRestart?.(reason);
    // No edit is lost: the newest request is sent again, whole, to the new worker.
    if (again) this.post({ ...again, id: this.nextId++ });
  }
}

/**
 * `worker` with its answers taken from a BroadcastChannel of its own (see ReplyVia): they are
 * not held back until the frame after a keypress. `worker` as it is where there is no
 * BroadcastChannel.
 */
export function withBroadcastReplies(worker: WorkerLike): WorkerLike {
  if (typeof BroadcastChannel === 'undefined') return worker;
  // A name no other tab or worker uses: a BroadcastChannel reaches every same-origin context.
  const name = `robots-replies-${typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`}`;
  const replies = new BroadcastChannel(name);
  worker.postMessage({ type: 'reply-via', channel: name });
  return {
    postMessage: (message) => worker.postMessage(message),
    addEventListener(type: 'message' | 'error', listener: (e: never) => void) {
      if (type === 'message') replies.addEventListener('message', listener as (e: MessageEvent) => void);
      else worker.addEventListener('error', listener as (e: Event) => void);
    },
    terminate() {
      worker.terminate();
      replies.close();
    },
  } as WorkerLike;
}
