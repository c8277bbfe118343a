/**
 * One worker as the UI thread drives it, whatever the worker is for: spawned at once or on first
 * use, sent only the newest request of each type, sent the document as what changed since the copy
 * it holds, replaced by a watchdog when it stops answering or crashes (the newest requests go
 * again, their text whole), and sent the text whole when it lost track of it. The watchdog starts
 * once the worker has said it is ready: loading its script is the network's time, not the worker's
 * (a load gets a generous deadline of its own). Workers that keep failing to start are not replaced
 * forever: the newest requests fail with a WorkerFailed error, and the next request tries again.
 */
import type { TextEdit } from '../robots/index.js';
import type { AnalyseRequest, BulkRequest, DiagnoseRequest, PolicyRequest, ReadersRequest, ReplyVia, WorkerMessage, WorkerRequest, WorkerResponse } from './protocol.js';
import { HeldText } from './text-sync.js';

/** The part of a Worker a channel uses (a hand-driven fake works in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest | ReplyVia): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<WorkerMessage>) => void): void;
  addEventListener(type: 'error', listener: (e: Event) => void): void;
  terminate(): void;
}

/** A request that carries the document, before the channel numbers it and encodes its text. */
export type DocumentRequest = AnalyseRequest | BulkRequest | DiagnoseRequest | ReadersRequest | PolicyRequest;

/** A request as a caller makes it: the channel gives it its id. */
export type Unsent<R extends DocumentRequest> = R extends unknown ? Omit<R, 'id'> : never;

/** Why a worker was replaced. */
export type RestartReason = 'timeout' | 'crash';

// Workers in a row that failed before their first word: the script cannot be loaded (offline,
// no copy cached), and spawning more would only repeat that. The newest requests fail instead.
const FAILED_STARTS = 3;

// How long a worker may take to load its scripts before it counts as failed to start: far past a
// slow network's time, so that only a load that hangs is given up on.
const LOAD_MS = 30_000;

/**
 * How requests of one type are sent. `queue`: one request in flight and the newest waiting
 * (requests in between are never sent; an answer that arrives while a newer one waits is
 * dropped). `supersede`: each request is posted at once and the worker drops older work.
 * `background`: posted at once too, but work the worker does between other requests: no watchdog
 * of its own (the other requests' watch the worker) and not sent again to a replaced worker.
 */
export type Order = 'queue' | 'supersede' | 'background';

/** How one channel behaves. */
export interface ChannelOptions<R extends DocumentRequest> {
  readonly create: () => WorkerLike;
  /**
   * The order of each request type the worker serves (one order: every type). Each type is a lane
   * of its own: its newest request, its watchdog, its answers; all lanes share the worker's copy
   * of the document, so every request carries what changed since the request posted before it.
   */
  readonly order: Order | { readonly [T in R['type']]: Order };
  /** How long the worker may stay silent about `req` before it is replaced; null: no watchdog. */
  readonly timeoutMs: ((req: R) => number) | null;
  /** True: the worker is spawned for the first request, not with the channel. */
  readonly lazy?: boolean;
  /** Every message about the newest request of its type (`req`): its answer, an error, or progress. */
  readonly onMessage: (msg: WorkerResponse, req: R) => void;
  /**
   * Sees every answer of the worker in order, stale ones too (not its first word, which is the
   * channel's), before the channel matches it to a request; the channel goes on with what it returns.
   */
  readonly received?: (msg: WorkerResponse) => WorkerResponse;
  /** The worker was replaced and the newest request of each type sent to the new one. */
  readonly onRestart?: (reason: RestartReason) => void;
}

/** The requests of one type: the newest posted (until answered) and the newest waiting to be. */
interface Lane<R> {
  readonly order: Order;
  inFlight: R | null;
  waiting: R | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/** Drives one worker; see the module comment. */
export class WorkerChannel<R extends DocumentRequest> {
  private worker: WorkerLike | null = null;
  /** The worker has said something (it is ready): its silence now counts against it. */
  private heard = false;
  /** Workers replaced in a row before their first word. */
  private failedStarts = 0;
  private nextId = 1;
  private readonly lanes = new Map<R['type'], Lane<R>>();
  private disposed = false;
  // What the worker holds of the document: requests carry only what changed since.
  private readonly held = new HeldText();

  constructor(private readonly options: ChannelOptions<R>) {
    if (!options.lazy) this.worker = this.spawn();
  }

  /** The document changed into `text` by `edits` (null: replaced); told before any request for `text`. */
  textChanged(edits: readonly TextEdit[] | null, text: string): void {
    this.held.changed(edits, text);
  }

  /** Sends `req` (or, in `queue` order, keeps it until the request of its type in flight is answered). */
  send(req: Unsent<R>): void {
    if (this.disposed) return;
    const numbered = { ...req, id: this.nextId++ } as unknown as R;
    const lane = this.lane(numbered.type);
    if (lane.order === 'queue' && lane.inFlight) lane.waiting = numbered;
    else this.post(lane, numbered);
  }

  /** Stops the worker; later calls do nothing. */
  dispose(): void {
    this.disposed = true;
    for (const lane of this.lanes.values()) this.disarm(lane);
    this.worker?.terminate();
    this.worker = null;
  }

  private lane(type: R['type']): Lane<R> {
    let lane = this.lanes.get(type);
    if (!lane) {
      const { order } = this.options;
      lane = { order: typeof order === 'string' ? order : order[type as R['type']], inFlight: null, waiting: null, timer: null };
      this.lanes.set(type, lane);
    }
    return lane;
  }

