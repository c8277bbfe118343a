import { describe, expect, it } from 'vitest';
import { ListVerdict } from '../robots/index.js';
import { runBulk } from './bulk.js';
import { splitBulkUrls, type BulkRequest } from './protocol.js';

const req = (over: Partial<BulkRequest> = {}): BulkRequest => ({
  type: 'bulk', id: 1, revision: 1,
  text: 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot-Image\nDisallow: /img',
  urls: 'https://a.test/private/1\n\n  /img/x.png  \nhttps://other.test/private',
  crawlers: [{ kind: 'text', value: 'Googlebot' }, { kind: 'profile', id: 'googlebot-image' }],
  site: '', status: { kind: 'http', code: 200 }, compare: null, readers: [], ...over,
});
const run = (r: BulkRequest) => runBulk(r, () => {}, () => false, async () => {});

describe('bulk checks', () => {
  it('splits the list like the UI: one URL per line, blanks dropped', () => {
    expect(splitBulkUrls(' /a \r\n\n/b\r/c')).toEqual(['/a', '/b', '/c']);
  });
  it('checks every URL × crawler, row = url × crawlers + crawler', async () => {
    const r = (await run(req()))!;
    expect([r.urlCount, r.crawlerCount, r.crawlerLabels]).toEqual([3, 2, ['Googlebot', 'Googlebot-Image']]);
    expect(Array.from(r.verdict)).toEqual([1, 0, 0, 1, 1, 0]);
    expect(Array.from(r.line)).toEqual([2, 0, 0, 5, 2, 0]);
  });
  it('marks URLs outside the site as out of scope, and applies the fetch status', async () => {
    const r = (await run(req({ site: 'https://a.test', status: { kind: 'http', code: 503 } })))!;
    expect(Array.from(r.verdict)).toEqual([1, 1, 1, 1, ListVerdict.OutOfScope, ListVerdict.OutOfScope]);
  });
  it('checks a second version for compare', async () => {
    const r = (await run(req({ compare: 'User-agent: *\nAllow: /' })))!;
    expect(Array.from(r.compareVerdict)).toEqual([0, 0, 0, 0, 0, 0]);
  });
  it('stops when a newer run supersedes it', async () => {
    const urls = Array.from({ length: 50_000 }, (_, i) => `/p${i}`).join('\n');
    let calls = 0;
    const r = await runBulk(req({ urls }), () => {}, () => ++calls > 1, async () => {});
    expect(r).toBeNull();
  });
});

describe('readers mode: URL × reader for the first crawler', () => {
  it('one column per reader, each as that parser reads the file; per URL, how many differ from Google', async () => {
    const readers = ['google', 'python-urllib', 'robots-parser'] as const;
    const r = await run(req({
      text: 'User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /*.pdf$',
      urls: 'https://x.test/a/b\nhttps://x.test/doc.pdf\nhttps://x.test/c\nmailto:a@x.test',
      crawlers: [{ kind: 'text', value: 'FooBot' }], readers: [...readers],
    }));
    expect(r!.crawlerLabels).toEqual(['Google', 'Python ≤3.12 and 3.13.0–3.13.7', 'robots-parser 3.0.1 (Node)']);
    const cells = (u: number) => [...r!.verdict.subarray(u * 3, u * 3 + 3)];
    expect([cells(0), cells(1), cells(2), cells(3)]).toEqual([
      [ListVerdict.Allowed, ListVerdict.Blocked, ListVerdict.Allowed],
      [ListVerdict.Blocked, ListVerdict.Allowed, ListVerdict.Blocked],
      [ListVerdict.Allowed, ListVerdict.Allowed, ListVerdict.Allowed],
      [ListVerdict.CannotTest, ListVerdict.CannotTest, ListVerdict.CannotTest],
    ]);
    expect([...r!.line.subarray(0, 3)]).toEqual([3, 2, 3]);
    expect([...r!.disagree]).toEqual([1, 1, 0, 0]);
  });
  it('RFC 9309 §2.3.1.4: a 503 blocks every reader\'s column alike (the fetch result decides, not the parser); each column names its group', async () => {
    const r = await run(req({
      text: 'User-agent: *\nDisallow: /a\nAllow: /a/b', urls: 'https://x.test/a/b', status: { kind: 'http', code: 503 },
      crawlers: [{ kind: 'text', value: 'FooBot' }], readers: ['google', 'python-urllib'],
    }));
    expect([[...r!.verdict], [...r!.line], [...r!.disagree], r!.crawlerGroups]).toEqual([[ListVerdict.Blocked, ListVerdict.Blocked], [0, 0], [0], ['', '']]);
    const ok = await run(req({ text: 'User-agent: *\nDisallow: /a\nAllow: /a/b', urls: '/a/b', crawlers: [{ kind: 'text', value: 'FooBot' }], readers: ['google', 'python-urllib'] }));
    expect(ok!.crawlerGroups).toEqual(['* (line 1)', 'line 1']);
  });
});
