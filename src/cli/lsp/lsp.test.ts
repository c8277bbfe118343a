/**
 * The language server as an editor drives it: `robots-txt-tester lsp --stdio` spawned from the
 * built CLI, spoken to in JSON-RPC with Content-Length framing (vscode-languageserver-protocol's
 * node client), from initialize to exit.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CodeActionRequest, CompletionRequest, createProtocolConnection, DidChangeConfigurationNotification, DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification, DocumentSymbolRequest, ExitNotification, HoverRequest, InitializeRequest, InitializedNotification,
  PublishDiagnosticsNotification, ShutdownRequest, StreamMessageReader, StreamMessageWriter, type CodeAction, type CompletionItem,
  type DocumentSymbol, type Hover, type MarkupContent, type ProtocolConnection, type PublishDiagnosticsParams, type TextDocumentEdit, type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

let server: ChildProcessWithoutNullStreams;
let connection: ProtocolConnection;
let stderr = '';
/** Every diagnostics notification, in order. */
const published: PublishDiagnosticsParams[] = [];
/** The documents as this client holds them. */
const docs = new Map<string, TextDocument>();

/** The diagnostics the server publishes for `uri` at `version` (waits for them). */
async function diagnosticsOf(uri: string, version: number): Promise<PublishDiagnosticsParams> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const hit = published.findLast((p) => p.uri === uri && p.version === version);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no diagnostics for ${uri} v${version}; stderr: ${stderr}`);
}

async function open(name: string, text: string): Promise<string> {
  const uri = `file:///site/${name}/robots.txt`;
  docs.set(uri, TextDocument.create(uri, 'robots-txt', 1, text));
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
  return uri;
}

/** Sends edits as incremental changes (last first, so each range still holds), as an editor does. */
async function edit(uri: string, edits: readonly TextEdit[]): Promise<number> {
  const doc = docs.get(uri)!;
  const version = doc.version + 1;
  const ordered = [...edits].sort((a, b) => doc.offsetAt(b.range.start) - doc.offsetAt(a.range.start));
  docs.set(uri, TextDocument.update(TextDocument.create(uri, 'robots-txt', version, doc.getText()), ordered.map((e) => ({ range: e.range, text: e.newText })), version));
  await connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version }, contentChanges: ordered.map((e) => ({ range: e.range, text: e.newText })),
  });
  return version;
}

/** Applies a code action's versioned edit to the client's copy and sends it to the server. */
async function apply(uri: string, action: CodeAction): Promise<number> {
  const change = action.edit!.documentChanges![0] as TextDocumentEdit;
  expect(change.textDocument).toEqual({ uri, version: docs.get(uri)!.version });
  return edit(uri, change.edits as TextEdit[]);
}

const range = (line: number, from: number, to: number, endLine = line) => ({ start: { line, character: from }, end: { line: endLine, character: to } });
const hover = (uri: string, line: number, character = 2) =>
  connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } }) as Promise<Hover | null>;
const hoverText = async (uri: string, line: number) => ((await hover(uri, line))?.contents as MarkupContent | undefined)?.value ?? '';
const complete = async (uri: string, line: number, character: number) =>
  (await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character } })) as CompletionItem[];
const actions = (uri: string, line: number, only?: string[]) => connection.sendRequest(CodeActionRequest.type, {
  textDocument: { uri }, range: range(line, 0, 0), context: { diagnostics: [], ...(only ? { only } : {}) },
}) as Promise<CodeAction[]>;

beforeAll(async () => {
  server = spawn(process.execPath, ['lib/cli.js', 'lsp', '--stdio']);
  server.stderr.on('data', (d) => (stderr += d));
  connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => void published.push(p));
  connection.listen();
});
afterAll(() => {
  connection?.dispose();
  if (server.exitCode === null) server.kill();
});

describe('LSP 3.17 lifecycle: initialize', () => {
  it('announces incremental sync, hover, completion, quick fixes, fix-all and symbols', async () => {
    const result = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { otherParsers: 'information' },
    });
    await connection.sendNotification(InitializedNotification.type, {});
    expect(result.capabilities).toMatchObject({
      textDocumentSync: { openClose: true, change: 2 },
      hoverProvider: true,
      completionProvider: {},
      codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.robots-txt'] },
      documentSymbolProvider: {},
    });
    expect(result.serverInfo?.name).toBe('robots-txt-tester');
  });
});

