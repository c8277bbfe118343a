import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl, parseRobotsTxt } from '../google/index.js';
import { READER_IDS, readerAgent, readerUrl, readWith, type ReaderId } from '../readers/index.js';
import { resolveCrawler, type ResolvedAgent } from '../crawlers/index.js';
import type { FetchStatus } from '../url/index.js';
import { checkList, countVerdicts, ListChecker, ListVerdict, type ListSpec, type VerdictCounts } from './index.js';

const ua = (value: string) => resolveCrawler({ kind: 'text', value });
const profile = (id: string) => resolveCrawler({ kind: 'profile', id });

/**
 * The rows a list must give, from one check per URL: Google's checkUrl decides whether the test
 * runs, the scope and the fetch result; otherwise the reader's own readWith verdict decides, and
 * a parser that raises gives no verdict.
 */
function expected(text: string, status: FetchStatus | undefined, site: string | undefined, agent: ResolvedAgent, reader: ReaderId, url: string) {
  const g = checkUrl(parseRobotsTxt(text), agent, url, { site, status });
  const own = g.problem ? ListVerdict.CannotTest : !g.inScope ? ListVerdict.OutOfScope : g.allowed ? ListVerdict.Allowed : ListVerdict.Blocked;
  if (reader === 'google' || g.problem || !g.inScope || g.fetch) return [own, g.line];
  const r = readWith(reader, text, site ? `${new URL(site).origin}/robots.txt` : undefined)(readerAgent(agent), readerUrl(url, site));
  if (r.reason === 'unparsable') return [ListVerdict.CannotTest, 0];
  return [r.allowed ? ListVerdict.Allowed : ListVerdict.Blocked, r.line];
}

const ruleLine = fc.oneof(
  fc.constantFrom('User-agent: *', 'User-agent: Googlebot', 'User-agent: FooBot', 'User-agent: Googlebot-Image', 'Disallow:', 'Allow: /', 'Crawl-delay: 5', '', '# c'),
  fc.tuple(fc.constantFrom('Allow: ', 'Disallow: '), fc.constantFrom('/', '/a', '/a/', '/*.pdf$', '/b?', '/a/b', '/*', '/%', '/[x', '//[x')).map(([k, v]) => k + v),
);
const file = fc.array(ruleLine, { maxLength: 14 }).map((l) => l.join(fc.sample(fc.constantFrom('\n', '\r\n'), 1)[0]));
const url = fc.oneof(
  fc.constantFrom('/', '/a', '/a/b', '/doc.pdf', '/b?x=1', 'https://x.test/a', 'https://other.test/a', 'mailto:a@x.test', 'rel', '/%zz', '/a b'),
  fc.tuple(fc.constantFrom('https://x.test', ''), fc.string({ unit: fc.constantFrom('/', 'a', 'b', '.', '?', '=', '%', 'p', 'd', 'f'), maxLength: 10 })).map(([o, p]) => o + '/' + p),
);
const crawler = fc.constantFrom(ua('Googlebot'), ua('FooBot'), ua('Mozilla/5.0 (compatible; Googlebot/2.1)'), profile('googlebot-image'), profile('adsbot-google'), profile('chatgpt-user'), ua('Googlebot/2.1'));
const reader = fc.constantFrom<ReaderId>(...READER_IDS);
const status = fc.constantFrom<FetchStatus | undefined>(undefined, { kind: 'http', code: 200 }, { kind: 'http', code: 404 }, { kind: 'http', code: 503 });
const site = fc.constantFrom<string | undefined>(undefined, 'https://x.test');

