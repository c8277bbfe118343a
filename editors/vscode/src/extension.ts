/**
 * Starts the robots.txt tester's language server for files named robots.txt: the one bundled with
 * the extension, or an installed `robots-txt-tester lsp --stdio` when robotsTxt.server.command says so.
 */
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** The settings the server reads (the robotsTxt section, less the extension's own). */
function serverSettings(): Record<string, unknown> {
  const c = workspace.getConfiguration('robotsTxt');
  return { otherParsers: c.get('otherParsers'), codes: c.get('codes'), site: c.get('site') };
}

/** Called by VS Code when a robots.txt opens. */
export async function activate(context: ExtensionContext): Promise<void> {
  const command = workspace.getConfiguration('robotsTxt').get<string>('server.command', '').trim();
  const serverOptions: ServerOptions = command
    ? { command, args: ['lsp', '--stdio'], transport: TransportKind.stdio }
    : { module: context.asAbsolutePath('dist/server.js'), transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'robots-txt' }, { pattern: '**/robots.txt' }],
    initializationOptions: serverSettings(),
    synchronize: { configurationSection: 'robotsTxt' },
  };
  client = new LanguageClient('robotsTxt', 'robots.txt tester', serverOptions, clientOptions);
  await client.start();
}

/** Called by VS Code on shutdown. */
export async function deactivate(): Promise<void> {
  await client?.stop();
}