describe('diagnostics from the one catalogue, kept current by incremental edits', () => {
  it('didOpen publishes Google’s findings at their severity (warning, error), with lines and columns', async () => {
    const uri = await open('open', 'User-agent: *\nDisalow: /x\nDisallow: private\n');
    const { diagnostics } = await diagnosticsOf(uri, 1);
    expect(diagnostics.map((d) => [d.code, d.severity, d.range])).toEqual([
      ['misspelled-field', 2, range(1, 0, 7)],
      ['path-never-matches', 1, range(2, 10, 17)],
    ]);
    expect(diagnostics[1]!.message).toBe('“private” starts with neither “/” nor “*”.\nEvery URL path Google matches starts with “/”, so this rule never matches any URL.\nWrite “/private”.');
  });

  it('didChange (incremental) re-reads the changed line: the error goes, the text is the edited one', async () => {
    const uri = await open('change', 'User-agent: *\nDisalow: /x\nDisallow: private\n');
    await diagnosticsOf(uri, 1);
    const version = await edit(uri, [{ range: range(2, 10, 10), newText: '/' }]);
    const { diagnostics } = await diagnosticsOf(uri, version);
    expect(diagnostics.map((d) => d.code)).toEqual(['misspelled-field']);
    expect(await hoverText(uri, 2)).toContain('Disallow rule: matches paths starting with “/private” (length 8).');
    // A line inserted above moves every finding down with it.
    const next = await edit(uri, [{ range: range(0, 0, 0), newText: '# comment\n' }]);
    expect((await diagnosticsOf(uri, next)).diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['misspelled-field', 2]]);
  });

  it('a Noindex line is a warning of its own (Google Search Central: not read in robots.txt since 2019), as in the app', async () => {
    const uri = await open('noindex', 'User-agent: *\nCrawl-delay: 5\nNoindex: /drafts/\n');
    const { diagnostics } = await diagnosticsOf(uri, 1);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['unused-field', 3], ['intent-dropped', 2]]);
    expect(diagnostics[1]!.message).toContain('Google stopped reading noindex in robots.txt in 2019: use a noindex robots meta tag or an X-Robots-Tag header.');
  });

  it('the other parsers’ notes are off by default; a setting shows them (information), and per-code levels apply', async () => {
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { robotsTxt: {} } });
    const uri = await open('portability', 'User-agent: *\nDisallow: /*.pdf$\n');
    expect((await diagnosticsOf(uri, 1)).diagnostics).toEqual([]);
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { robotsTxt: { otherParsers: 'information' } } });
    const shown = await edit(uri, [{ range: range(2, 0, 0), newText: '# shown\n' }]);
    expect((await diagnosticsOf(uri, shown)).diagnostics.map((d) => [d.code, d.severity])).toEqual([['wildcard-literal', 3]]);
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { robotsTxt: { otherParsers: 'off', codes: { 'empty-disallow': 'hint' } } } });
    const version = await edit(uri, [{ range: range(3, 0, 0), newText: 'Disallow:\n' }]);
    expect((await diagnosticsOf(uri, version)).diagnostics.map((d) => [d.code, d.severity])).toEqual([['empty-disallow', 4]]);
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { robotsTxt: { otherParsers: 'information' } } });
  });
});

