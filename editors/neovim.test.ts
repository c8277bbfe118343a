/**
 * Neovim from Debian, headless, with the set-up docs/editors.md gives (0.7's start_client path and
 * 0.8+'s vim.lsp.start), drives the language server over a real robots.txt: diagnostics, hover,
 * completion, a code action applied, an edit. Authority: LSP 3.17 as Neovim's client speaks it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectServedEditor, readClientReport, type ClientReport } from './clients/client-report.js';
import { docSnippet } from './clients/doc-snippet.js';
import { editorTestFile } from './clients/real-file.js';

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const version = nvim.status === 0 ? nvim.stdout.split('\n')[0] : null;
const dir = mkdtempSync(join(tmpdir(), 'rtt-nvim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(version)(`Neovim (${version}) with the documented set-up`, () => {
  it('shows Google’s findings, hovers, completes a token, applies a repair and reads an edit', () => {
    const { text, hoverLine, typedLine } = editorTestFile();
    const file = join(dir, 'robots.txt');
    writeFileSync(file, text);
    writeFileSync(join(dir, 'init.lua'), docSnippet('lua', [process.execPath, resolve('lib/cli.js')]));
    const out = join(dir, 'out.json');
    const globals = `lua _G.robots_file=${JSON.stringify(file)}; _G.robots_out=${JSON.stringify(out)}; _G.robots_hover_line=${hoverLine}`;
    execFileSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', join(dir, 'init.lua'), '-c', globals, '-c', `luafile ${resolve('editors/clients/neovim-driver.lua')}`], {
      cwd: dir, timeout: 90_000, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), XDG_STATE_HOME: join(dir, 'state') },
    });
    const report = readClientReport<ClientReport>(out);
    expectServedEditor(report, typedLine);
  }, 120_000);
});
