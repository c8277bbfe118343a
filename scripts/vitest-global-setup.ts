// The CLI tests run the real binary: build lib/ (without type declarations) before the suite.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-lib.mjs', '--no-types'], { stdio: 'inherit' });
}
