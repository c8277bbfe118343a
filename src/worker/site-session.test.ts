import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ListVerdict, resolveCrawler } from '../robots/index.js';
import { auditInventory, type OpenedSource } from '../robots/site/index.js';
import { sameSource, SiteSession } from './site-session.js';
import type { SiteAuditSpec, SiteEvent, SiteSourceInput, SiteWorkerState } from './site-protocol.js';
import { streamChunks } from './site-io.js';

const urlset = (...locs: string[]) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const ROBOTS = 'User-agent: *\nDisallow: /private/\nDisallow: /never/\n\nUser-agent: Googlebot\nDisallow: /g/\n';

/** A session over an in-memory site: what it says, and which URLs it opened. */
function session(files: Record<string, string | Uint8Array> = {}, now = () => performance.now()) {
  const events: SiteEvent[] = [];
  const opened: string[] = [];
  const s = new SiteSession((m) => events.push(m), {
    open: async (url): Promise<OpenedSource> => {
      opened.push(url);
      const f = files[url];
      if (f === undefined) return { ok: false, problem: { code: 'http', args: { status: 404 } } };
      return { ok: true, body: (async function* () { yield typeof f === 'string' ? new TextEncoder().encode(f) : f; })() };
    },
    chunks: (file) => streamChunks(file.stream() as ReadableStream<Uint8Array>),
    yieldNow: () => new Promise((r) => setImmediate(r)),
    now,
  });
  const state = (): SiteWorkerState => (events.filter((m) => m.type === 'site-state').at(-1) as { state: SiteWorkerState }).state;
  return { s, events, opened, state };
}

const spec = (extra: Partial<SiteAuditSpec> = {}): SiteAuditSpec => ({
  revision: 1, status: { kind: 'http', code: 200 }, compare: null, crawlers: [{ kind: 'text', value: 'Googlebot' }, { kind: 'text', value: 'Bingbot' }], readers: [], site: 'https://x.test', ...extra,
});
const whole = (text: string) => ({ kind: 'whole', text }) as const;
const text = (name: string, body: string): SiteSourceInput => ({ kind: 'text', name, text: body });
const all = (column = 0) => ({ column, verdicts: [], changed: false, folder: '', offset: 0, limit: 1000 });

