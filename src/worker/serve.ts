/// <reference lib="webworker" />
/**
 * A worker's message loop: each request goes to its type's handler; a handler that throws (or
 * whose promise fails) is answered with an ErrorResponse. The runtime's own messages are answered
 * here for every worker: a ping at once, a cancel by aborting the request's signal. Shared by the
 * worker entries.
 */
import type { ControlMessage, Pong, WorkerEvent, WorkerReady, WorkerRequest, WorkerResponse } from './protocol.js';

declare const self: DedicatedWorkerGlobalScope;

/** What a handler is given besides its request. */
export interface Served {
  /** Aborts when the page cancels the request (WorkerChannel.cancel). */
  readonly signal: AbortSignal;
}

/** Handlers for the request types one worker serves; one that works on after it returns returns its promise. */
export type Handlers<T extends WorkerRequest['type']> = {
  [K in T]: (req: Extract<WorkerRequest, { type: K }>, served: Served) => void | Promise<void>;
};

// Where answers go when the page asked for a BroadcastChannel (ReplyVia); else to the parent.
let replies: BroadcastChannel | null = null;

/** Posts `msg` (an answer, or what the worker says unasked) to the UI thread, transferring `transfer` (copied instead on a BroadcastChannel). */
export function reply(msg: WorkerResponse | WorkerEvent | Pong, transfer: Transferable[] = []): void {
  if (replies) replies.postMessage(msg);
  else self.postMessage(msg, transfer);
}

/** Answers request `id` with the failure `err`, as plain data (Errors do not survive cloning). */
export function replyError(id: number, err: unknown): void {
  const error = err instanceof Error ? { name: err.name, message: err.message } : { name: 'Error', message: String(err) };
  reply({ type: 'error', id, error });
}

/**
 * Serves requests with `handlers`; other messages (the end-to-end tests' own hooks) are left alone.
 * Says it is ready first, to the parent itself (a BroadcastChannel for answers may not be open yet).
 */
export function serve<T extends WorkerRequest['type']>(handlers: Handlers<T>): void {
  // The work under way that can still be cancelled, by request id.
  const running = new Map<number, AbortController>();
  self.postMessage({ type: 'ready' } satisfies WorkerReady);
  self.onmessage = (e: MessageEvent<WorkerRequest | ControlMessage>) => {
    const req = e.data;
    if (req.type === 'reply-via') {
      replies = new BroadcastChannel(req.channel);
      return;
    }
    if (req.type === 'ping') {
      // The same way as the answers, so a pong never overtakes one sent before it.
      reply({ type: 'pong' });
      return;
    }
    if (req.type === 'cancel') {
      running.get(req.id)?.abort();
      running.delete(req.id);
      return;
    }
    const handle = (handlers as Partial<Record<WorkerRequest['type'], Handlers<WorkerRequest['type']>[WorkerRequest['type']]>>)[req.type];
    if (!handle) return;
    const controller = new AbortController();
    try {
      const work = handle(req as never, { signal: controller.signal });
      if (!work) return;
      running.set(req.id, controller);
      work.then(
        () => running.delete(req.id),
        (err: unknown) => {
          running.delete(req.id);
          replyError(req.id, err);
        },
      );
    } catch (err) {
      replyError(req.id, err);
    }
  };
}
