import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListChecker, resolveCrawler, testedHref, type FetchStatus, type ReaderId } from '../robots/index.js';
import { csvCell, csvRecord } from '../share/csv/index.js';
import { urlListReader } from '../share/csv/read/index.js';
import { csvCells, resultsHead, type ResultLayout } from './format.js';
import { BatchWriter, type StreamSpec } from './batch-writer.js';
import { pathCell, startsPlain, urlCell } from './url-cells.js';
import { plainUrlReader } from './url-source.js';

const ua = (value: string) => resolveCrawler({ kind: 'text', value });

describe('CSV rows written straight from the list checker\'s columns', () => {
  const file = fc.array(fc.constantFrom('User-agent: *', 'User-agent: Googlebot', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /*.pdf$', 'Disallow: /=x', 'Allow: /', ''), { maxLength: 8 }).map((l) => l.join('\n'));
  const url = fc.oneof(
    fc.constantFrom('/a', '/a/b', '/x.pdf', 'https://x.test/a', 'https://y.test/a', 'mailto:a@x.test', '/=1+1', '/a,b', '/"q"', ' /sp'),
    fc.string({ unit: fc.constantFrom('/', 'a', 'b', ',', '"', '=', '+', ';', 'é'), maxLength: 8 }).map((p) => '/' + p),
  );
  it('property: every row is the CSV module\'s record of the explained row of the URL tested (random files, URLs, crawlers, readers, site, fetch result)', () => {
    fc.assert(
      fc.property(
        file, fc.array(url, { minLength: 1, maxLength: 6 }), fc.uniqueArray(fc.constantFrom('Googlebot', 'Bingbot', 'Mozilla/5.0 (compatible; Googlebot/2.1)'), { minLength: 1, maxLength: 2 }),
        fc.constantFrom<ReaderId[]>(['google'], ['google', 'python-urllib'], ['robots-parser']), fc.constantFrom<string | undefined>(undefined, 'https://x.test'),
        fc.constantFrom<FetchStatus | undefined>(undefined, { kind: 'http', code: 404 }, { kind: 'http', code: 503 }),
        (text, urls, names, readers, site, status) => {
          const layout: ResultLayout = { format: 'csv', readers: readers.some((r) => r !== 'google'), expecting: false, fetch: null };
          const agents = names.map(ua);
          const spec: StreamSpec = { command: 'check', texts: [text], statuses: [status], agents, readers, site, layout };
          const checker = new ListChecker({ versions: [{ text, status }], crawlers: agents, readers, site });
          // With a site each row names the URL tested, a relative one on the site: the same test, verdict and line.
          const tested = urls.map((u) => testedHref(u, site));
          tested.forEach((t, i) => checker.columns.forEach((_, c) => {
            const [a, b] = [checker.explain(t, c), checker.explain(urls[i]!, c)];
            expect([a.verdict, a.line, a.google.url.path]).toEqual([b.verdict, b.line, b.google.url.path]);
          }));
          const want = tested.flatMap((u) => checker.columns.map((_, c) => csvRecord(csvCells(checker, layout, { ...checker.explain(u, c), expected: null })))).join('');
          expect(new BatchWriter(spec).run(urls).out).toBe(want);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('a reader whose parser raises gets a cannot test row naming its error; the header names the reader column', () => {
    const layout: ResultLayout = { format: 'csv', readers: true, expecting: false, fetch: null };
    const spec: StreamSpec = { command: 'check', texts: ['User-agent: *\nDisallow: //[x\n'], statuses: [undefined], agents: [ua('FooBot')], readers: ['google', 'python-urllib'], site: undefined, layout };
    expect(resultsHead(layout) + new BatchWriter(spec).run(['https://x.test/']).out).toBe([
      'url,crawler,reader,verdict,line,rule,tested_path,group',
      'https://x.test/,FooBot,google,allowed,,,/,* (line 1)',
      'https://x.test/,FooBot,python-urllib,cannot test,,python-urllib: ValueError: Invalid IPv6 URL,,',
      '',
    ].join('\r\n'));
  });
  it('diff counts every URL × column and lists the ones whose verdict changed, in input order', () => {
    const spec: StreamSpec = {
      command: 'diff', texts: ['User-agent: *\nDisallow: /a', 'User-agent: *\nDisallow: /b'], statuses: [undefined, undefined], agents: [ua('Googlebot'), ua('Bingbot')],
      readers: ['google'], site: undefined, layout: { format: 'csv', readers: false },
    };
    const r = new BatchWriter(spec).run(['/b', '/c', '/a']);
    expect([r.compared, r.changed, r.tallies]).toEqual([6, 4, { googlebot: { allowed: 2, blocked: 1, outOfScope: 0, cannotTest: 0 }, bingbot: { allowed: 2, blocked: 1, outOfScope: 0, cannotTest: 0 } }]);
    expect(r.out.split('\r\n').map((l) => l.split(',').slice(0, 2).join(' '))).toEqual(['/b googlebot', '/b bingbot', '/a googlebot', '/a bingbot', '']);
  });
});

describe('the CSV rows\' fast cells write what the CSV module writes', () => {
  // Cells near the rules' edges: formula starts (ASCII, full-width, small), separators, quotes,
  // white space and control characters, a byte-order mark, non-ASCII letters.
  const unit = fc.oneof(
    fc.constantFrom('/', 'a', 'Z', '0', '.', '?', '=', '+', '-', '@', '"', ',', ';', '\t', '\r', '\n', ' ', '\u00a0', '\ufeff', '\uff1d', '\ufe62', '\u3000', '\x7f', '\x00', 'é', '%'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  );
  const cell = fc.string({ unit, maxLength: 12 });
  it('property: urlCell(s) is csvCell(s) for any cell', () => {
    fc.assert(fc.property(cell, (s) => {
      expect(urlCell(s)).toBe(csvCell(s));
    }), { numRuns: 5000 });
  });
  it('property: the URLs of a piece said plain are their own cells when they start plain, however the list is cut (lines and quoted cells across pieces, CR, CSV)', () => {
    const line = fc.tuple(fc.array(fc.oneof(cell, fc.constantFrom('https://x.test/a?b=1', '/p', 'url', '"q,\n r"', '"')), { maxLength: 3 }), fc.constantFrom(',', ';', ''))
      .map(([cells, separator]) => cells.join(separator));
    fc.assert(fc.property(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 10 }), fc.integer({ min: 1, max: 30 }), (lines, cut) => {
      const text = lines.map(([l, brk]) => l + brk).join('');
      const reader = plainUrlReader();
      const pieces = [];
      for (let i = 0; i < text.length; i += cut) pieces.push(reader.push(text.slice(i, i + cut)));
      pieces.push(reader.end());
      for (const p of pieces) if (p.plain) for (const u of p.urls) if (startsPlain(u)) expect(csvCell(u)).toBe(u);
      // The same URLs as the list reader gives.
      const whole = urlListReader();
      expect(pieces.flatMap((p) => p.urls)).toEqual([...whole.push(text), ...whole.end()]);
    }), { numRuns: 3000 });
  });
  it('a list of plain URLs is read as plain pieces (their characters are not looked at one by one), but for its end', () => {
    const reader = plainUrlReader();
    const text = Array.from({ length: 50 }, (_, i) => `https://x.test/a/${i}?q=${i}`).join('\n') + '\n';
    const pieces = [];
    for (let i = 0; i < text.length; i += 37) pieces.push(reader.push(text.slice(i, i + 37)));
    expect(pieces.every((p) => p.plain)).toBe(true);
    expect(pieces.flatMap((p) => p.urls)).toHaveLength(50);
    // A line with a space: its piece and the next (which finishes the line) are not plain; later ones are again.
    const mixed = plainUrlReader();
    expect(['/a\n/b', ' c\n/d', '\n/e\n', '/f\n'].map((t) => mixed.push(t).plain)).toEqual([true, false, false, true]);
  });
  it('property: pathCell(path, url, urlCell(url)) is csvCell(path), the path the URL\'s end or not', () => {
    fc.assert(fc.property(cell, cell, fc.boolean(), (head, tail, suffix) => {
      const url = suffix ? head + tail : head;
      expect(pathCell(tail, url, urlCell(url))).toBe(csvCell(tail));
    }), { numRuns: 5000 });
  });
});

describe('urlSource: a file of URLs read in pieces', () => {
  it('gives every URL once, in order, whatever falls on a piece boundary (multi-byte characters, CRLF, a BOM)', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { urlSource } = await import('./url-source.js');
    const dir = mkdtempSync(join(tmpdir(), 'rtt-urls-'));
    try {
      // Over many 64 KiB pieces, with 2-, 3- and 4-byte characters at every offset.
      const wide = ['ж', 'ж中', 'ж中😀'];
      const urls = Array.from({ length: 30_000 }, (_, i) => `https://example.com/${wide[i % 3]}/${i}`);
      const file = join(dir, 'urls.txt');
      writeFileSync(file, '\uFEFF' + urls.map((u, i) => u + (i % 2 ? '\r\n' : '\n')).join(''));
      const got: string[] = [];
      for await (const piece of urlSource(file).urls) got.push(...piece.urls);
      expect(got).toEqual(urls);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
