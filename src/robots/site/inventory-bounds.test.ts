import { describe, expect, it } from 'vitest';
import { InventoryBudget, type InventorySource, type OpenedSource } from './index.js';
import { readWholeInventory } from './test-helpers.js';

const enc = new TextEncoder();
const urlset = (...locs: string[]) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const index = (...locs: string[]) => `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;
const pages = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}/${i}`);
const line = (url: string): InventorySource => ({ name: url, url, role: 'sitemap' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A site whose answers take `delayMs` (a piece, then the rest): what it was asked for, and how
 * many of its answers were open at once per host at most. `hang` answers never come (until the
 * signal stops them).
 */
function slowSite(files: Record<string, string>, { delayMs = 5, hang = [] as string[] } = {}) {
  const asked: string[] = [];
  const openNow = new Map<string, number>();
  const most = new Map<string, number>();
  const open = async (url: string, signal: AbortSignal): Promise<OpenedSource> => {
    asked.push(url);
    const host = new URL(url).host;
    openNow.set(host, (openNow.get(host) ?? 0) + 1);
    most.set(host, Math.max(most.get(host) ?? 0, openNow.get(host)!));
    const done = () => openNow.set(host, openNow.get(host)! - 1);
    if (hang.includes(url)) {
      return new Promise((resolve) => signal.addEventListener('abort', () => {
        done();
        resolve({ ok: false, problem: { code: 'network', args: { detail: 'aborted' } } });
      }));
    }
    await sleep(delayMs);
    const f = files[url];
    if (f === undefined) {
      done();
      return { ok: false, problem: { code: 'http', args: { status: 404 } } };
    }
    const bytes = enc.encode(f);
    return {
      ok: true,
      body: (async function* () {
        try {
          yield bytes.subarray(0, bytes.length >> 1);
          await sleep(delayMs);
          yield bytes.subarray(bytes.length >> 1);
        } finally {
          done();
        }
      })(),
    };
  };
  return { open, asked, most };
}

const inventory = readWholeInventory;

describe('the run\'s caps: reading stops there, what was read is kept, what was left out is counted', () => {
  it('the URL cap: the source it falls in says it stopped there; the sources after are not read', async () => {
    const s = slowSite({ 'https://x.test/a.xml': urlset(...pages('https://x.test/a', 5)), 'https://x.test/b.xml': urlset(...pages('https://x.test/b', 5)), 'https://x.test/c.xml': urlset('https://x.test/c') });
    const budget = new InventoryBudget({ urls: 7 });
    const r = await inventory(['a', 'b', 'c'].map((k) => line(`https://x.test/${k}.xml`)), { open: s.open, budget });
    expect(r.urls).toEqual([...pages('https://x.test/a', 5), 'https://x.test/b/0', 'https://x.test/b/1']);
    expect(r.reports.map((p) => [p.urls, p.problem])).toEqual([[5, null], [2, { code: 'stopped', args: { limit: 'urls', cap: 7 } }]]);
    expect(budget.cut).toMatchObject({ urls: true, unread: 1, deadline: false });
    expect(budget.urls).toBe(7);
  });

  it('exactly the cap is no cut', async () => {
    const budget = new InventoryBudget({ urls: 3 });
    const r = await inventory([{ name: 'l', body: ['/a\n/b\n/c\n'] }], { budget });
    expect([r.urls.length, r.reports[0]!.problem, budget.anyCut]).toEqual([3, null, false]);
  });

  it('the child-sitemap cap, shared by every index of the run: the children past it are counted on the index that names them', async () => {
    const s = slowSite({
      'https://x.test/i1.xml': index(...pages('https://x.test/s', 3).map((u) => `${u}.xml`)),
      'https://x.test/i2.xml': index('https://x.test/t.xml'),
      ...Object.fromEntries(['s/0', 's/1', 's/2', 't'].map((k) => [`https://x.test/${k}.xml`, urlset(`https://x.test/${k}`)])),
    });
    const budget = new InventoryBudget({ childSitemaps: 2 });
    const r = await inventory([line('https://x.test/i1.xml'), line('https://x.test/i2.xml')], { open: s.open, budget });
    expect(r.urls).toEqual(['https://x.test/s/0', 'https://x.test/s/1']);
    expect(r.reports.map((p) => [p.source, p.sitemaps, p.skipped])).toEqual([
      ['https://x.test/i1.xml', 2, { capped: 1 }], ['https://x.test/s/0.xml', 0, {}], ['https://x.test/s/1.xml', 0, {}], ['https://x.test/i2.xml', 0, { capped: 1 }],
    ]);
    expect(budget.cut.childSitemaps).toBe(2);
    expect(s.asked).not.toContain('https://x.test/s/2.xml');
  });

  it('a robots.txt\'s Sitemap: lines past their cap are counted, not made sources', () => {
    const budget = new InventoryBudget({ sitemapLines: 2 });
    expect(budget.sitemapLines(['a', 'b', 'c', 'd'])).toEqual(['a', 'b']);
    expect(budget.cut.sitemapLines).toBe(2);
  });

  it('the deadline: a sitemap that never answers stops when it comes; the URLs before are kept, the rest not read', async () => {
    const s = slowSite({ 'https://x.test/a.xml': urlset('https://x.test/a'), 'https://x.test/c.xml': urlset('https://x.test/c') }, { hang: ['https://x.test/hang.xml'] });
    const deadline = new AbortController();
    const budget = new InventoryBudget({ deadlineMs: 50 });
    // The deadline comes while the run waits for the sitemap that never answers: once a.xml is
    // reported, the run goes on to it within this task. A 50 ms timer raced a.xml's own reading
    // instead, and a busy machine that held the test up that long read nothing.
    const r = await inventory(['a', 'hang', 'c'].map((k) => line(`https://x.test/${k}.xml`)), { open: s.open, budget, deadline: deadline.signal, maxDepth: 2 }, (e) => {
      if (e.kind === 'source' && e.source === 0) setTimeout(() => deadline.abort(), 0);
    });
    expect(r.urls).toEqual(['https://x.test/a']);
    expect(r.reports.map((p) => p.problem?.code ?? null)).toEqual([null, 'stopped']);
    expect(r.reports[1]!.problem!.args).toEqual({ limit: 'deadline', cap: 0.05 });
    expect(budget.cut).toMatchObject({ deadline: true, unread: 1 });
  });
});

describe('sitemaps fetched several at a time per host, read in the inventory\'s order', () => {
  it('twelve Sitemap: lines on each of two hosts: at most four open per host, more than one at once, URLs in the lines\' order', async () => {
    const files: Record<string, string> = {};
    const sources: InventorySource[] = [];
    for (let i = 0; i < 12; i++) {
      for (const host of ['a.test', 'b.test']) {
        const url = `https://${host}/s${i}.xml`;
        files[url] = urlset(`https://${host}/p${i}`);
        sources.push(line(url));
      }
    }
    const s = slowSite(files, { delayMs: 10 });
    const r = await inventory(sources, { open: s.open });
    expect(r.urls).toEqual(sources.map((x) => x.url!.replace(/s(\d+)\.xml$/, 'p$1')));
    // Four answers open at once on each host (counted by the site, not timed: a bound on the run's
    // time failed on a busy machine however many were open at once).
    expect([...s.most.values()]).toEqual([4, 4]);
    expect(s.asked).toHaveLength(24);
  });

  it('a fetch per host limit of one reads one after another', async () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`https://a.test/s${i}.xml`, urlset(`https://a.test/p${i}`)]));
    const s = slowSite(files);
    await inventory(Object.keys(files).map(line), { open: s.open, budget: new InventoryBudget({ perHost: 1 }) });
    expect(s.most.get('a.test')).toBe(1);
  });

  it('an index\'s children are opened ahead too, within the host\'s four', async () => {
    const children = Array.from({ length: 8 }, (_, i) => `https://a.test/c${i}.xml`);
    const s = slowSite({ 'https://a.test/index.xml': index(...children), ...Object.fromEntries(children.map((c, i) => [c, urlset(`https://a.test/p${i}`)])) }, { delayMs: 10 });
    const r = await inventory([line('https://a.test/index.xml')], { open: s.open });
    expect(r.urls).toEqual(children.map((_, i) => `https://a.test/p${i}`));
    expect(s.most.get('a.test')).toBe(4);
  });
});
