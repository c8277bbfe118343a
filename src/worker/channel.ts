/**
 * One worker as the UI thread drives it, whatever the worker is for: spawned at once or on first
 * use, sent the newest request of each type (or every one, answered by promise), sent the document
 * as what changed since the copy it holds, replaced by a watchdog when it stops answering or
 * crashes (the newest requests go again, their text whole, and those that gave the worker what it
 * keeps, answered or not; those not sent again, and the questions waiting, are answered with a
 * WorkerRestarted error: nothing waits for ever), and sent the text whole when it lost track of
 * it. The watchdog starts once the worker has said it is ready: loading its script is the
 * network's time, not the worker's (a load gets a generous deadline of its own). A long run that
 * may wait on the network is not timed by its answer but by the worker's answer to a ping. Workers
 * that keep failing to start are not replaced forever: the newest requests fail with a
 * WorkerFailed error, and the next request tries again.
 */
import type { TextEdit } from '../robots/index.js';
import type { ControlMessage, ErrorResponse, WorkerEvent, WorkerMessage, WorkerRequest, WorkerResponse } from './protocol.js';
import { HeldText } from './text-sync.js';

/** The part of a Worker a channel uses (a hand-driven fake works in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest | ControlMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<WorkerMessage>) => void): void;
  addEventListener(type: 'error', listener: (e: Event) => void): void;
  terminate(): void;
}

/** A request a channel carries: typed and numbered; one about the document carries its text (sent as a TextPayload). */
export interface ChannelRequest {
  readonly type: string;
  readonly id: number;
  readonly text?: string;
}

/** A request as a caller makes it: the channel gives it its id. */
export type Unsent<R extends ChannelRequest> = R extends unknown ? Omit<R, 'id'> : never;

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
 * `ask`: every request is posted at once and answered on its own, by the promise `ask` returns.
 */
export type Order = 'queue' | 'supersede' | 'background' | 'ask';

/** How one type of request is sent and watched. */
export interface LaneOptions {
  readonly order: Order;
  /**
   * How the worker's silence is judged while a request of this type is in flight. `answer` (the
   * default): silent past the deadline, the worker is stuck. `alive`: a long run that may wait on
   * the network or a file; past the deadline the worker is pinged, and only silence to that (its
   * event loop is not turning) replaces it. Any message of the worker is a sign of life.
   */
  readonly watch?: 'answer' | 'alive';
  /**
   * Whether the newest request of this type goes again to a replaced worker (default: yes, but
   * not background work or questions). One not sent again is answered with a WorkerRestarted error.
   */
  readonly resend?: boolean;
  /**
   * The worker keeps what a request of this type gives it (a state, such as the sources it reads
   * or what it audits them against), not work that is done once answered: the newest request goes
   * again to every new worker, answered or not.
   */
  readonly keeps?: boolean;
}

/** How one channel behaves. */
export interface ChannelOptions<R extends ChannelRequest> {
  readonly create: () => WorkerLike;
  /**
   * The order of each request type the worker serves (one order: every type). Each type is a lane
   * of its own: its newest request, its watchdog, its answers; all lanes share the worker's copy
   * of the document, so every request carries what changed since the request posted before it.
   */
  readonly order: Order | { readonly [T in R['type']]: Order | LaneOptions };
  /** How long the worker may stay silent about `req` before it is replaced (or, watched `alive`, pinged); null: no watchdog. */
  readonly timeoutMs: ((req: R) => number) | null;
  /** True: the worker is spawned for the first request, not with the channel. */
  readonly lazy?: boolean;
  /** Every message about the newest request of its type (`req`): its answer, an error, or progress. Questions (`ask`) are answered by their promise instead. */
  readonly onMessage?: (msg: WorkerResponse, req: R) => void;
  /** What the worker says unasked (the state of what it holds). */
  readonly onEvent?: (msg: WorkerEvent) => void;
  /**
   * Sees every answer of the worker in order, stale ones too (not its first word, which is the
   * channel's), before the channel matches it to a request; the channel goes on with what it returns.
   */
  readonly received?: (msg: WorkerResponse) => WorkerResponse;
  /** The worker was replaced; the newest request of each type that goes again was sent to the new one. */
  readonly onRestart?: (reason: RestartReason) => void;
}

