/**
 * Emacs from Debian (28, with elpa-eglot; 29+ has eglot built in), in batch, with the set-up docs/editors.md
 * gives, drives the language server over a real robots.txt: diagnostics (through to Flymake), hover,
 * completion, a code action applied, an edit. Authority: LSP 3.17 as eglot speaks it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectServedEditor, readClientReport, type ClientReport } from './clients/client-report.js';
import { docSnippet } from './clients/doc-snippet.js';
import { editorTestFile } from './clients/real-file.js';

const emacs = spawnSync('emacs', ['--batch', '-q', '--eval', '(princ (if (locate-library "eglot") emacs-version ""))'], { encoding: 'utf8' });
const version = emacs.status === 0 && emacs.stdout.trim() !== '' ? emacs.stdout.trim() : null;
const dir = mkdtempSync(join(tmpdir(), 'rtt-emacs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface EmacsReport extends ClientReport {
  flymake: number;
}

describe.runIf(version)(`Emacs ${version} and eglot with the documented set-up`, () => {
  it('shows Google’s findings, hovers, completes a token, applies a repair and reads an edit', () => {
    const { text, hoverLine, typedLine } = editorTestFile();
    const file = join(dir, 'robots.txt');
    writeFileSync(file, text);
    writeFileSync(join(dir, 'init.el'), docSnippet('elisp', [process.execPath, resolve('lib/cli.js')]));
    const out = join(dir, 'out.json');
    const globals = `(setq robots-file ${JSON.stringify(file)} robots-out ${JSON.stringify(out)} robots-hover-line ${hoverLine})`;
    // An interactive Emacs activates its packages (eglot's autoloads) at startup; batch Emacs does when asked.
    const run = spawnSync('emacs', ['--batch', '-q', '--eval', '(package-activate-all)', '-l', join(dir, 'init.el'), '--eval', globals, '-l', resolve('editors/clients/emacs-driver.el')], {
      cwd: dir, timeout: 90_000, encoding: 'utf8', env: { ...process.env, HOME: dir },
    });
    expect(run.status).toBe(0);
    // eglot warns when a server registers what the client never offered to take (LSP 3.17 dynamic registration).
    expect(run.stderr.split('\n').filter((l) => /warning/i.test(l))).toEqual([]);
    const report = readClientReport<EmacsReport>(out);
    expectServedEditor(report, typedLine);
    expect(report.flymake).toBe(report.diagnostics.length);
  }, 120_000);
});
