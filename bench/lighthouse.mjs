// Lighthouse's performance figures for the built page, served as GitHub Pages serves it (gzip,
// max-age=600), in Debian's Chromium: the mobile profile (Lighthouse's default: a mid-range phone
// on slow 4G, the CPU slowed 4×) and the desktop one, a few cold loads each, the median reported.
// bench/run.mjs reports them beside the JavaScript size rows; `node bench/lighthouse.mjs [dist…]`
// measures one build or compares several (their runs take turns, so a busy spell of this shared
// machine weighs on each alike), with the load average beside every run.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servePages } from '../scripts/serve-pages.mjs';

/** The budgets (the median of the runs): mobile and desktop. */
export const LIGHTHOUSE_BUDGETS = {
  mobile: { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 },
  desktop: { score: 98, cls: 0.05 },
};

const CHROMIUM = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * The largest contentful paint's element: the audit's selector, or where the audit failed (Lighthouse
 * 12's trace engine cannot read Chromium 156's frame events, and the element audit depends on it)
 * the last candidate in the trace, as Chromium names it (`P class='tagline'`).
 */
export function lcpElement(audit, traceEvents) {
  const selector = audit?.details?.items?.[0]?.items?.[0]?.node?.selector;
  if (selector) return selector;
  const candidates = traceEvents.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.args?.data?.isOutermostMainFrame !== false);
  return candidates.at(-1)?.args?.data?.nodeName ?? null;
}

/** One cold load of `url` measured by Lighthouse in `formFactor`: its figures and what they came from. */
export async function lighthouseRun(url, formFactor) {
  const load = loadavg()[0];
  const chrome = await chromeLauncher.launch({
    ...(CHROMIUM ? { chromePath: CHROMIUM } : {}),
    chromeFlags: ['--no-sandbox', '--headless', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      formFactor === 'desktop' ? desktopConfig : undefined);
    const lhr = result.lhr;
    const a = lhr.audits;
    const shifts = a['layout-shifts']?.details?.items ?? [];
    return {
      load_average: Number(load.toFixed(2)),
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp_ms: a['first-contentful-paint'].numericValue,
      lcp_ms: a['largest-contentful-paint'].numericValue,
      tbt_ms: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si_ms: a['speed-index'].numericValue,
      tti_ms: a['interactive']?.numericValue ?? null,
      lcp_element: lcpElement(a['largest-contentful-paint-element'], result.artifacts?.Trace?.traceEvents ?? []),
      shifts: shifts.map((s) => ({ score: Number(s.score.toFixed(4)), node: s.node?.selector ?? null })),
      ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
    };
  } finally {
    await chrome.kill();
  }
}

/** The median of each figure over `runs`, with the runs themselves. */
export function medianOf(runs) {
  const of = (k) => median(runs.map((r) => r[k]));
  return {
    score: of('score'), fcp_ms: of('fcp_ms'), lcp_ms: of('lcp_ms'), tbt_ms: of('tbt_ms'), cls: of('cls'), si_ms: of('si_ms'),
    load_averages: runs.map((r) => r.load_average), runs,
  };
}

/**
 * Lighthouse on each of `urls` in both profiles, `runs` cold loads each; the urls' runs take turns.
 * Resolves to one `{ mobile, desktop }` of medians per url.
 */
export async function lighthouseMedians(urls, { runs = 3, log = () => {} } = {}) {
  const out = urls.map(() => ({ mobile: [], desktop: [] }));
  for (const formFactor of ['mobile', 'desktop']) {
    for (let i = 0; i < runs; i++) {
      for (const [k, url] of urls.entries()) {
        const r = await lighthouseRun(url, formFactor);
        log(`lighthouse ${formFactor} ${url}: ${r.score} (LCP ${r.lcp_ms.toFixed(0)} ms, TBT ${r.tbt_ms.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}; load ${r.load_average})`);
        out[k][formFactor].push(r);
      }
    }
  }
  return out.map((o) => ({ mobile: medianOf(o.mobile), desktop: medianOf(o.desktop) }));
}

/** The bench's rows for one build's medians: [measure, value, '', '', budget]. */
export function lighthouseRows(m, budget) {
  const b = LIGHTHOUSE_BUDGETS;
  const loads = (x) => `load average ${x.load_averages.join(', ')}`;
  const mo = m.mobile;
  const de = m.desktop;
  return [
    [`Lighthouse mobile, median of ${mo.runs.length} (${loads(mo)}): performance; FCP, LCP, TBT, CLS`,
      `${mo.score}; ${(mo.fcp_ms / 1000).toFixed(2)} s, ${(mo.lcp_ms / 1000).toFixed(2)} s, ${mo.tbt_ms.toFixed(0)} ms, ${mo.cls.toFixed(3)}`, '', '',
      budget(mo.score >= b.mobile.score && mo.lcp_ms <= b.mobile.lcpMs && mo.tbt_ms <= b.mobile.tbtMs && mo.cls <= b.mobile.cls,
        `≥ ${b.mobile.score}; LCP ≤ ${b.mobile.lcpMs / 1000} s, TBT ≤ ${b.mobile.tbtMs} ms, CLS ≤ ${b.mobile.cls}`)],
    [`Lighthouse desktop, median of ${de.runs.length} (${loads(de)}): performance; FCP, LCP, TBT, CLS`,
      `${de.score}; ${(de.fcp_ms / 1000).toFixed(2)} s, ${(de.lcp_ms / 1000).toFixed(2)} s, ${de.tbt_ms.toFixed(0)} ms, ${de.cls.toFixed(3)}`, '', '',
      budget(de.score >= b.desktop.score && de.cls <= b.desktop.cls, `≥ ${b.desktop.score}; CLS ≤ ${b.desktop.cls}`)],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [join(root, 'dist')];
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const port = Number(process.env.BENCH_PORT ?? 4399);
  const servers = await Promise.all(dirs.map((d, i) => servePages({ root: resolve(d), port: port + i, asGitHubPages: true })));
  try {
    const medians = await lighthouseMedians(servers.map((s) => s.url), { runs, log: (...a) => console.error(...a) });
    const budget = (ok, text) => `${ok ? 'met' : 'MISSED'} (${text})`;
    for (const [i, m] of medians.entries()) {
      console.log(`\n${dirs[i]}`);
      for (const row of lighthouseRows(m, budget)) console.log(`| ${row.join(' | ')} |`);
      for (const f of ['mobile', 'desktop']) {
        console.log(`${f} runs: ${m[f].runs.map((r) => `${r.score} (FCP ${r.fcp_ms.toFixed(0)}, LCP ${r.lcp_ms.toFixed(0)} ${r.lcp_element ?? ''}, TBT ${r.tbt_ms.toFixed(0)}, CLS ${r.cls.toFixed(3)}${r.shifts.length ? ' ' + JSON.stringify(r.shifts) : ''}; load ${r.load_average})`).join('; ')}`);
      }
    }
    if (process.env.LIGHTHOUSE_JSON) (await import('node:fs')).writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify({ dirs, medians }, null, 2));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
