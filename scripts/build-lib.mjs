// Builds the Node package: the engine (lib/index.js + types), the robots-parser drop-in
// (lib/robots-parser.js, and lib/robots-parser.cjs for require), the CLI (lib/cli.js), its
// language server (lib/lsp.js, loaded by `lsp` alone, with vscode-languageserver bundled in) and
// the conformance runner (lib/conformance.js, not published). The CLI, the server and the drop-in
// import the engine from ./index.js rather than carrying a copy. `--no-types` skips the declarations.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const types = !process.argv.includes('--no-types');
const common = { bundle: true, format: 'esm', target: 'node20', logLevel: 'warning', absWorkingDir: root, minifySyntax: true, minifyWhitespace: true, legalComments: 'none' };
const ENGINE = join(root, 'src/robots/index.ts');
// The engine's libraries include CommonJS ones (saxes, ipaddr.js, isbot): a neutral build must be told to read "main".
const neutral = { platform: 'neutral', mainFields: ['module', 'main'] };

/** Resolves every import of the engine's entry to the published ./index.js. */
const engineFromLib = {
  name: 'engine-from-lib',
  setup(b) {
    b.onResolve({ filter: /robots\/index\.js$|^\.\.\/index\.js$/ }, async (args) => {
      const resolved = await b.resolve(args.path.replace(/\.js$/, '.ts'), { resolveDir: args.resolveDir, kind: args.kind });
      return resolved.path === ENGINE ? { path: './index.js', external: true } : undefined;
    });
  },
};

/** The CLI loads the language server from the published ./lsp.js, only for `lsp`. */
const lspFromLib = {
  name: 'lsp-from-lib',
  setup(b) {
    b.onResolve({ filter: /^\.\/lsp\/index\.js$/ }, () => ({ path: './lsp.js', external: true }));
  },
};
// vscode-languageserver is CommonJS: its require() of Node's modules needs a require in an ES module.
const requireShim = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

await Promise.all([
  build({ ...common, entryPoints: ['src/robots/index.ts'], outfile: 'lib/index.js', ...neutral }),
  build({ ...common, entryPoints: ['src/robots/compat/robots-parser.ts'], outfile: 'lib/robots-parser.js', ...neutral, plugins: [engineFromLib] }),
  build({ ...common, entryPoints: ['src/cli/bin.ts'], outfile: 'lib/cli.js', platform: 'node', banner: { js: '#!/usr/bin/env node' }, plugins: [engineFromLib, lspFromLib] }),
  build({ ...common, entryPoints: ['src/cli/lsp/index.ts'], outfile: 'lib/lsp.js', platform: 'node', banner: { js: requireShim }, plugins: [engineFromLib] }),
  build({ ...common, entryPoints: ['src/cli/conformance.ts'], outfile: 'lib/conformance.js', platform: 'node' }),
]);
// CommonJS callers of the drop-in get robots-parser's own shape: the function is the module.
// (Node ≥ 20.19 loads the ES module with require().)
writeFileSync(join(root, 'lib/robots-parser.cjs'), `'use strict';
const { robotsParser } = require('./robots-parser.js');
module.exports = robotsParser;
module.exports.default = robotsParser;
module.exports.robotsParser = robotsParser;
`);
chmodSync(join(root, 'lib/cli.js'), 0o755);
if (types) {
  rmSync(join(root, 'lib/types'), { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
}
