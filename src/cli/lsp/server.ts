/**
 * The language server (LSP 3.17) over a pair of streams: robots.txt documents kept in sync by
 * incremental edits, each with its own engine parse; diagnostics published after each burst of
 * edits; hover, completion, code actions and document symbols answered from the current parse.
 * What the client sends is read by the base protocol's framing (frame-reader.ts) and admitted by
 * the lifecycle (lifecycle.ts) before vscode-languageserver handles it; what cannot be read is
 * answered with a ParseError when its id can be told, and said on standard error.
 */
import {
  CodeActionKind, createConnection, DidChangeConfigurationNotification, ErrorCodes, StreamMessageWriter, TextDocumentSyncKind, type Connection, type InitializeResult, type ResponseMessage,
} from 'vscode-languageserver/node';
import { writeMessage } from '../terminal.js';
import { codeActionsFor, FIX_ALL_KIND } from './actions.js';
import { completionsAt } from './completion.js';
import { documentDiagnostics } from './diagnostics.js';
import { RobotsDocument } from './document.js';
import { FrameReader, type UnreadableFrame } from './frame-reader.js';
import { hoverAt } from './hover.js';
import { LifecycleReader } from './lifecycle.js';
import { DEFAULT_SETTINGS, readSettings, type LspSettings } from './settings.js';
import { documentSymbols } from './symbols.js';

/** How long a burst of edits may go on before diagnostics are published (ms). */
const PUBLISH_DELAY = 60;

/** What the log says of bytes that made no message: why, whether they were answered, and their first bytes. */
function describeUnreadable(frame: UnreadableFrame): string {
  const shown = JSON.stringify(frame.text.length > 80 ? `${frame.text.slice(0, 80)}…` : frame.text);
  return `lsp: cannot read ${frame.text.length} bytes from the client: ${frame.reason}${frame.id !== null ? ` (answered ${JSON.stringify(frame.id)} with a ParseError)` : ''}: ${shown}`;
}

/**
 * Serves the language server on `input`/`output` (standard input and output for `lsp --stdio`).
 * When the input ends, the process ends: with 0 after `shutdown`, else 1 (as `exit` does).
 */
export function serveLanguageServer(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Connection {
  const writer = new StreamMessageWriter(output);
  // A failed write is the writer's to report (the connection hears its errors), not an unhandled rejection.
  const answer = (response: ResponseMessage) => void writer.write(response).catch(() => undefined);
  const frames = new FrameReader(input, (frame) => {
    writeMessage(describeUnreadable(frame));
    if (frame.id !== null) answer({ jsonrpc: '2.0', id: frame.id, error: { code: ErrorCodes.ParseError, message: `cannot read the message: ${frame.reason}` } });
  });
  const reader = new LifecycleReader(frames, answer, (text) => writeMessage(`lsp: ${text}`));
  reader.onError((e) => writeMessage(`lsp: ${e.message}`));
  reader.onClose(() => process.exit(reader.shutDown ? 0 : 1));
  const connection = createConnection(reader, writer);
  const documents = new Map<string, RobotsDocument>();
  const timers = new Map<string, NodeJS.Timeout>();
  let settings: LspSettings = DEFAULT_SETTINGS;
  let pullsConfiguration = false;
  let registersConfiguration = false;

  const publish = (uri: string) => {
    timers.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return;
    try {
      void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: documentDiagnostics(doc, settings) });
    } catch (e) {
      // A document the client opened malformed (a text that is no string) must not take the server down from a timer.
      connection.console.error(`robots-txt-tester: ${(e as Error).stack ?? String(e)}`);
    }
  };
  const schedule = (uri: string) => {
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(publish, PUBLISH_DELAY, uri));
  };
  const withDocument = <T>(uri: string, fallback: T, answer: (doc: RobotsDocument) => T): T => {
    const doc = documents.get(uri);
    if (!doc) return fallback;
    try {
      return answer(doc);
    } catch (e) {
      // A bug must not take the editor's server down: say it, answer nothing.
      connection.console.error(`robots-txt-tester: ${(e as Error).stack ?? String(e)}`);
      return fallback;
    }
  };

  connection.onInitialize((params): InitializeResult => {
    settings = readSettings(params.initializationOptions);
    pullsConfiguration = params.capabilities.workspace?.configuration === true;
    // LSP 3.17: a server registers dynamically only what the client says it can take so (eglot cannot, and warns).
    registersConfiguration = pullsConfiguration && params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        completionProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
        documentSymbolProvider: { label: 'robots.txt' },
      },
      serverInfo: { name: 'robots-txt-tester' },
    };
  });
  connection.onInitialized(() => {
    if (registersConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'robotsTxt' }).catch(() => undefined);
  });
  connection.onDidChangeConfiguration(async (change) => {
    // A client may send no params at all; and what this handler throws would end the process (it
    // is async: the connection does not catch its rejection as it catches a notification's throw).
    let raw: unknown = (change as Partial<typeof change> | undefined)?.settings;
    if (pullsConfiguration) {
      try {
        raw = await connection.workspace.getConfiguration('robotsTxt');
      } catch {
        // Keep what the notification carried.
      }
    }
    // An empty notification (only "something changed") keeps the settings in force.
    if (raw !== null && raw !== undefined) settings = readSettings(raw);
    for (const uri of documents.keys()) schedule(uri);
  });

  connection.onDidOpenTextDocument(({ textDocument: t }) => {
    documents.set(t.uri, new RobotsDocument(t.uri, t.version, t.text));
    schedule(t.uri);
  });
  connection.onDidChangeTextDocument(({ textDocument: t, contentChanges }) => {
    const doc = documents.get(t.uri);
    if (!doc) return;
    doc.update(contentChanges, t.version);
    schedule(t.uri);
  });
  connection.onDidCloseTextDocument(({ textDocument: t }) => {
    documents.delete(t.uri);
    clearTimeout(timers.get(t.uri));
    timers.delete(t.uri);
    void connection.sendDiagnostics({ uri: t.uri, diagnostics: [] });
  });

  connection.onHover(({ textDocument, position }) => withDocument(textDocument.uri, null, (doc) => hoverAt(doc, settings, position)));
  connection.onCompletion(({ textDocument, position }) => withDocument(textDocument.uri, [], (doc) => completionsAt(doc, position)));
  connection.onCodeAction((params) => withDocument(params.textDocument.uri, [], (doc) => codeActionsFor(doc, settings, params)));
  connection.onDocumentSymbol(({ textDocument }) => withDocument(textDocument.uri, [], (doc) => documentSymbols(doc)));

  connection.listen();
  return connection;
}
