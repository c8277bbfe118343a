// Bundles the extension (dist/extension.js, with vscode-languageclient) and the language server
// (dist/server.js: the tester's engine and vscode-languageserver) from the repository's sources,
// so the packaged extension needs nothing installed beside it.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node18', minify: true, legalComments: 'none', logLevel: 'warning', absWorkingDir: here };

await Promise.all([
  build({ ...common, entryPoints: [join(here, 'src/extension.ts')], outfile: join(here, 'dist/extension.js'), external: ['vscode'] }),
  build({ ...common, entryPoints: [join(here, 'src/server.ts')], outfile: join(here, 'dist/server.js') }),
]);
