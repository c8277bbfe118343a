// Builds the Node package: the engine (lib/index.js + types), the robots-parser drop-in
// (lib/robots-parser.js, and lib/robots-parser.cjs for require), the CLI (lib/cli.js, with the
// commands that read archives, logs and sitemaps in lib/cli-*.js chunks loaded when they run), its
// language server (lib/lsp.js, loaded by `lsp` alone, with vscode-languageserver bundled in) and
// the conformance runner (lib/conformance.js, not published). The CLI, the server and the drop-in
// import the engine from ./index.js rather than carrying a copy. `--no-types` skips the declarations.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const types = !process.argv.includes('--no-types');
const common = { bundle: true, format: 'esm', target: 'node20', logLevel: 'warning', absWorkingDir: root, minifySyntax: true, minifyWhitespace: true, legalComments: 'none' };
const ENGINE = join(root, 'src/robots/index.ts');
// The engine's libraries include CommonJS ones (saxes, ipaddr.js, isbot): a neutral build must be told to read "main".
const neutral = { platform: 'neutral', mainFields: ['module', 'main'] };

/**
 * The engine's published entries: its API; Google's reading alone (a third of the engine's code,
 * which a process that only parses and checks compiles at start); and the site audit's and the
 * logs' own (loaded apart, so that parsing and checking never load their XML, gzip, CIDR and
 * bot-list libraries).
 */
const ENTRIES = {
  [ENGINE]: './index.js', [join(root, 'src/robots/google/index.ts')]: './google.js',
  [join(root, 'src/robots/site/index.ts')]: './site.js', [join(root, 'src/robots/logs/index.ts')]: './logs.js',
};

/** Resolves every import of the engine's entries to the published ./index.js, ./google.js, ./site.js and ./logs.js. */
const engineFromLib = {
  name: 'engine-from-lib',
  setup(b) {
    b.onResolve({ filter: /robots\/(site\/|logs\/|google\/)?index\.js$|^\.\.\/(google\/)?index\.js$/ }, async (args) => {
      const resolved = await b.resolve(args.path.replace(/\.js$/, '.ts'), { resolveDir: args.resolveDir, kind: args.kind });
      return Object.hasOwn(ENTRIES, resolved.path) ? { path: ENTRIES[resolved.path], external: true } : undefined;
    });
  },
};

/** The CLI loads the language server from the published ./lsp.js, only for `lsp`. */
const lspFromLib = {
  name: 'lsp-from-lib',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\/lsp\/index\.js$/ }, () => ({ path: './lsp.js', external: true }));
  },
};
/**
 * The libraries the engine uses for sitemaps, logs and crawls (saxes, fflate, ipaddr.js, isbot,
 * htmlparser2) build
 * tables and expressions when they load, which a process that parses and checks never needs (a
 * fresh process's first verdict paid for them). Each is bundled behind a stand-in that loads it on
 * first use: esbuild turns the stand-in's require() into a lazy initialiser. A new import of one
 * of them fails the build here until it is listed.
 */
const LAZY_LIBRARIES = {
  saxes: { construct: ['SaxesParser'] },
  fflate: { construct: ['Gunzip'] },
  isbot: { call: ['isbot', 'isbotMatch'] },
  'ipaddr.js': { members: true },
  htmlparser2: { construct: ['Tokenizer'] },
};
const lazyLibraries = {
  name: 'lazy-libraries',
  setup(b) {
    const filter = new RegExp(`^(${Object.keys(LAZY_LIBRARIES).map((n) => n.replace(/\./g, '\\.')).join('|')})$`);
    b.onResolve({ filter }, (args) => (args.namespace === 'file' ? { path: args.path, namespace: 'lazy' } : undefined));
    // What the engine takes from an ES module library, re-exported alone: the rest is still left out.
    b.onResolve({ filter: /^lazy-picks:/ }, (args) => ({ path: args.path.slice(11), namespace: 'lazy-picks' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-picks' }, (args) => {
      const spec = LAZY_LIBRARIES[args.path];
      return { contents: `export { ${[...(spec.construct ?? []), ...(spec.call ?? [])].join(', ')} } from ${JSON.stringify(args.path)};`, loader: 'js', resolveDir: root };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => {
      const spec = LAZY_LIBRARIES[args.path];
      const source = spec.members ? args.path : `lazy-picks:${args.path}`;
      const lines = [`let loaded; const load = () => (loaded ??= require(${JSON.stringify(source)}));`];
      for (const name of spec.construct ?? []) lines.push(`export function ${name}(...args) { return new (load().${name})(...args); }`);
      for (const name of spec.call ?? []) lines.push(`export function ${name}(...args) { return load().${name}(...args); }`);
      // A namespace object (ipaddr.IPv6.parse…): its members are read from the library when asked.
      if (spec.members) lines.push('export default new Proxy({}, { get: (_, key) => load()[key] });');
      return { contents: lines.join('\n'), loader: 'js', resolveDir: root };
    });
  },
};
// vscode-languageserver is CommonJS: its require() of Node's modules needs a require in an ES module.
const requireShim = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

// Chunks are named by their content's hash: an earlier build's would be left behind (and packed).
for (const name of existsSync(join(root, 'lib')) ? readdirSync(join(root, 'lib')) : []) {
  if (/^(engine|cli)-[A-Z0-9]+\.js$/.test(name)) rmSync(join(root, 'lib', name));
}
await Promise.all([
  // Code the four entries share goes into lib/engine-*.js chunks, loaded once.
  build({
    ...common, entryPoints: { index: 'src/robots/index.ts', google: 'src/robots/google/index.ts', site: 'src/robots/site/index.ts', logs: 'src/robots/logs/index.ts' },
    outdir: 'lib', splitting: true, chunkNames: 'engine-[hash]', ...neutral, plugins: [lazyLibraries],
  }),
  build({ ...common, entryPoints: ['src/robots/compat/robots-parser.ts'], outfile: 'lib/robots-parser.js', ...neutral, plugins: [engineFromLib] }),
  // history, logs and audit are imported when they run: split into chunks, a check never loads
  // (nor compiles) them, nor the site's and logs' entries they import.
  build({
    ...common, entryPoints: { cli: 'src/cli/bin.ts' }, outdir: 'lib', splitting: true, chunkNames: 'cli-[hash]', platform: 'node',
    plugins: [engineFromLib, lspFromLib],
  }),
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
// The binary's line for the shell (a banner would put it atop every chunk too).
writeFileSync(join(root, 'lib/cli.js'), `#!/usr/bin/env node\n${readFileSync(join(root, 'lib/cli.js'), 'utf8')}`);
chmodSync(join(root, 'lib/cli.js'), 0o755);
if (types) {
  rmSync(join(root, 'lib/types'), { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
}
