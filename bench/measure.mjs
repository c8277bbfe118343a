// What several bench rows share: a child process's wall time and peak memory, and a paste into the
// app's editor as a user's Ctrl+A, Ctrl+V makes it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs a command; resolves to its wall time (s) and peak RSS (MB), polled from /proc, and with
 * `stderr` the end of its standard error (what a row checks the command said).
 */
export function measure(cmd, args, okCodes = [0, 1], { stderr = false } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let peak = 0;
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) / 1024);
      } catch {
        // exited
      }
    }, 20);
    let err = '';
    child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      if (!okCodes.includes(code)) reject(new Error(`${cmd} exited ${code}: ${err}`));
      else resolve({ s: (performance.now() - t0) / 1000, rss_mb: peak, ...(stderr ? { err } : {}) });
    });
  });
}

/** Runs the built CLI (lib/cli.js) with `args`: exit 0 or 1 (blocked rows) is a run. */
export function runCli(root, args, options) {
  return measure(process.execPath, [join(root, 'lib/cli.js'), ...args], [0, 1], options);
}

/** Replaces the editor's text in `page` as a user's Ctrl+A, Ctrl+V does. */
export async function pasteRobots(page, text) {
  const editor = page.locator('[data-testid=robots-editor] .cm-content');
  await editor.focus();
  await page.keyboard.press('Control+A');
  await editor.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
