import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ListVerdict, resolveCrawler } from '../robots/index.js';
import { auditInventory, type OpenedSource } from '../robots/site/index.js';
import { SiteSession } from './site-session.js';
import type { SiteRequest, SiteResponse, SiteState } from './site-protocol.js';
import { streamChunks } from './site-io.js';

const urlset = (...locs: string[]) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const ROBOTS = 'User-agent: *\nDisallow: /private/\nDisallow: /never/\n\nUser-agent: Googlebot\nDisallow: /g/\n';

/** A session over an in-memory site; its messages, and a way to wait for the worker to be idle. */
function session(files: Record<string, string | Uint8Array> = {}) {
  const out: SiteResponse[] = [];
  const s = new SiteSession((m) => out.push(m), {
    open: async (url): Promise<OpenedSource> => {
      const f = files[url];
      if (f === undefined) return { ok: false, problem: { code: 'http', args: { status: 404 } } };
      return { ok: true, body: (async function* () { yield typeof f === 'string' ? new TextEncoder().encode(f) : f; })() };
    },
    chunks: (file) => streamChunks(file.stream() as ReadableStream<Uint8Array>),
    yieldNow: () => new Promise((r) => setImmediate(r)),
    now: () => performance.now(),
  });
  let id = 1;
  const send = (req: Record<string, unknown>) => s.handle({ ...req, id: id++ } as unknown as SiteRequest);
  const state = (): SiteState => (out.filter((m) => m.type === 'site-state').at(-1) as { state: SiteState }).state;
  const idle = async () => {
    for (let i = 0; i < 500; i++) {
      await new Promise((r) => setImmediate(r));
      const st = out.filter((m) => m.type === 'site-state').at(-1) as { state: SiteState } | undefined;
      if (st && !st.state.busy && st.state.summary?.complete !== false && st.state.sources.every((x) => !x.reading)) return st.state;
    }
    throw new Error('the session never went idle');
  };
  const answer = <T extends SiteResponse['type']>(req: Record<string, unknown>) => {
    const n = id;
    send(req);
    return out.find((m) => 'id' in m && m.id === n) as Extract<SiteResponse, { type: T }>;
  };
  return { send, out, state, idle, answer };
}

const spec = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'site-audit', spec: { revision: 1, text: { kind: 'whole', text }, status: { kind: 'http', code: 200 }, compare: null, crawlers: [{ kind: 'text', value: 'Googlebot' }, { kind: 'text', value: 'Bingbot' }], readers: [], site: 'https://x.test', ...extra },
});

