/**
 * The language server (LSP 3.17) over a pair of streams: robots.txt documents kept in sync by
 * incremental edits, each with its own engine parse; diagnostics published after each burst of
 * edits; hover, completion, code actions and document symbols answered from the current parse.
 */
import {
  CodeActionKind, createConnection, DidChangeConfigurationNotification, TextDocumentSyncKind, type Connection, type InitializeResult,
} from 'vscode-languageserver/node';
import { codeActionsFor, FIX_ALL_KIND } from './actions.js';
import { completionsAt } from './completion.js';
import { documentDiagnostics } from './diagnostics.js';
import { RobotsDocument } from './document.js';
import { hoverAt } from './hover.js';
import { DEFAULT_SETTINGS, readSettings, type LspSettings } from './settings.js';
import { documentSymbols } from './symbols.js';

/** How long a burst of edits may go on before diagnostics are published (ms). */
const PUBLISH_DELAY = 60;

/** Serves the language server on `input`/`output` (standard input and output for `lsp --stdio`). */
export function serveLanguageServer(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Connection {
  const connection = createConnection(input, output);
  const documents = new Map<string, RobotsDocument>();
  const timers = new Map<string, NodeJS.Timeout>();
  let settings: LspSettings = DEFAULT_SETTINGS;
  let pullsConfiguration = false;
  let registersConfiguration = false;

  const publish = (uri: string) => {
    timers.delete(uri);
    const doc = documents.get(uri);
    if (!doc) return;
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: documentDiagnostics(doc, settings) });
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
    let raw: unknown = change.settings;
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