/** A request posted and not answered yet, with its watchdog. */
interface Flight<R> {
  readonly req: R;
  timer: ReturnType<typeof setTimeout> | null;
  /** Pinged once its deadline passed (a lane watched `alive`): the next deadline replaces the worker. */
  pinged: boolean;
  /** A question's promise, and whom to tell of its progress. */
  readonly answer?: {
    readonly resolve: (msg: WorkerResponse) => void;
    readonly reject: (err: Error) => void;
    readonly progress?: (msg: WorkerResponse) => void;
  };
}

/** The requests of one type: those posted and not answered (one, but for questions), and the newest waiting (queue order). */
interface Lane<R> {
  readonly order: Order;
  readonly watch: 'answer' | 'alive';
  readonly resend: boolean;
  readonly flights: Map<number, Flight<R>>;
  waiting: R | null;
  /** The newest request posted, in a lane whose requests give the worker what it keeps. */
  kept: R | null;
  readonly keeps: boolean;
}

/** A failure of the worker's, as the Error a question's promise is rejected with. */
export class WorkerError extends Error {
  constructor(readonly error: ErrorResponse['error']) {
    super(error.message);
    this.name = error.name;
  }
}

/** Whether `msg` reports on a request still under way (its type ends in `-progress`): not its answer. */
export function isProgress(msg: WorkerResponse): boolean {
  return msg.type.endsWith('-progress');
}