describe('robots-parser 3.0.1 reads the file as the site’s own robots.txt', () => {
  it('the site’s robots.txt URL reaches the reader: off its scheme, host or port it answers undefined (no verdict), as the package does', () => {
    const checker = new ListChecker({ versions: [{ text: 'User-agent: *\nDisallow: /x' }], crawlers: [ua('FooBot')], readers: ['robots-parser'], site: 'https://a.test' });
    const other = checker.explain('http://a.test/x', 0);
    expect(other.verdict).toBe(ListVerdict.OutOfScope);
    expect(other.reader?.error).toBe('isAllowed returns undefined: the URL is not on the robots.txt’s scheme, host and port');
    expect(checker.explain('https://a.test/x', 0).reader).toMatchObject({ allowed: false, line: 2, error: null });
    // Without a site, each URL stands for its own site's file (the package with no robots.txt URL given).
    const anywhere = new ListChecker({ versions: [{ text: 'User-agent: *\nDisallow: /x' }], crawlers: [ua('FooBot')], readers: ['robots-parser'] });
    expect(anywhere.explain('http://b.test/x', 0).reader).toMatchObject({ allowed: false, line: 2, error: null });
  });
});

describe('the list checker gives, row by row, what checkUrl and readWith give one URL at a time', () => {
  it('property: random files, URLs, crawlers, readers, sites and fetch results, both versions; quick and explained rows agree', () => {
    fc.assert(
      fc.property(
        fc.tuple(file, status), fc.tuple(file, status), fc.array(url, { minLength: 1, maxLength: 8 }), fc.uniqueArray(crawler, { minLength: 1, maxLength: 3 }),
        fc.uniqueArray(reader, { minLength: 1, maxLength: 3 }), site,
        ([oldText, oldStatus], [newText, newStatus], urls, crawlers, readers, site) => {
          const spec: ListSpec = { versions: [{ text: oldText, status: oldStatus }, { text: newText, status: newStatus }], crawlers, readers, site };
          const checker = new ListChecker(spec);
          const batch = checker.check(urls, 'all');
          const m = crawlers.length * readers.length;
          expect(batch.columns).toBe(m);
          for (const [v, [text, st]] of [[oldText, oldStatus], [newText, newStatus]].entries() as Iterable<[number, [string, FetchStatus | undefined]]>) {
            const { verdict, line } = batch.results[v]!;
            urls.forEach((u, i) => crawlers.forEach((agent, c) => readers.forEach((r, k) => {
              const col = c * readers.length + k;
              const want = expected(text, st, site, agent, r, u);
              expect([verdict[i * m + col], line[i * m + col]], `${u} × ${agent.input} × ${r}, version ${v}`).toEqual(want);
              const row = checker.explain(u, col, v);
              expect([row.verdict, row.line]).toEqual(want);
            })));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: each URL checked against its own version gives that version\'s row', () => {
    fc.assert(
      fc.property(fc.array(file, { minLength: 2, maxLength: 4 }), fc.array(url, { minLength: 1, maxLength: 10 }), fc.uniqueArray(crawler, { minLength: 1, maxLength: 2 }), (texts, urls, crawlers) => {
        const checker = new ListChecker({ versions: texts.map((text) => ({ text })), crawlers, readers: ['google', 'python-urllib'] });
        const pick = Uint8Array.from(urls, (_, i) => (i * 7) % texts.length);
        const mixed = checker.check(urls, pick).results[0]!;
        const all = checker.check(urls, 'all').results;
        for (let i = 0; i < mixed.verdict.length; i++) {
          const own = all[pick[Math.floor(i / checker.columns.length)]!]!;
          expect([mixed.verdict[i], mixed.line[i]]).toEqual([own.verdict[i], own.line[i]]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the reader rule (one for Bulk, the CLI, the audit and the logs)', () => {
  const text = 'User-agent: *\nDisallow: /a\nAllow: /a/b\n';
  const checker = (status?: FetchStatus, site?: string) => new ListChecker({ versions: [{ text, status }], crawlers: [ua('FooBot')], readers: ['google', 'python-urllib'], site });
  const row = (c: ListChecker, u: string) => {
    const b = c.check([u]).results[0]!;
    return [...b.verdict].map((v, i) => [v, b.line[i]]);
  };
  it('CPython ≤3.12: the reader\'s own verdict and line when the rules decide (first match: /a wins)', () => {
    expect(row(checker(), '/a/b')).toEqual([[ListVerdict.Allowed, 3], [ListVerdict.Blocked, 2]]);
  });
  it('RFC 9309 §2.3.1.4: a 503 blocks every reader\'s rows, line 0 — the fetch result, not the parser, decides', () => {
    expect(row(checker({ kind: 'http', code: 503 }), '/c')).toEqual([[ListVerdict.Blocked, 0], [ListVerdict.Blocked, 0]]);
    expect(row(checker({ kind: 'http', code: 404 }), '/a')).toEqual([[ListVerdict.Allowed, 0], [ListVerdict.Allowed, 0]]);
  });
  it('scope and an untestable URL come from Google\'s check', () => {
    expect(row(checker(undefined, 'https://x.test'), 'https://y.test/a')).toEqual([[ListVerdict.OutOfScope, 0], [ListVerdict.OutOfScope, 0]]);
    expect(row(checker(), 'mailto:a@x.test')).toEqual([[ListVerdict.CannotTest, 0], [ListVerdict.CannotTest, 0]]);
  });
  it('a parser that raises on the file gives no verdict: cannot test (CPython ≤3.12: “Disallow: //[x” is an invalid IPv6 URL to it)', () => {
    const c = new ListChecker({ versions: [{ text: 'User-agent: *\nDisallow: //[x\n' }], crawlers: [ua('FooBot')], readers: ['google', 'python-urllib'] });
    expect(row(c, 'https://x.test/')).toEqual([[ListVerdict.Allowed, 0], [ListVerdict.CannotTest, 0]]);
    expect(c.explain('https://x.test/', 1)).toMatchObject({ verdict: ListVerdict.CannotTest, line: 0, reader: { reason: 'unparsable', error: 'ValueError: Invalid IPv6 URL' } });
  });
});

describe('groups as one cell', () => {
  const c = new ListChecker({
    versions: [{ text: 'User-agent: *\nDisallow: /p\n\nUser-agent: Googlebot\nDisallow: /g\n\nUser-agent: googlebot\nAllow: /\n', status: { kind: 'http', code: 200 } }],
    crawlers: [ua('Googlebot'), ua('Bingbot'), profile('google-inspectiontool'), profile('adsbot-google')], readers: ['google', 'robots-parser'],
  });
  it('Google-specific: merged groups, a fallback token, the * group, a special-case crawler', () => {
    const code = ListVerdict.Allowed;
    expect([0, 2, 4, 6].map((col) => c.groupFor(col, 0, code))).toEqual([
      'Googlebot (merged) (lines 4, 7)', '* (line 1)', 'Googlebot (merged) (fallback) (lines 4, 7)', '* group ignored by AdsBot-Google (special-case crawler)',
    ]);
  });
  it('another reader\'s groups by their first lines; no group cell when no group was read', () => {
    expect(c.groupFor(3, 0, ListVerdict.Blocked)).toBe('line 1');
    expect(c.groupFor(0, 0, ListVerdict.OutOfScope)).toBe('');
    const fetched = new ListChecker({ versions: [{ text: 'User-agent: *\nDisallow: /', status: { kind: 'http', code: 500 } }], crawlers: [ua('Googlebot')] });
    expect(fetched.groupFor(0, 0, ListVerdict.Blocked)).toBe('');
  });
});

describe('streamed lists keep input order and flat batches', () => {
  it('checkList yields batches in order whatever the source (array or async generator); counts add up', async () => {
    const urls = Array.from({ length: 2500 }, (_, i) => `/p${i % 3 === 0 ? 'rivate' : 'ublic'}/${i}`);
    const checker = new ListChecker({ versions: [{ text: 'User-agent: *\nDisallow: /private' }], crawlers: [ua('Googlebot'), ua('Bingbot')] });
    async function* lines() {
      for (const u of urls) yield u;
    }
    for (const source of [urls, lines()]) {
      const seen: string[] = [];
      const counts: VerdictCounts[] = [];
      for await (const b of checkList(checker, source, { batchSize: 1000 })) {
        expect(b.start).toBe(seen.length);
        expect(b.urls.length).toBeLessThanOrEqual(1000);
        seen.push(...b.urls);
        countVerdicts(b.results[0]!, b.columns, counts);
      }
      expect(seen).toEqual(urls);
      expect(counts).toEqual([0, 1].map(() => ({ allowed: 1666, blocked: 834, outOfScope: 0, cannotTest: 0 })));
    }
  });
});
