/** The language server for editors (the `lsp` command's, loaded apart: lib/lsp.js). */
export { serveLanguageServer } from './server.js';
export { readSettings, DEFAULT_SETTINGS, type LspSettings, type FindingLevel } from './settings.js';
