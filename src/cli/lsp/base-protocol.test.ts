/**
 * The language server as a careless or hostile client meets it: `robots-txt-tester lsp --stdio`
 * spawned from the built CLI and written raw bytes. LSP 3.17 "Base Protocol" (frames), "Lifecycle
 * Messages" (initialize, shutdown, exit) and JSON-RPC 2.0 §5.1 (error codes): a frame it cannot
 * read is answered ParseError when its id can be told and said on standard error, and the next one
 * is read; nothing a client sends leaves the server dead or deaf.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, StreamMessageReader, type Message, type ResponseMessage } from 'vscode-languageserver-protocol/node';
import { bytesOf, frame, hostilePiece, hoverRequest } from './test-helpers.js';

/** A server process spoken to in raw bytes; its answers read by vscode-jsonrpc's own reader. */
class RawClient {
  readonly server: ChildProcessWithoutNullStreams = spawn(process.execPath, ['lib/cli.js', 'lsp', '--stdio']);
  /** Every message the server wrote, in order. */
  readonly received: Message[] = [];
  /** The ids of the requests sent whole, to tell what is answered that should not be. */
  readonly requested = new Set<number | string>();
  /** What vscode-jsonrpc could not read of the server's output: nothing, when the server frames right. */
  readonly unreadable: string[] = [];
  stderr = '';
  readonly exited = new Promise<number | null>((resolve) => this.server.once('exit', (code) => resolve(code)));

  constructor() {
    this.server.stderr.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    const reader = new StreamMessageReader(this.server.stdout);
    reader.onError((e) => void this.unreadable.push(e.message));
    reader.listen((m) => void this.received.push(m));
    // A server that exits mid-test closes its input: the write error is the test's to see, not a crash.
    this.server.stdin.on('error', () => undefined);
  }

  /** Writes raw bytes; `ids`: the requests they hold, whose answers are expected. */
  write(bytes: string | Uint8Array, ...ids: (number | string)[]): void {
    for (const id of ids) this.requested.add(id);
    this.server.stdin.write(bytes);
  }

  /** Sends a request (framed) and waits for its answer. */
  request(id: number | string, method: string, params?: object): Promise<ResponseMessage> {
    this.requested.add(id);
    this.write(frame(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })));
    return this.answer(id);
  }

  notify(method: string, params?: object): void {
    this.write(frame(JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) })));
  }

  /** The server's answers (messages with an id and no method). */
  get responses(): ResponseMessage[] {
    return this.received.filter((m): m is ResponseMessage => 'id' in m && !('method' in m));
  }

  /** The answer to `id`, when it comes. */
  async answer(id: number | string, within = 15_000): Promise<ResponseMessage> {
    for (let waited = 0; waited < within; waited += 10) {
      const hit = this.responses.find((r) => r.id === id);
      if (hit) return hit;
      if (this.server.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no answer to ${JSON.stringify(id)} (exit ${this.server.exitCode}); stderr: ${this.stderr.slice(-2000)}`);
  }

  /** Standard error from `from` on, once it matches `pattern` (it may come after the answers on standard output). */
  async said(pattern: RegExp, from = 0, within = 15_000): Promise<string> {
    for (let waited = 0; waited < within; waited += 10) {
      if (pattern.test(this.stderr.slice(from))) return this.stderr.slice(from);
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`standard error never said ${pattern}: ${this.stderr.slice(from)}`);
  }

  /** Waits for the diagnostics published for `uri`. */
  async published(uri: string, within = 15_000): Promise<void> {
    for (let waited = 0; waited < within; waited += 10) {
      if (this.received.some((m) => 'method' in m && m.method === 'textDocument/publishDiagnostics' && (m as { params?: { uri?: string } }).params?.uri === uri)) return;
      if (this.server.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no diagnostics for ${uri} (exit ${this.server.exitCode}); stderr: ${this.stderr.slice(-2000)}`);
  }

  /** Sends a request and waits for its answer: what was sent before it has been read, up to its header. */
  async settle(): Promise<void> {
    const id = `settle-${this.requested.size}`;
    await this.request(id, 'robots/settle');
  }

  async initialize(): Promise<void> {
    const answer = await this.request('init', 'initialize', { processId: null, rootUri: null, capabilities: {} });
    expect(answer.result).toBeDefined();
    this.notify('initialized', {});
  }

  close(): void {
    if (this.server.exitCode === null) this.server.kill();
  }
}

