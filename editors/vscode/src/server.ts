/** The bundled language server: the tester's `lsp --stdio`, on the streams VS Code gives it. */
import { serveLanguageServer } from '../../../src/cli/lsp/index.js';

serveLanguageServer(process.stdin, process.stdout);
