// JavaScript before first use, from the built dist/ (no browser): the entry script and its static
// imports from index.html plus the analysis worker, and the same with the heaviest language's first
// catalogue part. `node bench/js-size.mjs` after `npm run build`; bench/run.mjs reports the same figures.
import { gzipSync } from 'node:zlib';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The budget, in gzip KB, of JavaScript before first use, in every language (e2e/budget.spec.ts holds it). */
export const JS_BUDGET_KB = 150;

/** The gzip KB of the JavaScript a first visit needs before its first verdict, in `root`/dist. */
export function jsBeforeFirstUse(root) {
  const assets = join(root, 'dist/assets');
  const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
  // Addressed by the HTML's tags, or by the page's data (the app's scripts, which the early script adds).
  const initial = [...html.matchAll(/(?:src="|href="|")\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  // The analysis worker's script and the chunks it imports statically (not its lazy diagnostics).
  const withImports = (f, seen = new Set()) => {
    if (seen.has(f)) return seen;
    seen.add(f);
    for (const m of readFileSync(join(assets, f), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) withImports(m[1], seen);
    return seen;
  };
  for (const f of readdirSync(assets).filter((f) => f.startsWith('robots.worker') && f.endsWith('.js'))) {
    initial.push(...[...withImports(f)].map((g) => `assets/${g}`));
  }
  const gz = (f) => gzipSync(readFileSync(join(root, 'dist', f))).length;
  const kb = initial.reduce((a, f) => a + gz(f), 0) / 1024;
  // A reader in another language also needs that language's first catalogue part (its core) before the first verdict.
  const catalogues = readdirSync(assets).filter((f) => /^(hi|nl|ko)-core-.*\.js$/.test(f));
  const heaviest = catalogues.map((f) => ({ file: f, kb: gz(`assets/${f}`) / 1024 })).sort((x, y) => y.kb - x.kb)[0];
  return { kb, files: initial.map((f) => f.split('/').pop()), heaviestKb: kb + (heaviest?.kb ?? 0), catalogue: heaviest?.file ?? null };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = jsBeforeFirstUse(join(dirname(fileURLToPath(import.meta.url)), '..'));
  console.log(`JavaScript before first use: ${r.kb.toFixed(2)} KB gzip; heaviest language (${r.catalogue}): ${r.heaviestKb.toFixed(2)} KB (budget ${JS_BUDGET_KB})`);
}