const KEPT = 'file:///kept/robots.txt';
/** A document only the hostile messages name. */
const FUZZ_URI = 'file:///fuzz/robots.txt';
const AFTER = 'file:///after/robots.txt';
const KEPT_TEXT = 'User-agent: *\nDisallow: /private\n';
/** What a hover on the kept document's first line says: the server read the request and its document. */
const HOVER_SAYS = '**Group** (lines 1–2) for `*`';
const hoverText = (answer: ResponseMessage) => (answer.result as { contents?: { value?: string } } | null)?.contents?.value ?? '';

describe('LSP 3.17 lifecycle: before initialize, after shutdown, exit', () => {
  it('before initialize a request is ServerNotInitialized and a notification unanswered; initialize twice is an InvalidRequest', async () => {
    const client = new RawClient();
    try {
      expect((await client.request(1, 'textDocument/hover', JSON.parse(hoverRequest(1, KEPT)).params)).error?.code).toBe(ErrorCodes.ServerNotInitialized);
      client.notify('textDocument/didOpen', { textDocument: { uri: KEPT, languageId: 'robots-txt', version: 1, text: KEPT_TEXT } });
      await client.initialize();
      // The didOpen before initialize was dropped: the document is unknown.
      expect((await client.request(2, 'textDocument/hover', JSON.parse(hoverRequest(2, KEPT)).params)).result).toBeNull();
      expect((await client.request(3, 'initialize', { processId: null, rootUri: null, capabilities: {} })).error?.code).toBe(ErrorCodes.InvalidRequest);
      expect(client.responses.map((r) => r.id)).toEqual([1, 'init', 2, 3]);
    } finally {
      client.close();
    }
  });

  it('after shutdown a request is an InvalidRequest, and exit ends the process with 0', async () => {
    const client = new RawClient();
    await client.initialize();
    expect((await client.request('down', 'shutdown')).error).toBeUndefined();
    expect((await client.request(4, 'textDocument/hover', JSON.parse(hoverRequest(4, KEPT)).params)).error?.code).toBe(ErrorCodes.InvalidRequest);
    client.notify('textDocument/didOpen', { textDocument: { uri: KEPT, languageId: 'robots-txt', version: 1, text: KEPT_TEXT } });
    client.notify('exit');
    expect(await client.exited).toBe(0);
    expect(client.responses.map((r) => r.id)).toEqual(['init', 'down', 4]);
  });

  it('exit without shutdown ends the process with 1, before initialize or after', async () => {
    const early = new RawClient();
    early.notify('exit');
    const late = new RawClient();
    await late.initialize();
    late.notify('exit');
    expect([await early.exited, await late.exited]).toEqual([1, 1]);
  });

  it('the input ending ends the process: 0 after shutdown, else 1', async () => {
    const [shut, open] = [new RawClient(), new RawClient()];
    await shut.initialize();
    await shut.request('down', 'shutdown');
    await open.initialize();
    shut.server.stdin.end();
    open.server.stdin.end();
    expect([await shut.exited, await open.exited]).toEqual([0, 1]);
  });
});