/** Drives one worker; see the module comment. */
export class WorkerChannel<R extends ChannelRequest> {
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
    const numbered = this.number(req);
    const lane = this.lane(numbered.type);
    if (lane.order === 'ask') throw new Error(`requests of type ${numbered.type} are questions: ask them`);
    if (lane.order === 'queue' && lane.flights.size > 0) lane.waiting = numbered;
    else this.post(lane, numbered);
  }

  /**
   * Asks `req` (a type sent in `ask` order): its answer, or a WorkerError (the worker's failure,
   * WorkerRestarted when the worker was replaced meanwhile, WorkerStopped once disposed, Cancelled).
   * `progress` hears of the reports on it before the answer.
   */
  ask(req: Unsent<R>, progress?: (msg: WorkerResponse) => void): Promise<WorkerResponse> {
    if (this.disposed) return Promise.reject(new WorkerError({ name: 'WorkerStopped', message: 'The worker was stopped.' }));
    const numbered = this.number(req);
    const lane = this.lane(numbered.type);
    if (lane.order !== 'ask') throw new Error(`requests of type ${numbered.type} are not questions: send them`);
    return new Promise((resolve, reject) => this.post(lane, numbered, { resolve, reject, ...(progress ? { progress } : {}) }));
  }

  /**
   * Stops the work of every request of `type` not answered yet: the worker is told (its handler's
   * signal aborts), a waiting request is dropped, a question's promise fails with Cancelled.
   */
  cancel(type: R['type']): void {
    const lane = this.lanes.get(type);
    if (!lane) return;
    lane.waiting = null;
    lane.kept = null;
    for (const flight of [...lane.flights.values()]) {
      this.land(lane, flight);
      this.worker?.postMessage({ type: 'cancel', id: flight.req.id });
      flight.answer?.reject(new WorkerError({ name: 'Cancelled', message: 'The request was cancelled.' }));
    }
  }

  /** Stops the worker; questions waiting fail with WorkerStopped; later calls do nothing. */
  dispose(): void {
    this.disposed = true;
    const stopped = new WorkerError({ name: 'WorkerStopped', message: 'The worker was stopped.' });
    for (const lane of this.lanes.values()) {
      for (const flight of lane.flights.values()) {
        this.disarm(flight);
        flight.answer?.reject(stopped);
      }
      lane.flights.clear();
      lane.waiting = null;
    }
    this.worker?.terminate();
    this.worker = null;
  }

  private number(req: Unsent<R>): R {
    return { ...req, id: this.nextId++ } as unknown as R;
  }

  private lane(type: R['type']): Lane<R> {
    let lane = this.lanes.get(type);
    if (!lane) {
      const { order } = this.options;
      const given = typeof order === 'string' ? order : order[type as R['type']];
      const o: LaneOptions = typeof given === 'string' ? { order: given } : given;
      const keeps = o.keeps === true && o.order !== 'ask';
      lane = {
        order: o.order, watch: o.watch ?? 'answer', resend: keeps || (o.resend ?? (o.order !== 'background' && o.order !== 'ask')), flights: new Map(), waiting: null,
        kept: null, keeps,
      };
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
      this.alive();
      const msg = e.data;
      if (msg.type === 'ready' || msg.type === 'pong') return;
      if (!('id' in msg)) this.options.onEvent?.(msg);
      else this.receive(msg);
    });
    w.addEventListener('error', () => {
      if (w === this.worker) this.restart('crash');
    });
    return w;
  }

  private post(lane: Lane<R>, req: R, answer?: Flight<R>['answer']): void {
    if (!this.worker) {
      this.worker = this.spawn();
      // A worker started after none could be: it gets what the others keep too (this lane's goes now).
      const kept = [...this.lanes.values()].flatMap((l) => (l !== lane && l.kept ? [[l, l.kept] as const] : [])).sort((a, b) => a[1].id - b[1].id);
      for (const [l, r] of kept) this.post(l, { ...r, id: this.nextId++ });
    }
    if (lane.keeps) lane.kept = req;
    // Outside questions, a lane has one request in flight: a newer one leaves the older one's answer unheard.
    if (lane.order !== 'ask') for (const older of lane.flights.values()) this.land(lane, older);
    const flight: Flight<R> = { req, timer: null, pinged: false, ...(answer ? { answer } : {}) };
    lane.flights.set(req.id, flight);
    this.arm(lane, flight);
    const message = typeof req.text === 'string' ? { ...req, text: this.held.payload(req.text) } : req;
    this.worker.postMessage(message as unknown as WorkerRequest);
  }

  /** A request leaves its lane (answered, superseded, cancelled): its watchdog stops. */
  private land(lane: Lane<R>, flight: Flight<R>): void {
    this.disarm(flight);
    lane.flights.delete(flight.req.id);
  }

  private arm(lane: Lane<R>, flight: Flight<R>): void {
    this.disarm(flight);
    flight.pinged = false;
    if (!this.options.timeoutMs || lane.order === 'background') return;
    // A worker still loading gets the load's deadline; its first word gives each request its own time.
    this.watch(lane, flight, this.heard ? this.options.timeoutMs(flight.req) : LOAD_MS);
  }

  /** The worker spoke for the first time: it has loaded, and each request in flight gets its full time from now. */
  private firstWord(): void {
    this.heard = true;
    this.failedStarts = 0;
    for (const lane of this.lanes.values()) for (const flight of lane.flights.values()) this.arm(lane, flight);
  }

  /** The worker said something: long runs (watched `alive`) get their full time again. */
  private alive(): void {
    for (const lane of this.lanes.values()) {
      if (lane.watch !== 'alive') continue;
      for (const flight of lane.flights.values()) this.arm(lane, flight);
    }
  }

  /**
   * Replaces the worker if it stays silent for `ms` while the page listens (a long run is pinged
   * first). A timer that fires late means the page itself was busy (a long task): the worker's
   * answer may be queued behind it, so the worker gets a fresh `ms` instead of a false "stopped
   * responding".
   */
  private watch(lane: Lane<R>, flight: Flight<R>, ms: number): void {
    const armedAt = Date.now();
    flight.timer = setTimeout(() => {
      flight.timer = null;
      if (Date.now() - armedAt > ms + Math.max(250, ms / 2)) this.watch(lane, flight, ms);
      else if (lane.watch === 'alive' && this.heard && !flight.pinged) {
        flight.pinged = true;
        this.worker?.postMessage({ type: 'ping' });
        this.watch(lane, flight, ms);
      } else this.restart('timeout');
    }, ms);
  }

  private disarm(flight: Flight<R>): void {
    if (flight.timer) clearTimeout(flight.timer);
    flight.timer = null;
  }

  private receive(received: WorkerResponse): void {
    const msg = this.options.received ? this.options.received(received) : received;
    let lane: Lane<R> | undefined;
    let flight: Flight<R> | undefined;
    for (const l of this.lanes.values()) {
      const f = l.flights.get(msg.id);
      if (f) [lane, flight] = [l, f];
    }
    if (!lane || !flight) return;
    const current = flight.req;
    if (isProgress(msg)) {
      // Progress proves the worker alive: the watchdog starts again.
      this.arm(lane, flight);
      if (flight.answer) flight.answer.progress?.(msg);
      else this.options.onMessage?.(msg, current);
      return;
    }
    this.land(lane, flight);
    const next = lane.waiting;
    lane.waiting = null;
    // Something newer is waiting: this answer is stale, and the newest request goes instead.
    if (next) this.post(lane, next);
    else if (msg.type === 'error' && msg.error.name === 'OutOfSync') {
      // The worker lost track of the text (it never should): send this request's text whole.
      this.held.lost();
      this.post(lane, { ...current, id: this.nextId++ }, flight.answer);
    } else if (flight.answer) {
      if (msg.type === 'error') flight.answer.reject(new WorkerError(msg.error));
      else flight.answer.resolve(msg);
    } else this.options.onMessage?.(msg, current);
  }

  /** Tells whoever waits on `flight` that it failed with `error`. */
  private fail(flight: Flight<R>, error: ErrorResponse['error']): void {
    if (this.disposed) return;
    if (flight.answer) flight.answer.reject(new WorkerError(error));
    else this.options.onMessage?.({ type: 'error', id: flight.req.id, error }, flight.req);
  }

  private restart(reason: RestartReason): void {
    if (this.disposed) return;
    const again: [Lane<R>, R][] = [];
    const dropped: Flight<R>[] = [];
    for (const lane of this.lanes.values()) {
      const newest = [...lane.flights.values()].pop();
      const req = lane.waiting ?? newest?.req ?? lane.kept;
      for (const flight of lane.flights.values()) {
        this.disarm(flight);
        // Questions, and work that is not sent again (it may be what kept the worker silent), fail.
        if (!lane.resend || lane.order === 'ask') dropped.push(flight);
      }
      if (req && lane.resend && lane.order !== 'ask') again.push([lane, req]);
      lane.flights.clear();
      lane.waiting = null;
    }
    this.worker?.terminate();
    this.failedStarts = this.heard ? 0 : this.failedStarts + 1;
    if (this.failedStarts >= FAILED_STARTS) {
      // No worker can start: the newest requests fail with a message; the next request tries again.
      this.worker = null;
      this.failedStarts = 0;
      const error = { name: 'WorkerFailed', message: 'The worker could not be started (its script did not load).' };
      for (const [, req] of again) this.fail({ req, timer: null, pinged: false }, error);
      for (const flight of dropped) this.fail(flight, error);
      return;
    }
    this.worker = this.spawn();
    this.options.onRestart?.(reason);
    // No edit is lost: the newest request of each type is sent again, whole, to the new worker;
    // one for an older text than the newest request's is not (the newest would wait behind it).
    again.sort((a, b) => a[1].id - b[1].id);
    const text = again.filter(([, req]) => typeof req.text === 'string').pop()?.[1].text;
    for (const [lane, req] of again) if (req.text === undefined || req.text === text) this.post(lane, { ...req, id: this.nextId++ });
    const error = { name: 'WorkerRestarted', message: reason === 'crash' ? 'The worker crashed and was restarted.' : 'The worker stopped responding and was restarted.' };
    for (const flight of dropped) this.fail(flight, error);
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
