/** The `lsp` command: the language server for editors, over standard input and output. */
import { serveLanguageServer } from './server.js';

export { serveLanguageServer } from './server.js';
export { readSettings, DEFAULT_SETTINGS, type LspSettings, type FindingLevel } from './settings.js';

/** `robots-txt-tester lsp --help`. */
export const LSP_HELP = `Usage: robots-txt-tester lsp --stdio

Runs the language server (LSP 3.17) on standard input and output, for editors: diagnostics from the
tester's findings (Google's at their own severity, the other parsers' notes as information), hover
with Google's reading of the line and whom a group decides for, completion of fields and crawler
tokens, the one-click repairs as code actions, and the groups as document symbols.

Settings (initializationOptions, or the "robotsTxt" section of the workspace configuration):
  otherParsers   error | warning | information (default) | hint | off: the other parsers' notes
  codes          { "<finding code>": error | warning | information | hint | off }
  site           the site whose robots.txt this is, e.g. https://example.com

  --stdio      talk over standard input and output (the only transport)
  --help, -h   this help`;

/** Runs `lsp` with its arguments; resolves to an exit code when it does not serve. */
export function runLsp(args: readonly string[]): number {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${LSP_HELP}\n`);
    return 0;
  }
  // Editors pass their own flags too (--clientProcessId=…): only the transport matters here.
  const transports = args.filter((a) => /^--(stdio|node-ipc|socket|pipe)\b/.test(a));
  if (transports.length === 0 || transports.some((a) => a !== '--stdio')) {
    process.stderr.write(`robots-txt-tester: lsp talks over standard input and output: run "robots-txt-tester lsp --stdio"\n`);
    return 2;
  }
  serveLanguageServer(process.stdin, process.stdout);
  return 0;
}