describe('JSON-RPC 2.0 and LSP 3.17 on a running server', () => {
  let client: RawClient;
  beforeAll(async () => {
    client = new RawClient();
    await client.initialize();
    client.notify('textDocument/didOpen', { textDocument: { uri: KEPT, languageId: 'robots-txt', version: 1, text: KEPT_TEXT } });
  });
  afterAll(() => client.close());

  it('an unknown method is MethodNotFound (a $/ one too); an unknown notification is not answered', async () => {
    client.notify('robots/unknown', { a: 1 });
    client.notify('$/unknown');
    expect((await client.request(10, 'robots/unknown')).error?.code).toBe(ErrorCodes.MethodNotFound);
    expect((await client.request(11, '$/unknown')).error?.code).toBe(ErrorCodes.MethodNotFound);
  });

  it('a message that is no request is an InvalidRequest when it has an id, else said on standard error', async () => {
    client.write(frame(JSON.stringify({ jsonrpc: '1.0', id: 12, method: 'textDocument/hover' })), 12);
    client.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 13, method: 'textDocument/hover', params: 'x' })), 13);
    client.write(frame(JSON.stringify([{ jsonrpc: '2.0', id: 14, method: 'textDocument/hover' }])));
    expect([(await client.answer(12)).error?.code, (await client.answer(13)).error?.code]).toEqual([ErrorCodes.InvalidRequest, ErrorCodes.InvalidRequest]);
    await client.said(/lsp: a message dropped: it is no JSON object/);
  });

  const next = (id: number) => frame(hoverRequest(id, KEPT));
  it.each([
    ['Content-Length: abc', 20, (id: number) => frame(hoverRequest(id, KEPT), 'Content-Length: abc\r\n'), /Content-Length "abc" is not a number of bytes/],
    ['Content-Length: -5', 21, (id: number) => frame(hoverRequest(id, KEPT), 'Content-Length: -5\r\n'), /Content-Length "-5" is not a number of bytes/],
    ['no Content-Length', 22, (id: number) => frame(hoverRequest(id, KEPT), 'Content-Type: application/vscode-jsonrpc\r\n'), /no Content-Length/],
    ['a garbage header line', 23, (id: number) => frame(hoverRequest(id, KEPT), `Content-Length: ${hoverRequest(id, KEPT).length}\r\nthis is no header\r\n`), /"this is no header" is no header field/],
    ['a length shorter than the body', 24, (id: number) => frame(hoverRequest(id, KEPT), 'Content-Length: 10\r\n'), /a body that is no JSON/],
    ['a length longer than the body', 25, (id: number) => frame(hoverRequest(id, KEPT), 'Content-Length: 5000\r\n'), /a body shorter than its Content-Length 5000/],
    ['a body that is no JSON', 26, (id: number) => frame(`{"jsonrpc":"2.0","id":${id},"method":`), /a body that is no JSON/],
  ])('%s: a ParseError for its id, a line on standard error, and the next frame answered', async (_, id, bad, reason) => {
    const before = client.stderr.length;
    client.write(bad(id) + next(id + 100), id, id + 100);
    expect((await client.answer(id)).error?.code).toBe(ErrorCodes.ParseError);
    expect(hoverText(await client.answer(id + 100))).toContain(HOVER_SAYS);
    await client.said(reason, before);
    // Sent apart, the bad frame and the good one are read the same.
    client.write(bad(id + 200), id + 200);
    client.write(next(id + 300), id + 300);
    expect((await client.answer(id + 200)).error?.code).toBe(ErrorCodes.ParseError);
    expect(hoverText(await client.answer(id + 300))).toContain(HOVER_SAYS);
  });

  it('a notification in a frame it cannot read is said on standard error, shown safely, and not answered', async () => {
    const before = client.stderr.length;
    client.write(frame(JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { text: '\u001b[2J\r::warning::x' } }), 'Content-Length: abc\r\n'));
    await client.settle();
    await client.said(/^robots-txt-tester: lsp: cannot read \d+ bytes from the client: a header that cannot be read/m, before);
    // Bytes that are no frame wait for the next header (the settling request's) to be said.
    client.write('garbage\r\n::set-output name=a::b\r\n\r\n');
    await client.settle();
    const said = await client.said(/bytes that are no header/, before);
    expect(said).not.toMatch(/\u001b|^\s*::/m);
  });

  it('notifications and requests whose params are missing or of the wrong type leave it serving', async () => {
    client.notify('workspace/didChangeConfiguration');
    client.notify('textDocument/didOpen', { textDocument: null });
    client.notify('textDocument/didOpen', { textDocument: { uri: FUZZ_URI, version: 'one', text: 5 } });
    client.notify('textDocument/didChange', { textDocument: { uri: FUZZ_URI }, contentChanges: 5 });
    // Diagnostics are published from a timer, the malformed document's first: one opened after it is published after it.
    client.notify('textDocument/didOpen', { textDocument: { uri: AFTER, languageId: 'robots-txt', version: 1, text: KEPT_TEXT } });
    await client.published(AFTER);
    expect((await client.request(30, 'textDocument/hover')).error?.code).toBe(ErrorCodes.InvalidParams);
    expect((await client.request(31, 'textDocument/hover', { textDocument: { uri: FUZZ_URI }, position: 'x' })).error).toBeUndefined();
    expect(hoverText(await client.request(32, 'textDocument/hover', JSON.parse(hoverRequest(32, KEPT)).params))).toContain(HOVER_SAYS);
    expect(client.server.exitCode).toBeNull();
  });

  it('notifications are never answered, nor a request twice', () => {
    expect(client.unreadable).toEqual([]);
    const ids = client.responses.map((r) => r.id);
    expect(ids.filter((id) => id === null || !client.requested.has(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

/** The methods the server serves and a few it does not; shutdown and exit end it, and are left out. */
const METHODS = [
  'initialize', 'initialized', 'textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose', 'textDocument/hover', 'textDocument/completion',
  'textDocument/codeAction', 'textDocument/documentSymbol', 'workspace/didChangeConfiguration', '$/cancelRequest', '$/setTrace', 'robots/unknown',
];
const anything = fc.jsonValue({ maxDepth: 2 });
/** Params shaped like the protocol's, each field of any type: what a client's bug would send. */
const params = fc.record({
  textDocument: fc.oneof(anything, fc.record({ uri: fc.oneof(fc.constant(FUZZ_URI), anything), version: anything, text: fc.oneof(fc.string(), anything), languageId: anything }, { requiredKeys: [] })),
  position: fc.oneof(anything, fc.record({ line: anything, character: anything })),
  contentChanges: fc.oneof(anything, fc.array(fc.record({ range: anything, text: fc.oneof(fc.string(), anything) }, { requiredKeys: [] }))),
  range: anything, context: anything, settings: anything, id: anything, capabilities: anything,
}, { requiredKeys: [] });
/** A JSON-RPC message of any shape: a request or notification, with ids, methods and params of any type. */
const message = fc.record({
  jsonrpc: fc.oneof(fc.constant('2.0'), anything),
  id: fc.oneof(fc.integer({ min: 1_000_000 }), fc.string({ maxLength: 6 }).map((s) => `fuzz-${s}`), anything),
  method: fc.oneof(fc.constantFrom(...METHODS), anything),
  params: fc.oneof(params, anything),
}, { requiredKeys: ['method'] }).map((m) => frame(JSON.stringify(m)));

describe('Property: after anything a client sends, a valid hover is answered', () => {
  it('random bytes, cut and garbled frames, wrong lengths, bad JSON and messages of wrong types, then a hover', async () => {
    const client = new RawClient();
    try {
      await client.initialize();
      client.notify('textDocument/didOpen', { textDocument: { uri: KEPT, languageId: 'robots-txt', version: 1, text: KEPT_TEXT } });
      let hovers = 0;
      await fc.assert(fc.asyncProperty(fc.array(fc.oneof(hostilePiece, message), { minLength: 1, maxLength: 10 }), async (pieces) => {
        const id = `hover-${hovers++}`;
        client.write(bytesOf([...pieces, frame(hoverRequest(id, KEPT))]), id);
        expect(hoverText(await client.answer(id))).toContain(HOVER_SAYS);
      }), { numRuns: 200, endOnFailure: true });
      expect(client.server.exitCode).toBeNull();
      expect(client.unreadable).toEqual([]);
      expect(client.stderr).not.toMatch(/\u001b|^\s*::/m);
    } finally {
      client.close();
    }
  }, 180_000);
});
