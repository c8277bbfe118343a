// A real crawl report for the Site tab's tests (Chromium's and the cross-browser set's): the
// built CLI (lib/cli.js) crawls the local test site of bench/crawl-site.mjs with a draft against
// the live robots.txt and --fetch-blocked, so that every list of the report has rows.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveSite, testRobots, testSite } from '../bench/crawl-site.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The JSON text of a crawl of the test site (draft: the live file and `Disallow: /docs/meta-`). */
export async function makeCrawlReport() {
  const site = await serveSite(testSite);
  const dir = mkdtempSync(join(tmpdir(), 'rtt-crawl-e2e-'));
  try {
    const live = join(dir, 'robots.txt');
    const draft = join(dir, 'draft.txt');
    writeFileSync(live, testRobots(site.origin));
    writeFileSync(draft, `${testRobots(site.origin)}Disallow: /docs/meta-\n`);
    const args = [join(root, 'lib/cli.js'), 'audit', draft, '--compare', live, '--crawl', `${site.origin}/`, '--rate', '1000', '--max-depth', '4', '--fetch-blocked', '--format', 'json'];
    return await new Promise((resolve, reject) => execFile(process.execPath, args, { maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      // Exit 1: something was found, as it must be here.
      if (error && error.code !== 1) reject(new Error(`the crawl failed: ${stderr}`));
      else resolve(stdout);
    }));
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
