// The CLI tests run the real binary: build lib/ (without type declarations) before the suite.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  // The CLI annotates for GitHub when GITHUB_ACTIONS is set: tests that want it set it themselves.
  delete process.env['GITHUB_ACTIONS'];
  delete process.env['GITHUB_STEP_SUMMARY'];
  execFileSync(process.execPath, ['scripts/build-lib.mjs', '--no-types'], { stdio: 'inherit' });
}