  private spawn(): WorkerLike {
    const w = this.options.create();
    this.heard = false;
    this.held.lost();
    w.addEventListener('message', (e: MessageEvent<WorkerMessage>) => {
      if (w !== this.worker) return;
      if (!this.heard) this.firstWord();
      if (e.data.type !== 'ready') this.receive(e.data);
    });
    w.addEventListener('error', () => {
      if (w === this.worker) this.restart('crash');
    });
    return w;
  }

  private post(lane: Lane<R>, req: R): void {
    this.worker ??= this.spawn();
    lane.inFlight = req;
    this.arm(lane);
    this.worker.postMessage({ ...req, text: this.held.payload(req.text) } as WorkerRequest);
  }

  private arm(lane: Lane<R>): void {
    this.disarm(lane);
    const req = lane.inFlight;
    if (!req || !this.options.timeoutMs || lane.order === 'background') return;
    // A worker still loading gets the load's deadline; its first word gives each request its own time.
    this.watch(lane, this.heard ? this.options.timeoutMs(req) : LOAD_MS);
  }

  /** The worker spoke for the first time: it has loaded, and each request in flight gets its full time from now. */
  private firstWord(): void {
    this.heard = true;
    this.failedStarts = 0;
    for (const lane of this.lanes.values()) this.arm(lane);
  }

  /**
   * Replaces the worker if it stays silent for `ms` while the page listens. A timer that fires late
   * means the page itself was busy (a long task): the worker's answer may be queued behind it, so
   * the worker gets a fresh `ms` instead of a false "stopped responding".
   */
  private watch(lane: Lane<R>, ms: number): void {
    const armedAt = Date.now();
    lane.timer = setTimeout(() => {
      lane.timer = null;
      if (Date.now() - armedAt > ms + Math.max(250, ms / 2)) this.watch(lane, ms);
      else this.restart('timeout');
    }, ms);
  }

  private disarm(lane: Lane<R>): void {
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = null;
  }

  private receive(received: WorkerResponse): void {
    const msg = this.options.received ? this.options.received(received) : received;
    let lane: Lane<R> | undefined;
    for (const l of this.lanes.values()) if (l.inFlight?.id === msg.id) lane = l;
    const current = lane?.inFlight;
    if (!lane || !current) return;
    if (msg.type === 'bulk-progress') {
      // Progress proves the worker alive: the watchdog starts again.
      this.arm(lane);
      this.options.onMessage(msg, current);
      return;
    }
    this.disarm(lane);
    lane.inFlight = null;
    const next = lane.waiting;
    lane.waiting = null;
    // Something newer is waiting: this answer is stale, and the newest request goes instead.
    if (next) this.post(lane, next);
    else if (msg.type === 'error' && msg.error.name === 'OutOfSync') {
      // The worker lost track of the text (it never should): send this request's text whole.
      this.held.lost();
      this.post(lane, { ...current, id: this.nextId++ });
    } else this.options.onMessage(msg, current);
  }

  private restart(reason: RestartReason): void {
    if (this.disposed) return;
    const again: [Lane<R>, R][] = [];
    for (const lane of this.lanes.values()) {
      this.disarm(lane);
      const req = lane.waiting ?? lane.inFlight;
      // Background work is not sent again: it may be what kept the worker silent.
      if (req && lane.order !== 'background') again.push([lane, req]);
      lane.inFlight = null;
      lane.waiting = null;
    }
    this.worker?.terminate();
    this.failedStarts = this.heard ? 0 : this.failedStarts + 1;
    if (this.failedStarts >= FAILED_STARTS) {
      // No worker can start: the newest requests fail with a message; the next request tries again.
      this.worker = null;
      this.failedStarts = 0;
      const error = { name: 'WorkerFailed', message: 'The worker could not be started (its script did not load).' };
      for (const [, req] of again) if (!this.disposed) this.options.onMessage({ type: 'error', id: req.id, error }, req);
      return;
    }
    this.worker = this.spawn();
    this.options.onRestart?.(reason);
    // No edit is lost: the newest request of each type is sent again, whole, to the new worker;
    // one for an older text than the newest request's is not (the newest would wait behind it).
    again.sort((a, b) => a[1].id - b[1].id);
    const text = again[again.length - 1]?.[1].text;
    for (const [lane, req] of again) if (req.text === text) this.post(lane, { ...req, id: this.nextId++ });
  }
}

/**
 * `worker` with its answers taken from a BroadcastChannel of its own (see ReplyVia): Chromium
 * holds a worker's posted answer after a keypress until that keystroke's frame is drawn, and holds
 * these less often. Traced in the real-shaped 500 KB file over 44 keystrokes: all of an echo
 * worker's posted answers came after the frame (~20 ms); a BroadcastChannel echo's came at 3–14 ms;
 * about half of the analysis's came before the frame, the rest after it (18–25 ms).
 * `worker` as it is where there is no BroadcastChannel.
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
      if (type === 'message') {
        replies.addEventListener('message', listener as (e: MessageEvent) => void);
        // The worker's first word comes to the page itself (it is said before the channel opens).
        worker.addEventListener('message', listener as (e: MessageEvent) => void);
      } else worker.addEventListener('error', listener as (e: Event) => void);
    },
    terminate() {
      worker.terminate();
      replies.close();
    },
  } as WorkerLike;
}
