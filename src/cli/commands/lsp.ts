/** `robots-txt-tester lsp --stdio`: the language server for editors, over standard input and output. */
import { CliError } from '../cli-error.js';
import { defineCommand } from '../command.js';

/** The transports a language client may ask for; this server talks over standard input and output alone. */
const TRANSPORTS = ['stdio', 'node-ipc', 'socket', 'pipe'];

/** `lsp`. */
export const lspCommand = defineCommand({
  name: 'lsp',
  help: `Usage: robots-txt-tester lsp --stdio

Runs the language server (LSP 3.17) on standard input and output, for editors: diagnostics from the
tester's findings (Google's at their own severity, the other parsers' notes as information), hover
with Google's reading of the line and whom a group decides for, completion of fields and crawler
tokens, the one-click repairs as code actions, and the groups as document symbols.

Settings (initializationOptions, or the "robotsTxt" section of the workspace configuration):
  otherParsers   error | warning | information (default) | hint | off: the other parsers' notes
  codes          { "<finding code>": error | warning | information | hint | off }
  site           the site whose robots.txt this is, e.g. https://example.com

  --stdio      talk over standard input and output (the only transport)
  --help, -h   this help`,
  options: { stdio: { type: 'boolean' } },
  // Editors pass their own flags too (--clientProcessId=…): only the transport matters here.
  strict: false,

  async run({ tokens }) {
    const transports = tokens.filter((t) => t.kind === 'option' && TRANSPORTS.includes(t.name));
    if (transports.length === 0 || transports.some((t) => t.kind === 'option' && (t.name !== 'stdio' || t.inlineValue))) {
      throw new CliError('lsp talks over standard input and output: run "robots-txt-tester lsp --stdio"', 2, { hint: false });
    }
    // The server and its library load only when asked for.
    (await import('../lsp/index.js')).serveLanguageServer(process.stdin, process.stdout);
    return 0;
  },
});
