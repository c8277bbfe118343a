/**
 * The server's lifecycle (LSP 3.17, "Lifecycle Messages") and JSON-RPC 2.0's message rules, kept at
 * the door, before vscode-languageserver sees a message: before `initialize` a request is answered
 * ServerNotInitialized (-32002) and a notification dropped, `exit` excepted; `initialize` a second
 * time is an InvalidRequest; after `shutdown` every request is answered InvalidRequest and every
 * notification but `exit` dropped. A message that is no JSON-RPC 2.0 request, notification or
 * response is answered InvalidRequest when it has an id, and said on standard error when it has none.
 */
import { ErrorCodes, type DataCallback, type Disposable, type Message, type MessageReader, type ResponseMessage } from 'vscode-languageserver/node';

/** Where the server is in its life: before `initialize`, running, or after `shutdown`. */
export type Phase = 'new' | 'running' | 'shut-down';

/** What becomes of a message: handed on, or answered (a request) or said (on standard error), and the phase after it. */
export type Admission =
  | { readonly pass: true; readonly phase: Phase }
  | { readonly pass: false; readonly phase: Phase; readonly answer: ResponseMessage | null; readonly log: string | null };

type Id = number | string;

const isId = (x: unknown): x is Id => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
const isStructured = (x: unknown) => typeof x === 'object' && x !== null;

/** The answer to a request that is refused. */
function refusal(id: Id, code: number, message: string): ResponseMessage {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** Whether `message`, read from the client in `phase`, is handed on to the connection, and what is said if not. */
export function admit(phase: Phase, message: unknown): Admission {
  const refuse = (id: unknown, why: string, code: number = ErrorCodes.InvalidRequest): Admission => (isId(id)
    ? { pass: false, phase, answer: refusal(id, code, why), log: null }
    : { pass: false, phase, answer: null, log: `a message dropped: ${why}` });
  if (!isStructured(message) || Array.isArray(message)) return refuse(null, 'it is no JSON object (the protocol sends no batches)');
  const m = message as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };
  if (m.jsonrpc !== '2.0') return refuse(m.id, 'its "jsonrpc" is not "2.0"');
  if (!('method' in m)) {
    // A response to one of the server's own requests (workspace/configuration): the connection matches it.
    if ((isId(m.id) || m.id === null) && ('result' in m || 'error' in m)) return { pass: true, phase };
    return refuse(m.id, 'it is neither a request, a notification nor a response');
  }
  if (typeof m.method !== 'string') return refuse(m.id, 'its "method" is not a string');
  if ('params' in m && !isStructured(m.params)) return refuse(m.id, 'its "params" is neither an object nor an array');
  if ('id' in m && !isId(m.id)) return refuse(null, `${m.method}: its "id" is neither a number nor a string`);
  if (isId(m.id)) {
    if (phase === 'new') {
      return m.method === 'initialize' ? { pass: true, phase: 'running' } : refuse(m.id, `${m.method} before initialize`, ErrorCodes.ServerNotInitialized);
    }
    if (phase === 'shut-down') return refuse(m.id, `${m.method} after shutdown: only the exit notification is taken`);
    if (m.method === 'initialize') return refuse(m.id, 'initialize was received already');
    return { pass: true, phase: m.method === 'shutdown' ? 'shut-down' : phase };
  }
  if (m.method === 'exit') return { pass: true, phase };
  // The connection reads a cancellation's id before any handler, where a missing one would throw.
  if (m.method === '$/cancelRequest' && !isId((m.params as { id?: unknown } | undefined)?.id)) return refuse(null, '$/cancelRequest without the id of a request');
  return phase === 'running' ? { pass: true, phase } : { pass: false, phase, answer: null, log: null };
}

/** A MessageReader that hands on what `admit` lets through; refusals go to `answer`, the rest of what is dropped to `log`. */
export class LifecycleReader implements MessageReader {
  private phase: Phase = 'new';

  constructor(private readonly inner: MessageReader, private readonly answer: (response: ResponseMessage) => void, private readonly log: (text: string) => void) {}

  /** True once `shutdown` was received: `exit` and the end of the input then end the process with 0. */
  get shutDown(): boolean {
    return this.phase === 'shut-down';
  }

  get onError() {
    return this.inner.onError;
  }

  get onClose() {
    return this.inner.onClose;
  }

  get onPartialMessage() {
    return this.inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message: Message) => {
      const admission = admit(this.phase, message);
      this.phase = admission.phase;
      if (admission.pass) return callback(message);
      if (admission.answer) this.answer(admission.answer);
      if (admission.log) this.log(admission.log);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }
}