describe('the Site worker\'s session', () => {
  it('reads files (gzip too), pastes and fetched sitemaps in order, audits them as they come, and says what each gave', async () => {
    const t = session({ 'https://x.test/s.xml': urlset('https://x.test/private/3', 'https://x.test/a') });
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([
      { kind: 'file', name: 'one.xml.gz', file: new Blob([gzipSync(urlset('https://x.test/a', 'https://x.test/private/1', 'https://x.test/g/2'))]) },
      text('pasted', '/never/x\nhttps://other.test/y\n'),
      { kind: 'url', url: 'https://x.test/s.xml' },
      { kind: 'url', url: 'https://x.test/gone.xml' },
    ]);
    const st = t.state();
    expect(st.busy).toBe(false);
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
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([{ kind: 'file', name: 'twice.xml', file: new Blob([urlset('https://x.test/a', 'https://x.test/b', 'https://x.test/a')]) }]);
    const st = t.state();
    expect(st.urls).toBe(2);
    expect(st.sources[0]!.reports.map((r) => [r.urls, r.skipped])).toEqual([[2, { duplicate: 1 }]]);
    expect(t.s.rows(all()).page.rows.map((r) => r.url)).toEqual(['https://x.test/a', 'https://x.test/b']);
  });

  it('answers the same counts as the library\'s auditInventory over the same URLs', async () => {
    const urls = Array.from({ length: 5000 }, (_, i) => `https://x.test/${['private', 'g', 'a', 'never'][i % 4]}/${i}`);
    const t = session();
    void t.s.read([text('list', urls.join('\n'))]);
    await t.s.auditAgainst(spec(), whole(ROBOTS));
    const st = t.state();
    const lib = await auditInventory(urls, { robots: { text: ROBOTS }, crawlers: ['Googlebot', 'Bingbot'].map((value) => resolveCrawler({ kind: 'text', value })), site: 'https://x.test' });
    expect(st.summary!.columns.map((c) => c.counts)).toEqual(lib.columns.map((c) => c.counts));
    expect(st.summary!.rules).toEqual(lib.rules);
  });

  it('searches the list as typed and sorts it by a column, page after page, ties in the inventory\'s order', async () => {
    const urls = Array.from({ length: 300 }, (_, i) => `https://x.test/${i % 2 ? 'private' : 'pub'}/p${i}`);
    const t = session();
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([text('list', urls.join('\n'))]);
    const base = { column: 1, verdicts: [], changed: false, folder: '', limit: 3 };
    const found = t.s.rows({ ...base, search: '/p1', offset: 0, sort: { key: 'url', descending: true } }).page;
    const want = urls.filter((u) => u.includes('/p1')).sort().reverse();
    expect([found.total, found.rows.map((r) => r.url)]).toEqual([want.length, want.slice(0, 3)]);
    expect(t.s.rows({ ...base, search: '/p1', offset: 3, sort: { key: 'url', descending: true } }).page.rows.map((r) => r.url)).toEqual(want.slice(3, 6));
    expect(t.s.rows({ ...base, search: '/P1', offset: 0 }).page.total).toBe(0);
    const blockedFirst = t.s.rows({ ...base, offset: 0, sort: { key: 'verdict', descending: true } }).page.rows;
    expect(blockedFirst.map((r) => [r.index, r.now.verdict])).toEqual([[1, ListVerdict.Blocked], [3, ListVerdict.Blocked], [5, ListVerdict.Blocked]]);
  });

  it('pages the list by verdict and folder; a folder\'s children come on demand; a new spec re-audits what is held', async () => {
    const urls = Array.from({ length: 3000 }, (_, i) => `https://x.test/${i % 2 ? 'private' : 'pub'}/${i % 3}/p${i}`);
    const t = session();
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([text('list', urls.join('\n'))]);
    const page = t.s.rows({ column: 1, verdicts: [ListVerdict.Blocked], changed: false, folder: '', offset: 10, limit: 5 });
    expect(page.revision).toBe(1);
    expect(page.page.total).toBe(1500);
    expect(page.page.rows.map((r) => [r.index, r.url, r.now.line, r.rule, r.source])).toEqual(
      [21, 23, 25, 27, 29].map((i) => [i, urls[i], 2, 'Disallow: /private/', 'list']),
    );
    const roots = t.s.children('').nodes;
    expect(roots.map((r) => [r.folder, r.urls])).toEqual([['https://x.test/', 3000]]);
    const kids = t.s.children(roots[0]!.folder).nodes;
    expect(kids.map((k) => [k.label, k.urls, k.counts[1]![1]])).toEqual([['private/', 1500, 1500], ['pub/', 1500, 0]]);
    const pub0 = t.s.children(kids[1]!.folder).nodes[0]!;
    expect(pub0.folder).toBe('https://x.test/pub/0/');
    expect(t.s.rows({ ...all(), folder: pub0.folder }).page.rows.map((r) => r.url)).toEqual(urls.filter((u) => u.startsWith('https://x.test/pub/0/')));
    await t.s.auditAgainst(spec({ revision: 2, compare: ROBOTS }), whole('User-agent: *\nDisallow: /pub/\n'));
    const st = t.state();
    expect(st.summary!.revision).toBe(2);
    expect(st.summary!.columns[1]!.counts.blocked).toBe(1500);
    expect(st.summary!.changes).toEqual({ byColumn: [{ changed: 1500, blocked: 1500, unblocked: 0 }, { changed: 3000, blocked: 1500, unblocked: 1500 }], total: 4500 });
    const changed = t.s.rows({ column: 1, verdicts: [], changed: true, folder: '', offset: 0, limit: 2 });
    expect(changed.page.rows.map((r) => [r.url, r.now.verdict, r.rule, r.before])).toEqual([
      [urls[0], ListVerdict.Blocked, 'Disallow: /pub/', { verdict: ListVerdict.Allowed, line: 0, rule: '' }],
      [urls[1], ListVerdict.Allowed, '', { verdict: ListVerdict.Blocked, line: 2, rule: 'Disallow: /private/' }],
    ]);
  });

  it('once an audit is done, the last state it said is the finished one, however fast it went', async () => {
    // A clock that stands still: the whole audit fits one slice, and no progress is ever due.
    const t = session({}, () => 0);
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([text('list', '/private/1\n/a\n/g/2')]);
    await t.s.auditAgainst(spec({ revision: 2 }), whole('User-agent: *\nDisallow: /a\n'));
    const st = t.state();
    expect([st.busy, st.summary!.revision, st.summary!.complete, st.summary!.columns[1]!.counts.blocked]).toEqual([false, 2, true, 1]);
  });

  it('each slice of an audit audits a step however late it starts: a clock that jumps a second at every reading still ends the audit', async () => {
    let clock = 0;
    const t = session({}, () => (clock += 1000));
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([text('list', Array.from({ length: 5000 }, (_, i) => `/private/${i}`).join('\n'))]);
    // The new spec's audit goes in slices (the reading's went at once, as the URLs came).
    await t.s.auditAgainst(spec({ revision: 2 }), whole('User-agent: *\nDisallow: /private/1\n'));
    const st = t.state();
    // /private/1, /private/10–19, /private/100–199, /private/1000–1999.
    expect([st.busy, st.summary!.revision, st.summary!.urls, st.summary!.columns[1]!.counts.blocked]).toEqual([false, 2, 5000, 1111]);
  });

  it('exports every row as the audit\'s CSV', async () => {
    const t = session();
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([text('a.txt', '/private/1\n/a'), text('b.txt', '/a\n/g/2')]);
    const rows = Papa.parse<string[]>((await t.s.csv().csv.text()).replace(/^\uFEFF/, '').trim()).data;
    expect(rows).toEqual([
      ['url', 'crawler', 'verdict', 'line', 'rule', 'source'],
      ['/private/1', 'googlebot', 'allowed', '', '', 'a.txt'], ['/private/1', 'bingbot', 'blocked', '2', 'Disallow: /private/', 'a.txt'],
      ['/a', 'googlebot', 'allowed', '', '', 'a.txt'], ['/a', 'bingbot', 'allowed', '', '', 'a.txt'],
      ['/g/2', 'googlebot', 'blocked', '6', 'Disallow: /g/', 'b.txt'], ['/g/2', 'bingbot', 'allowed', '', '', 'b.txt'],
    ]);
  });

  it('an edit the worker cannot apply to its copy is refused (the channel then sends the whole text)', () => {
    const t = session();
    expect(() => t.s.auditAgainst(spec(), { kind: 'edit', baseLength: 10, from: 0, to: 1, insert: 'x' })).toThrow(expect.objectContaining({ name: 'OutOfSync' }));
  });
});