describe('the Site worker\'s session', () => {
  it('reads files (gzip too), pastes and fetched sitemaps in order, audits them as they come, and says what each gave', async () => {
    const t = session({ 'https://x.test/s.xml': urlset('https://x.test/private/3', 'https://x.test/a') });
    t.send(spec(ROBOTS));
    t.send({ type: 'site-add', sources: [
      { kind: 'file', name: 'one.xml.gz', file: new Blob([gzipSync(urlset('https://x.test/a', 'https://x.test/private/1', 'https://x.test/g/2'))]) },
      { kind: 'text', name: 'pasted', text: '/never/x\nhttps://other.test/y\n' },
      { kind: 'url', url: 'https://x.test/s.xml' },
      { kind: 'url', url: 'https://x.test/gone.xml' },
    ] });
    const st = await t.idle();
    expect(st.urls).toBe(6);
    expect(st.sources.map((s) => s.reports.map((r) => [r.format, r.gzip, r.urls, r.skipped, r.problem?.code ?? null]))).toEqual([
      [['urlset', true, 3, {}, null]], [['list', false, 2, {}, null]], [['urlset', false, 1, { duplicate: 1 }, null]], [[null, false, 0, {}, 'http']],
    ]);
    const sum = st.summary!;
    expect(sum.complete).toBe(true);
    expect(sum.columns.map((c) => [c.id, c.counts])).toEqual([
      ['googlebot', { allowed: 4, blocked: 1, outOfScope: 1, cannotTest: 0 }],
      ['bingbot', { allowed: 2, blocked: 3, outOfScope: 1, cannotTest: 0 }],
    ]);
    expect(sum.rules.map((r) => [r.line, r.decides, r.unused])).toEqual([[2, 2, null], [3, 1, null], [6, 1, null]]);
  });

  it('a URL listed twice in one piece of a sitemap is one URL of the inventory (sitemaps.org: each URL once)', async () => {
    const t = session();
    t.send(spec(ROBOTS));
    t.send({ type: 'site-add', sources: [{ kind: 'file', name: 'twice.xml', file: new Blob([urlset('https://x.test/a', 'https://x.test/b', 'https://x.test/a')]) }] });
    const st = await t.idle();
    expect(st.urls).toBe(2);
    expect(st.sources[0]!.reports.map((r) => [r.urls, r.skipped])).toEqual([[2, { duplicate: 1 }]]);
    const page = t.answer<'site-rows'>({ type: 'site-rows', query: { column: 0, verdicts: [], changed: false, folder: '', offset: 0, limit: 10 } });
    expect(page.page.rows.map((r) => r.url)).toEqual(['https://x.test/a', 'https://x.test/b']);
  });

  it('answers the same counts as the library\'s auditInventory over the same URLs', async () => {
    const urls = Array.from({ length: 5000 }, (_, i) => `https://x.test/${['private', 'g', 'a', 'never'][i % 4]}/${i}`);
    const t = session();
    t.send({ type: 'site-add', sources: [{ kind: 'text', name: 'list', text: urls.join('\n') }] });
    t.send(spec(ROBOTS));
    const st = await t.idle();
    const lib = await auditInventory(urls, { robots: { text: ROBOTS }, crawlers: ['Googlebot', 'Bingbot'].map((value) => resolveCrawler({ kind: 'text', value })), site: 'https://x.test' });
    expect(st.summary!.columns.map((c) => c.counts)).toEqual(lib.columns.map((c) => c.counts));
    expect(st.summary!.rules).toEqual(lib.rules);
  });

  it('pages the list by verdict and folder; a folder\'s children come on demand; a new spec re-audits what is held', async () => {
    const urls = Array.from({ length: 3000 }, (_, i) => `https://x.test/${i % 2 ? 'private' : 'pub'}/${i % 3}/p${i}`);
    const t = session();
    t.send(spec(ROBOTS));
    t.send({ type: 'site-add', sources: [{ kind: 'text', name: 'list', text: urls.join('\n') }] });
    await t.idle();
    const page = t.answer<'site-rows'>({ type: 'site-rows', query: { column: 1, verdicts: [ListVerdict.Blocked], changed: false, folder: '', offset: 10, limit: 5 } });
    expect(page.page.total).toBe(1500);
    expect(page.page.rows.map((r) => [r.index, r.url, r.now.line, r.rule, r.source])).toEqual(
      [21, 23, 25, 27, 29].map((i) => [i, urls[i], 2, 'Disallow: /private/', 'list']),
    );
    const roots = t.answer<'site-children'>({ type: 'site-children', folder: '' }).nodes;
    expect(roots.map((r) => [r.folder, r.urls])).toEqual([['https://x.test/', 3000]]);
    const kids = t.answer<'site-children'>({ type: 'site-children', folder: roots[0]!.folder }).nodes;
    expect(kids.map((k) => [k.label, k.urls, k.counts[1]![1]])).toEqual([['private/', 1500, 1500], ['pub/', 1500, 0]]);
    const pub0 = t.answer<'site-children'>({ type: 'site-children', folder: kids[1]!.folder }).nodes[0]!;
    expect(pub0.folder).toBe('https://x.test/pub/0/');
    const inFolder = t.answer<'site-rows'>({ type: 'site-rows', query: { column: 0, verdicts: [], changed: false, folder: pub0.folder, offset: 0, limit: 1000 } });
    expect(inFolder.page.rows.map((r) => r.url)).toEqual(urls.filter((u) => u.startsWith('https://x.test/pub/0/')));
    t.send({ ...spec('User-agent: *\nDisallow: /pub/\n'), spec: { ...spec('User-agent: *\nDisallow: /pub/\n').spec, revision: 2, compare: ROBOTS } });
    const st = await t.idle();
    expect(st.summary!.revision).toBe(2);
    expect(st.summary!.columns[1]!.counts.blocked).toBe(1500);
    expect(st.summary!.changes).toEqual({ byColumn: [{ changed: 1500, blocked: 1500, unblocked: 0 }, { changed: 3000, blocked: 1500, unblocked: 1500 }], total: 4500 });
    const changed = t.answer<'site-rows'>({ type: 'site-rows', query: { column: 1, verdicts: [], changed: true, folder: '', offset: 0, limit: 2 } });
    expect(changed.page.rows.map((r) => [r.url, r.now.verdict, r.rule, r.before])).toEqual([
      [urls[0], ListVerdict.Blocked, 'Disallow: /pub/', { verdict: ListVerdict.Allowed, line: 0, rule: '' }],
      [urls[1], ListVerdict.Allowed, '', { verdict: ListVerdict.Blocked, line: 2, rule: 'Disallow: /private/' }],
    ]);
  });

  it('exports every row as the audit\'s CSV; removing a source reads the inventory again without it', async () => {
    const t = session();
    t.send(spec(ROBOTS));
    t.send({ type: 'site-add', sources: [{ kind: 'text', name: 'a.txt', text: '/private/1\n/a' }, { kind: 'text', name: 'b.txt', text: '/a\n/g/2' }] });
    await t.idle();
    const csv = await (t.answer<'site-csv'>({ type: 'site-csv' })).csv.text();
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trim()).data;
    expect(rows).toEqual([
      ['url', 'crawler', 'verdict', 'line', 'rule', 'source'],
      ['/private/1', 'googlebot', 'allowed', '', '', 'a.txt'], ['/private/1', 'bingbot', 'blocked', '2', 'Disallow: /private/', 'a.txt'],
      ['/a', 'googlebot', 'allowed', '', '', 'a.txt'], ['/a', 'bingbot', 'allowed', '', '', 'a.txt'],
      ['/g/2', 'googlebot', 'blocked', '6', 'Disallow: /g/', 'b.txt'], ['/g/2', 'bingbot', 'allowed', '', '', 'b.txt'],
    ]);
    t.send({ type: 'site-remove', index: 0 });
    const st = await t.idle();
    expect(st.urls).toBe(2);
    expect(st.sources.map((s) => s.input)).toEqual([{ kind: 'text', name: 'b.txt' }]);
    expect(st.sources[0]!.reports[0]).toMatchObject({ urls: 2, skipped: {} });
  });

  it('an edit the worker cannot apply to its copy is refused (the client then sends the whole text)', () => {
    const t = session();
    const r = t.answer<'site-error'>({ type: 'site-audit', spec: { ...spec(ROBOTS).spec, text: { kind: 'edit', baseLength: 10, from: 0, to: 1, insert: 'x' } } });
    expect(r).toMatchObject({ type: 'site-error', message: expect.stringContaining('OutOfSync') });
  });
});
