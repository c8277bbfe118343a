// Builds the Node package: the engine (lib/index.js + types), the CLI (lib/cli.js) and the
// conformance runner (lib/conformance.js). `--no-types` skips the declarations (faster).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const types = !process.argv.includes('--no-types');
const common = { bundle: true, format: 'esm', target: 'node20', logLevel: 'warning', absWorkingDir: root };

await Promise.all([
  build({ ...common, entryPoints: ['src/robots/index.ts'], outfile: 'lib/index.js', platform: 'neutral' }),
  build({ ...common, entryPoints: ['src/cli/bin.ts'], outfile: 'lib/cli.js', platform: 'node', banner: { js: '#!/usr/bin/env node' } }),
  build({ ...common, entryPoints: ['src/cli/conformance.ts'], outfile: 'lib/conformance.js', platform: 'node' }),
]);
chmodSync(join(root, 'lib/cli.js'), 0o755);
if (types) {
  rmSync(join(root, 'lib/types'), { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
}