describe('hover: Google’s reading of the line and whom it decides for', () => {
  it('a rule in a named group: its reading, the group’s agents, and the profiles that follow it (RFC 9309 §2.2.1 fallback included)', async () => {
    const uri = await open('hover', 'User-agent: Googlebot\nDisallow: /nogoogle\n\nUser-agent: *\nDisallow: /private\n');
    const text = await hoverText(uri, 1);
    expect(text).toContain('**Line 2** — Disallow rule: matches paths starting with “/nogoogle” (length 9).');
    expect(text).toContain('**Group** (lines 1–2) for Googlebot.');
    // Google-InspectionTool falls back to a Googlebot group; Googlebot Image does not (Google-specific).
    expect(text).toMatch(/Decides for these \d+ crawler profiles under Google’s reading: Googlebot \(smartphone & desktop\), Google-InspectionTool/);
    expect(text).not.toContain('Googlebot Image');
    const star = await hoverText(uri, 4);
    expect(star).toContain('for `*`: every crawler without a group of its own.');
    expect(star).toContain('Googlebot Image');
    expect(star).not.toMatch(/Googlebot \(smartphone/);
  });

  it('a line with a finding: the finding’s title, what Google does, and the hint', async () => {
    const uri = await open('hover-finding', 'User-agent: *\nDisallow /a\n');
    const text = await hoverText(uri, 1);
    expect(text).toContain('**No colon between field and value.** Google accepts it');
    expect(text).toContain('*Write “Disallow: /a”.* (`missing-colon`)');
    expect(await hover(uri, 9)).toBeNull();
  });
});

describe('completion of fields and crawler tokens', () => {
  it('a field name at the start of a line replaces what was typed', async () => {
    const uri = await open('complete-key', 'User-agent: *\nDis');
    const items = await complete(uri, 1, 3);
    const disallow = items.find((i) => i.label === 'Disallow')!;
    expect(disallow.textEdit).toEqual({ range: range(1, 0, 3), newText: 'Disallow: ' });
    expect(items.map((i) => i.label)).toEqual(['User-agent', 'Disallow', 'Allow', 'Sitemap', 'Content-Signal']);
  });

  it('crawler tokens after User-agent:, with operator and purpose; nothing after the first name or in a path', async () => {
    const uri = await open('complete-agent', 'User-agent: GPT\nUser-agent: GPTBot x\nDisallow: /a');
    const items = await complete(uri, 0, 15);
    const gptbot = items.find((i) => i.label === 'GPTBot')!;
    expect(gptbot).toMatchObject({ detail: 'OpenAI · Training AI models', textEdit: { range: range(0, 12, 15), newText: 'GPTBot' } });
    expect(items.filter((i) => i.label.toLowerCase() === 'googlebot')).toHaveLength(1);
    expect(await complete(uri, 1, 20)).toEqual([]);
    expect(await complete(uri, 2, 12)).toEqual([]);
  });
});

describe('the one-click repairs as code actions', () => {
  it('a quick fix per finding; applying its edit clears the finding', async () => {
    const uri = await open('fix', 'User-agent: *\nDisalow: /x\n');
    await diagnosticsOf(uri, 1);
    const [fix] = await actions(uri, 1);
    expect(fix).toMatchObject({ title: 'Write “Disallow”', kind: 'quickfix', isPreferred: true, diagnostics: [{ code: 'misspelled-field' }] });
    const version = await apply(uri, fix!);
    expect(docs.get(uri)!.getText()).toBe('User-agent: *\nDisallow: /x\n');
    expect((await diagnosticsOf(uri, version)).diagnostics).toEqual([]);
  });

  it('“fix all of this kind” repairs every such line at once; source.fixAll takes every one-line repair', async () => {
    const uri = await open('fix-all', 'User-agent: *\nDisalow: /a\nDisalow: /b\nAllow /c\nDisalow: /d\n');
    await diagnosticsOf(uri, 1);
    const list = await actions(uri, 1);
    expect(list.map((a) => a.title)).toEqual(['Write “Disallow”', 'Fix all 3 of this kind (misspelled-field)']);
    const [fixAll] = await actions(uri, 0, ['source.fixAll']);
    expect(fixAll).toMatchObject({ title: 'Fix all 4 one-line repairs', kind: 'source.fixAll.robots-txt' });
    const one = await open('fix-one', 'User-agent: *\nDisalow: /a\n');
    await diagnosticsOf(one, 1);
    expect((await actions(one, 0, ['source.fixAll']))[0]).toMatchObject({ title: 'Fix the one-line repair' });
    const version = await apply(uri, list[1]!);
    expect(docs.get(uri)!.getText()).toBe('User-agent: *\nDisallow: /a\nDisallow: /b\nAllow /c\nDisallow: /d\n');
    expect((await diagnosticsOf(uri, version)).diagnostics.map((d) => d.code)).toEqual(['missing-colon']);
  });

  it('a repair that moves a line (two edits in one action) lands as the engine means it', async () => {
    const uri = await open('move', 'User-agent: *\nDisallow: /a\nAllow: /a/b\n');
    await diagnosticsOf(uri, 1);
    const move = (await actions(uri, 2)).find((a) => a.title === 'Move it above line 2')!;
    await apply(uri, move);
    expect(docs.get(uri)!.getText()).toBe('User-agent: *\nAllow: /a/b\nDisallow: /a\n');
  });
});

describe('document symbols: the groups as Google groups them', () => {
  it('each group with its rules, and the sitemaps', async () => {
    const uri = await open('symbols', 'Sitemap: https://e.test/s.xml\nUser-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: *\nAllow: /\n');
    const symbols = (await connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
    expect(symbols.map((s) => [s.name, s.detail ?? '', s.range.start.line, s.range.end.line, (s.children ?? []).map((c) => c.name)])).toEqual([
      ['Sitemap: https://e.test/s.xml', '', 0, 0, []],
      ['User-agent: a, b', '1 rule', 1, 3, ['Disallow: /x']],
      ['User-agent: *', '1 rule', 5, 6, ['Allow: /']],
    ]);
  });
});

describe('LSP 3.17 lifecycle: shutdown and exit', () => {
  it('exits with 0 after shutdown', async () => {
    await connection.sendRequest(ShutdownRequest.type);
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    await connection.sendNotification(ExitNotification.type);
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });
});