describe('the Site worker\'s session: files opened together find each other', () => {
  const sitemapIndex = (...locs: string[]) => `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;
  const fileOf = (name: string, body: string): SiteSourceInput => ({ kind: 'file', name, file: new Blob([body]) });
  const opened = () => [
    fileOf('sitemap_index.xml', sitemapIndex('https://x.test/sitemaps/posts.xml', 'https://x.test/sitemaps/pages.xml')),
    fileOf('posts.xml', urlset('https://x.test/posts/1', 'https://x.test/private/2')),
    fileOf('pages.xml', urlset('https://x.test/pages/1')),
  ];

  it('an index opened with its child sitemaps takes them from the files, fetching nothing; each file is read once', async () => {
    const t = session();
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read(opened());
    expect(t.opened).toEqual([]);
    const st = t.state();
    expect(st.urls).toBe(3);
    expect(st.sources.map((s) => s.reports.map((r) => [r.source, r.urls, r.file, r.readAs, r.problem?.code ?? null]))).toEqual([
      [['sitemap_index.xml', 0, null, null, null], ['https://x.test/sitemaps/posts.xml', 2, 'posts.xml', null, null], ['https://x.test/sitemaps/pages.xml', 1, 'pages.xml', null, null]],
      [['posts.xml', 0, null, 'https://x.test/sitemaps/posts.xml', null]],
      [['pages.xml', 0, null, 'https://x.test/sitemaps/pages.xml', null]],
    ]);
  });

  it('a child file taken away: the inventory goes back to the index that read it, which fetches that child now', async () => {
    const t = session();
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    const files = opened();
    await t.s.read(files);
    await t.s.read([files[0]!, files[2]!]);
    expect(t.opened).toEqual(['https://x.test/sitemaps/posts.xml']);
    expect(t.state().sources.map((s) => s.reports.map((r) => [r.source, r.urls, r.problem?.code ?? null]))).toEqual([
      [['sitemap_index.xml', 0, null], ['https://x.test/sitemaps/posts.xml', 0, 'http'], ['https://x.test/sitemaps/pages.xml', 1, null]],
      [['pages.xml', 0, null]],
    ]);
  });
});

describe('the Site worker\'s session given a new list of sources', () => {
  const files = {
    'https://x.test/index.xml': `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://x.test/a.xml</loc></sitemap></sitemapindex>`,
    'https://x.test/a.xml': urlset('https://x.test/private/1', 'https://x.test/a/1'),
    'https://x.test/b.xml': urlset('https://x.test/b/1', 'https://x.test/a/1', 'https://x.test/g/1'),
  };
  const index = { kind: 'url', url: 'https://x.test/index.xml' } as const;
  const b = { kind: 'url', url: 'https://x.test/b.xml' } as const;
  /** What a session says once it has read `list`: its sources, URLs and rows (what the tab shows). */
  const shown = (t: ReturnType<typeof session>) => ({
    sources: t.state().sources, urls: t.state().urls, rows: t.s.rows(all()).page.rows.map((r) => [r.url, r.now.verdict, r.source]), summary: t.state().summary,
  });

  it('keeps what it read when the new list starts with the old one: only the sources added are read', async () => {
    const t = session(files);
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([index]);
    expect(t.opened).toEqual(['https://x.test/index.xml', 'https://x.test/a.xml']);
    await t.s.read([index, b, text('p', '/never/1')]);
    expect(t.opened).toEqual(['https://x.test/index.xml', 'https://x.test/a.xml', 'https://x.test/b.xml']);
    const fresh = session(files);
    void fresh.s.auditAgainst(spec(), whole(ROBOTS));
    await fresh.s.read([index, b, text('p', '/never/1')]);
    expect(shown(t)).toEqual(shown(fresh));
    // The same list again (a replaced worker's, or a case opened anew with the same sources): nothing is read.
    await t.s.read([index, b, text('p', '/never/1')]);
    expect(t.opened).toHaveLength(3);
  });

  it('goes back to the first source that differs: the ones before it are kept, the rest read again', async () => {
    const t = session(files);
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    await t.s.read([index, text('p', '/never/1'), b]);
    await t.s.read([index, b]);
    // The index and its child were kept; b was read again after it, the paste gone.
    expect(t.opened).toEqual(['https://x.test/index.xml', 'https://x.test/a.xml', 'https://x.test/b.xml', 'https://x.test/b.xml']);
    const fresh = session(files);
    void fresh.s.auditAgainst(spec(), whole(ROBOTS));
    await fresh.s.read([index, b]);
    expect(shown(t)).toEqual(shown(fresh));
    expect(t.state().sources.map((s) => s.input)).toEqual([index, b]);
    await t.s.read([]);
    expect([t.state().urls, t.state().sources, t.state().summary!.urls]).toEqual([0, [], 0]);
  });

  it('a new list while a source is still read: one that keeps it reads on, one without it stops it', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const t = session(files);
    const slow = { kind: 'file', name: 'slow.txt', file: { stream: () => new ReadableStream({ async pull(c) { await held; c.enqueue(new TextEncoder().encode('/slow/1\n')); c.close(); } }) } as unknown as Blob } as const;
    void t.s.auditAgainst(spec(), whole(ROBOTS));
    const first = t.s.read([slow]);
    await new Promise((r) => setImmediate(r));
    expect(t.state().sources.map((s) => s.reading)).toEqual([true]);
    const second = t.s.read([slow, b]);
    release();
    await Promise.all([first, second]);
    expect(t.s.rows(all()).page.rows.map((r) => r.url)).toEqual(['/slow/1', 'https://x.test/b/1', 'https://x.test/a/1', 'https://x.test/g/1']);

    let releaseAgain = () => {};
    const heldAgain = new Promise<void>((r) => (releaseAgain = r));
    const stuck = { ...slow, name: 'stuck.txt', file: { stream: () => new ReadableStream({ async pull(c) { await heldAgain; c.enqueue(new TextEncoder().encode('/stuck/1\n')); c.close(); } }) } as unknown as Blob } as const;
    const u = session(files);
    void u.s.auditAgainst(spec(), whole(ROBOTS));
    void u.s.read([stuck]);
    await new Promise((r) => setImmediate(r));
    const replaced = u.s.read([b]);
    releaseAgain();
    await replaced;
    await new Promise((r) => setImmediate(r));
    expect(u.s.rows(all()).page.rows.map((r) => r.url)).toEqual(['https://x.test/b/1', 'https://x.test/a/1', 'https://x.test/g/1']);
    expect(u.state().sources.map((s) => [s.input, s.reading])).toEqual([[b, false]]);
  });

  it('tells a source given again from another: a file by its name, size, type and modification time', () => {
    const file = (name: string, body: string, lastModified = 1) => ({ kind: 'file', name, file: new File([body], name, { type: 'text/plain', lastModified }) }) as const;
    expect(sameSource(file('a.txt', '/x'), file('a.txt', '/y'))).toBe(true);
    expect(sameSource(file('a.txt', '/x'), file('a.txt', '/xy'))).toBe(false);
    expect(sameSource(file('a.txt', '/x'), file('a.txt', '/x', 2))).toBe(false);
    expect(sameSource(file('a.txt', '/x'), text('a.txt', '/x'))).toBe(false);
    expect(sameSource(text('p', '/x'), text('p', '/y'))).toBe(false);
    expect(sameSource(b, { ...b })).toBe(true);
  });
});
