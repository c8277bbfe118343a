// The cross-browser set in Firefox ESR and WebKitGTK, against the production build
// served under a sub-path as GitHub Pages serves it. Usage: node e2e/cross/run.mjs [firefox|webkit…]
// Ends with `N passed, M failed`; exit 1 on any failure. Screenshots go to test-results/cross/.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableEngines, openFirefox, openWebKit } from './drivers.mjs';
import { SCENARIOS } from './scenarios.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const wanted = process.argv.slice(2);
const engines = availableEngines().filter((e) => wanted.length === 0 || wanted.includes(e));
const shots = join(root, 'test-results', 'cross');
mkdirSync(shots, { recursive: true });

const port = Number(process.env.CROSS_PORT ?? 4183);
const server = spawn(process.execPath, [join(root, 'scripts/serve-pages.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
// The Site tab's real-sized inventory: an index of four 50,000-URL gzip sitemaps (every tenth URL
// under /private/), the second of which waits while /big/gate/close holds it, so a run can be
// caught in its middle; /big/gate/open lets it go.
const BIG_CHILDREN = 4;
const BIG_PER = 50_000;
let bigSitemaps = [];
let gateOpen = () => {};
let gate = Promise.resolve();
// A site on 127.0.0.1 that lets other pages read its robots.txt; it also stands in for the
// Wayback Machine (its CDX index of example.com/robots.txt and one archived copy).
// Requests the site had, by path: a scenario clears it to see what a page fetched.
const hits = new Map();
const site = createServer((req, res) => {
  hits.set(req.url, (hits.get(req.url) ?? 0) + 1);
  const headers = { 'content-type': 'text/plain', 'access-control-allow-origin': '*' };
  if (req.url.startsWith('/cdx/search/cdx?url=example.com%2Frobots.txt&')) {
    return void res.writeHead(200, headers).end(JSON.stringify([['timestamp', 'original', 'statuscode', 'digest'], ['20200101000000', 'https://example.com/robots.txt', '200', 'ARCHIVEDDIGEST']]));
  }
  if (req.url === '/web/20200101000000id_/https://example.com/robots.txt') return void res.writeHead(200, headers).end('User-agent: *\nDisallow: /archived-only\n');
  // The Site tab's inventory: a sitemap index naming one gzip sitemap.
  const here = `http://127.0.0.1:${site.address().port}`;
  if (req.url === '/sitemap_index.xml') return void res.writeHead(200, { ...headers, 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${here}/pages.xml.gz</loc></sitemap></sitemapindex>`);
  if (req.url === '/pages.xml.gz') {
    return void res.writeHead(200, { ...headers, 'content-type': 'application/gzip' })
      .end(gzipSync(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/', '/blog/a', '/private/x', '/private/y'].map((p) => `<url><loc>${here}${p}</loc></url>`).join('')}</urlset>`));
  }
  if (req.url === '/big/gate/close') {
    gate = new Promise((r) => (gateOpen = r));
    return void res.writeHead(204).end();
  }
  if (req.url === '/big/gate/open') {
    gateOpen();
    return void res.writeHead(204).end();
  }
  if (req.url === '/big/index.xml') {
    const children = Array.from({ length: BIG_CHILDREN }, (_, k) => `<sitemap><loc>${here}/big/${k}.xml.gz</loc></sitemap>`).join('');
    return void res.writeHead(200, { ...headers, 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children}</sitemapindex>`);
  }
  const child = /^\/big\/(\d+)\.xml\.gz$/.exec(req.url);
  if (child) {
    if (bigSitemaps.length === 0) {
      bigSitemaps = Array.from({ length: BIG_CHILDREN }, (_, j) => gzipSync(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from({ length: BIG_PER }, (_, i) => {
        const n = j * BIG_PER + i;
        return `<url><loc>${here}/${n % 10 === 0 ? 'private' : `section-${n % 7}`}/page-${n}</loc></url>`;
      }).join('')}</urlset>`));
    }
    const k = Number(child[1]);
    void (k === 1 ? gate : Promise.resolve()).then(() => res.writeHead(200, { ...headers, 'content-type': 'application/gzip' }).end(bigSitemaps[k]));
    return;
  }
  res.writeHead(req.url === '/robots.txt' ? 200 : 404, headers);
  res.end(req.url === '/robots.txt' ? 'User-agent: *\nDisallow: /live-only\n' : '');
});
await new Promise((r) => site.listen(0, '127.0.0.1', r));
// WebKitGTK needs a display: a virtual one, started here.
let xvfb = null;
if (engines.includes('webkit') && !process.env.DISPLAY) {
  xvfb = spawn('Xvfb', [':94', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  process.env.DISPLAY = ':94';
}
await new Promise((r) => setTimeout(r, 1000));
const ctx = { base: `http://127.0.0.1:${port}/robots-txt-tester/`, site: `http://127.0.0.1:${site.address().port}`, hits, shots };

let passed = 0;
let failed = 0;
try {
  for (const engine of engines) {
    // CROSS_GREP=<text> runs only the scenarios whose names hold it.
    for (const [name, scenario] of SCENARIOS.filter(([n]) => !process.env.CROSS_GREP || n.includes(process.env.CROSS_GREP))) {
      const t0 = Date.now();
      let d = null;
      try {
        d = engine === 'firefox' ? await openFirefox(1400, 900) : await openWebKit(1400, 900, port + 100);
        await d.goto(ctx.base);
        await d.run(() => new Promise((resolve) => {
          const ready = () => document.querySelector('[data-testid=verdict][data-verdict]') && document.querySelector('[data-testid=robots-editor] .cm-content');
          if (ready()) return resolve(true);
          const obs = new MutationObserver(() => ready() && (obs.disconnect(), resolve(true)));
          obs.observe(document, { subtree: true, childList: true, attributes: true });
        }));
        await scenario(d, ctx);
        await d.close();
        const errors = d.errors.filter((e) => !/ResizeObserver loop/.test(e));
        d = null;
        if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
        passed++;
        console.log(`  ✓ [${engine}] ${name} (${Date.now() - t0} ms)`);
      } catch (e) {
        failed++;
        console.log(`  ✘ [${engine}] ${name}: ${e.message}`);
        if (d) {
          await d.screenshot(join(shots, `${engine}-failed-${name.replace(/\W+/g, '-')}.png`)).catch(() => {});
          await d.close().catch(() => {});
        }
      }
    }
  }
} finally {
  gateOpen();
  server.kill();
  site.closeAllConnections();
  site.close();
  xvfb?.kill();
}
if (engines.length === 0) console.log('cross-browser set: no Firefox ESR or WebKitGTK here (apt-get install firefox-esr webkit2gtk-driver xvfb)');
console.log(`cross-browser: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
