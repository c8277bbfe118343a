/// <reference lib="webworker" />
/**
 * A worker's message loop: each request goes to its type's handler; a handler that throws is
 * answered with an ErrorResponse. Shared by the worker entries.
 */
import type { ReplyVia, WorkerReady, WorkerRequest, WorkerResponse } from './protocol.js';

declare const self: DedicatedWorkerGlobalScope;

/** Handlers for the request types one worker serves. */
export type Handlers<T extends WorkerRequest['type']> = { [K in T]: (req: Extract<WorkerRequest, { type: K }>) => void };

// Where answers go when the page asked for a BroadcastChannel (ReplyVia); else to the parent.
let replies: BroadcastChannel | null = null;

/** Posts `msg` to the UI thread, transferring `transfer` (copied instead on a BroadcastChannel). */
export function reply(msg: WorkerResponse, transfer: Transferable[] = []): void {
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
  self.postMessage({ type: 'ready' } satisfies WorkerReady);
  self.onmessage = (e: MessageEvent<WorkerRequest | ReplyVia>) => {
    const req = e.data;
    if (req.type === 'reply-via') {
      replies = new BroadcastChannel(req.channel);
      return;
    }
    const handle = (handlers as Partial<Record<WorkerRequest['type'], (r: WorkerRequest) => void>>)[req.type];
    if (!handle) return;
    try {
      handle(req);
    } catch (err) {
      replyError(req.id, err);
    }
  };
}
