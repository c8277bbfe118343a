import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InventoryReader, inventoryOriginOf as originOf, readSitemap, SITEMAP_MAX_BYTES, type InventoryReaderOptions, type SourceReport } from './index.js';

const enc = new TextEncoder();

/** Reads `body` whole through one reader: the URLs, child sitemaps and report. */
function read(body: string | Uint8Array, options: InventoryReaderOptions = {}, pieces: readonly number[] = []) {
  const reader = new InventoryReader('test', options);
  const bytes = typeof body === 'string' ? enc.encode(body) : body;
  const urls: string[] = [];
  const sitemaps: string[] = [];
  let at = 0;
  for (const n of [...pieces, bytes.length]) {
    if (reader.stopped) break;
    const c = reader.push(bytes.subarray(at, Math.min(bytes.length, at + n)));
    urls.push(...c.urls);
    sitemaps.push(...c.sitemaps);
    at = Math.min(bytes.length, at + n);
    if (at >= bytes.length) break;
  }
  const c = reader.end();
  urls.push(...c.urls);
  sitemaps.push(...c.sitemaps);
  return { urls, sitemaps, report: reader.report as SourceReport };
}

const urlset = (...locs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `  <url><loc>${l}</loc><lastmod>2025-01-01</lastmod></url>\n`).join('')}</urlset>\n`;
const index = (...locs: string[]) => `<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>`;

describe('sitemaps.org: urlset and sitemapindex', () => {
  it('a urlset gives each url\'s loc, trimmed, XML entities and character references decoded, CDATA read', () => {
    const r = read(urlset('https://x.test/a?b=1&amp;c=2', '\n   https://x.test/b  ', '<![CDATA[https://x.test/c?d=1&e=2]]>', 'https://x.test/&#233;t&#xE9;'));
    expect(r.urls).toEqual(['https://x.test/a?b=1&c=2', 'https://x.test/b', 'https://x.test/c?d=1&e=2', 'https://x.test/été']);
    expect(r.report).toMatchObject({ format: 'urlset', urls: 4, sitemaps: 0, problem: null, gzip: false, skipped: {} });
  });

  it('a sitemapindex gives its child sitemaps, not page URLs', () => {
    const r = read(index('https://x.test/s1.xml.gz', 'https://x.test/s2.xml'));
    expect(r).toMatchObject({ urls: [], sitemaps: ['https://x.test/s1.xml.gz', 'https://x.test/s2.xml'], report: { format: 'sitemapindex', sitemaps: 2 } });
  });

  it('extensions are not entries: image:loc, video:content_loc, xhtml:link alternates', () => {
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">
      <url><loc>https://x.test/p</loc><image:image><image:loc>https://x.test/i.png</image:loc></image:image>
      <xhtml:link rel="alternate" hreflang="nl" href="https://x.test/nl/p"/></url></urlset>`;
    expect(read(xml).urls).toEqual(['https://x.test/p']);
  });

  it('a prefixed sitemap vocabulary is read by its root\'s prefix', () => {
    const xml = '<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>https://x.test/a</sm:loc></sm:url><url><loc>https://x.test/not</loc></url></sm:urlset>';
    expect(read(xml).urls).toEqual(['https://x.test/a']);
  });

  it('a byte-order mark and an XML declaration before the root are fine', () => {
    expect(read('\uFEFF' + urlset('https://x.test/a')).urls).toEqual(['https://x.test/a']);
  });
});

describe('feeds Google accepts as sitemaps: RSS 2.0, RSS 1.0, Atom 1.0', () => {
  it('RSS 2.0: each item\'s link, not the channel\'s own link', () => {
    const rss = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://x.test/</link>'
      + '<item><title>a</title><link>https://x.test/a</link></item><item><link> https://x.test/b </link><guid>https://x.test/guid</guid></item></channel></rss>';
    const r = read(rss);
    expect(r.urls).toEqual(['https://x.test/a', 'https://x.test/b']);
    expect(r.report.format).toBe('rss');
  });

  it('RSS 1.0 (RDF): each item\'s link', () => {
    const rdf = '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://x.test/"><link>https://x.test/</link></channel>'
      + '<item rdf:about="https://x.test/a"><link>https://x.test/a</link></item></rdf:RDF>';
    expect(read(rdf)).toMatchObject({ urls: ['https://x.test/a'], report: { format: 'rss' } });
  });

  it('Atom: each entry\'s alternate link (rel absent or alternate), not self or enclosure links, not the feed\'s own', () => {
    const atom = '<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://x.test/"/><link rel="self" href="https://x.test/feed"/>'
      + '<entry><link href="https://x.test/a"/><link rel="enclosure" href="https://x.test/a.mp3"/></entry>'
      + '<entry><link rel="alternate" href="https://x.test/b"/><link rel="self" href="https://x.test/b.atom"/></entry></feed>';
    expect(read(atom)).toMatchObject({ urls: ['https://x.test/a', 'https://x.test/b'], report: { format: 'atom' } });
  });
});

describe('Atom: relative links resolved (RFC 4287 §2: xml:base, then the feed\'s own URL; RFC 3986 §5)', () => {
  const entries = (...links: string[]) => links.map((l) => `<entry><link rel="alternate" type="text/html" href="${l}"/></entry>`).join('');

  it('a Jekyll feed\'s root-relative links resolve on the feed\'s URL', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><link href="/feed.xml" rel="self"/>${entries('/2024/01/02/hello.html', '/about/', 'https://x.test/abs')}</feed>`;
    const r = read(atom, { role: 'sitemap', url: 'https://x.test/feed.xml', base: 'https://x.test/feed.xml' });
    expect(r.urls).toEqual(['https://x.test/2024/01/02/hello.html', 'https://x.test/about/', 'https://x.test/abs']);
    expect(r.report.skipped).toEqual({});
  });

  it('xml:base on the feed, an entry and the link itself, each on the one above; a path-relative link on its base\'s folder', () => {
    const atom = '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://x.test/blog/">'
      + '<entry><link href="post-1"/></entry>'
      + '<entry xml:base="2024/"><link href="post-2"/></entry>'
      + '<entry><link xml:base="https://x.test/news/" href="../other/post-3"/></entry></feed>';
    expect(read(atom, { base: 'https://elsewhere.test/feed.xml' }).urls).toEqual(['https://x.test/blog/post-1', 'https://x.test/blog/2024/post-2', 'https://x.test/other/post-3']);
  });

  it('an absolute link is kept as written; with no base at all, relative links are skipped as relative', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom">${entries('/a', 'b', 'HTTPS://X.test/Kept')}</feed>`;
    const r = read(atom);
    expect(r.urls).toEqual(['HTTPS://X.test/Kept']);
    expect(r.report.skipped).toEqual({ relative: 2 });
  });

  it('RSS and sitemaps are not resolved: their URLs are absolute by their specifications', () => {
    const rss = '<rss version="2.0"><channel><item><link>/a</link></item></channel></rss>';
    expect(read(rss, { base: 'https://x.test/feed' }).report.skipped).toEqual({ relative: 1 });
    expect(read(urlset('/a'), { base: 'https://x.test/sitemap.xml' }).report.skipped).toEqual({ relative: 1 });
  });
});

describe('UTF-16 sitemaps (XML 1.0 Appendix F): told by a byte-order mark or their first characters, and read', () => {
  const utf16 = (text: string, bigEndian: boolean, bom: boolean) => {
    const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
    const units = (bom ? '\uFEFF' : '') + text;
    for (let i = 0; i < units.length; i++) {
      const c = units.charCodeAt(i);
      out[2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
      out[2 * i + (bigEndian ? 0 : 1)] = c >> 8;
    }
    return out;
  };
  const xml = urlset('https://x.test/a', 'https://x.test/é').replace('UTF-8', 'UTF-16');

  for (const [bigEndian, bom] of [[false, true], [true, true], [false, false], [true, false]] as const) {
    it(`UTF-16${bigEndian ? 'BE' : 'LE'} ${bom ? 'with' : 'without'} a byte-order mark, in odd pieces`, () => {
      const r = read(utf16(xml, bigEndian, bom), {}, [1, 3, 7]);
      expect(r.urls).toEqual(['https://x.test/a', 'https://x.test/é']);
      expect(r.report).toMatchObject({ format: 'urlset', encoding: bigEndian ? 'UTF-16BE' : 'UTF-16LE', problem: null });
    });
  }

  it('gzip of UTF-16 too; a UTF-8 file says no encoding', () => {
    expect(read(gzipSync(utf16(xml, false, true))).report).toMatchObject({ urls: 2, gzip: true, encoding: 'UTF-16LE' });
    expect(read(urlset('https://x.test/a')).report.encoding).toBeNull();
  });
});

describe('text sitemaps and URL lists', () => {
  it('sitemaps.org text sitemap: one absolute URL per line (LF, CRLF, CR), blank lines ignored; anything else skipped', () => {
    const r = read('https://x.test/a\r\n\r\nhttps://x.test/b\rhttps://x.test/c\n/relative\nftp://x.test/f\n', { role: 'sitemap' });
    expect(r.urls).toEqual(['https://x.test/a', 'https://x.test/b', 'https://x.test/c']);
    expect(r.report).toMatchObject({ format: 'text', urls: 3, skipped: { relative: 1, 'not-http': 1 } });
  });

  it('a plain list keeps paths and other hosts (out of scope in the audit) but not mailto:, tel: or javascript:', () => {
    const r = read('/a\nhttps://other.test/b\nmailto:me@x.test\ntel:+3100\n  https://x.test/c  \n');
    expect(r.urls).toEqual(['/a', 'https://other.test/b', 'https://x.test/c']);
    expect(r.report).toMatchObject({ format: 'list', skipped: { 'not-http': 2 } });
  });

  it('a list is read by the line reader given (the CSV module\'s, in the app and the CLI)', () => {
    const upper = () => ({ push: (t: string) => t.split('\n').filter(Boolean).map((l) => l.toUpperCase()), end: () => [] });
    expect(read('/a\n/b\n', { lines: upper }).urls).toEqual(['/A', '/B']);
  });
});

describe('hosts, schemes and the sitemaps.org limits', () => {
  it('a fetched sitemap lists only its own origin\'s URLs, and those of the site whose robots.txt names it (cross-submission)', () => {
    const r = read(urlset('https://x.test/a', 'https://X.TEST:443/b', 'http://x.test/c', 'https://cdn.x.test/d', 'https://site.test/e', 'https://u@x.test/f'),
      { role: 'sitemap', url: 'https://x.test/sitemap.xml', origins: ['https://site.test/robots.txt'] });
    expect(r.urls).toEqual(['https://x.test/a', 'https://X.TEST:443/b', 'https://site.test/e', 'https://u@x.test/f']);
    expect(r.report.skipped).toEqual({ 'other-host': 2 });
  });

  it('a sitemap index\'s children follow the same rule', () => {
    const r = read(index('https://x.test/s1.xml', 'https://evil.test/s2.xml'), { role: 'sitemap', url: 'https://x.test/index.xml' });
    expect(r).toMatchObject({ sitemaps: ['https://x.test/s1.xml'], report: { skipped: { 'other-host': 1 } } });
  });

  it('in a sitemap, relative and non-http URLs, empty locs and URLs of 2,048 characters or more are skipped, each for what it is', () => {
    const long = 'https://x.test/' + 'a'.repeat(2048 - 15);
    const r = read(urlset('/rel', 'page.html', 'ftp://x.test/f', 'javascript:void(0)', '', '   ', long, long.slice(0, -1)));
    expect(r.urls).toEqual([long.slice(0, -1)]);
    expect(r.report.skipped).toEqual({ relative: 2, 'not-http': 2, empty: 2, 'too-long': 1 });
  });

  it('a staging sitemap whose URLs are all on the production host names that host with the count', () => {
    const r = read(urlset('https://www.x.test/a', 'https://www.x.test/b', 'https://cdn.x.test/c', 'https://staging.x.test/d'), { role: 'sitemap', url: 'https://staging.x.test/sitemap.xml' });
    expect(r.urls).toEqual(['https://staging.x.test/d']);
    expect(r.report).toMatchObject({ skipped: { 'other-host': 3 }, otherHosts: { 'https://www.x.test': 2, 'https://cdn.x.test': 1 } });
  });

  it('past three other origins, the skips are counted but the origins not named', () => {
    const r = read(urlset(...['a', 'b', 'c', 'd', 'a'].map((h) => `https://${h}.test/x`)), { role: 'sitemap', url: 'https://x.test/sitemap.xml' });
    expect(r.report).toMatchObject({ skipped: { 'other-host': 5 }, otherHosts: { 'https://a.test': 2, 'https://b.test': 1, 'https://c.test': 1 } });
  });

  it('past 50,000 entries, the rest are counted as over the limit (sitemaps.org)', () => {
    const locs = Array.from({ length: 50_003 }, (_, i) => `https://x.test/${i}`);
    const r = read(urlset(...locs));
    expect(r.urls.length).toBe(50_000);
    expect(r.urls.at(-1)).toBe('https://x.test/49999');
    expect(r.report.skipped).toEqual({ 'over-limit': 3 });
  });

  it('past 50 MB uncompressed the reading stops: what came before stays, the report says so', () => {
    const r = read(urlset(...Array.from({ length: 100 }, (_, i) => `https://x.test/${i}`)), { maxBytes: 2000 });
    expect(r.urls.length).toBeGreaterThan(10);
    expect(r.urls.length).toBeLessThan(100);
    expect(r.report).toMatchObject({ bytes: 2000, problem: { code: 'size-limit' } });
  });

  it('originOf reads an origin as written, without a URL object: scheme and host lower-cased, default port and user info dropped', () => {
    expect(['HTTPS://A.test:443/x', 'http://a.test:80', 'http://a.test:8080/', 'https://u:p@a.test/?q', 'ftp://a.test/', '/path', 'https://a.test:/x'].map(originOf))
      .toEqual(['https://a.test', 'http://a.test', 'http://a.test:8080', 'https://a.test', null, null, 'https://a.test']);
  });
});

describe('gzip: inflated as it streams, bounded', () => {
  it('a .xml.gz is read like the XML (gzip magic, whatever the name), in any pieces', () => {
    const gz = gzipSync(urlset('https://x.test/a', 'https://x.test/b'));
    expect(read(gz, {}, [1, 1, 3, 7])).toMatchObject({ urls: ['https://x.test/a', 'https://x.test/b'], report: { gzip: true, format: 'urlset' } });
  });

  it('several gzip members in one file are one stream (RFC 1952 §2.2)', () => {
    const text = urlset('https://x.test/a', 'https://x.test/b');
    const cut = text.indexOf('<url>', 100);
    const two = Buffer.concat([gzipSync(text.slice(0, cut)), gzipSync(text.slice(cut))]);
    expect(read(two).urls).toEqual(['https://x.test/a', 'https://x.test/b']);
  });

  it('a gzip bomb stops at the 50 MB limit: 60 MB of inflation from 60 KB are never all read', () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from(urlset('https://x.test/a').replace('</urlset>\n', '<!--')), Buffer.alloc(60 * 1024 * 1024, 0x20)]), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const r = read(bomb, {}, [4096]);
    expect(r.urls).toEqual(['https://x.test/a']);
    expect(r.report).toMatchObject({ bytes: SITEMAP_MAX_BYTES, gzip: true, problem: { code: 'size-limit' } });
  });

  it('broken gzip data is a problem of the source, not a crash; the URLs before the break stay', () => {
    const gz = gzipSync(urlset(...Array.from({ length: 2000 }, (_, i) => `https://x.test/${i}`)));
    const broken = Uint8Array.from(gz);
    for (let i = 2000; i < broken.length - 8; i++) broken[i] = (broken[i]! * 7 + 13) & 0xff;
    const r = read(broken, {}, [1500, 1000]);
    expect(r.report.problem?.code).toMatch(/^(gzip|malformed)$/);
    expect(r.urls.length).toBeGreaterThan(0);
    expect(r.urls.length).toBeLessThan(2000);
  });

  it('a truncated gzip file ends with what it gave', () => {
    const gz = gzipSync(urlset('https://x.test/a'));
    const r = read(gz.subarray(0, 5));
    expect(r.urls).toEqual([]);
    expect(r.report.problem).not.toBeNull();
  });
});

describe('broken and hostile input: a clear problem, never a crash', () => {
  it('not well-formed XML: the line and column where it breaks, the URLs before it kept', () => {
    const xml = '<urlset>\n<url><loc>https://x.test/a</loc></url>\n<url><loc>https://x.test/b</lo></url>\n<url><loc>https://x.test/c</loc></url></urlset>';
    const r = read(xml);
    expect(r.urls).toEqual(['https://x.test/a']);
    expect(r.report.problem).toMatchObject({ code: 'malformed', args: { line: 3 } });
    expect(String(r.report.problem!.args['detail'])).toMatch(/lo|tag/i);
  });

  it('a body that breaks off before its format is told (under a kilobyte, then a stall): its entries count, the problem is the break', () => {
    const reader = new InventoryReader('drip', { url: 'https://x.test/s.xml' });
    const first = reader.push('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://x.test/a</loc></url>');
    expect(first.urls).toEqual([]);
    reader.fail({ code: 'network', args: { detail: 'the answer took longer than 1 s' } });
    expect(reader.end().urls).toEqual(['https://x.test/a']);
    expect(reader.report).toMatchObject({ format: 'urlset', urls: 1, problem: { code: 'network' } });
  });

  it('an unclosed document is malformed at its end', () => {
    const r = read('<urlset><url><loc>https://x.test/a</loc></url>');
    expect(r.urls).toEqual(['https://x.test/a']);
    expect(r.report.problem?.code).toBe('malformed');
  });

  it('billion laughs: a DTD\'s entities are never expanded (a reference to one is an error), so nothing grows', () => {
    const lol = '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
      + Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n')
      + ']>\n<urlset><url><loc>https://x.test/&lol9;</loc></url></urlset>';
    const r = read(lol);
    expect(r.report.problem).toMatchObject({ code: 'malformed', args: { line: 13 } });
    expect(r.urls.every((u) => u.length < 100)).toBe(true);
  });

  it('an HTML page served as a sitemap (a soft 404), with or without a doctype', () => {
    expect(read('<!DOCTYPE html>\n<html><head><title>Not found</title>').report.problem).toEqual({ code: 'html', args: {} });
    expect(read('  <html lang=en><body>').report.problem?.code).toBe('html');
    expect(read('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>').report.problem?.code).toBe('html');
  });

  it('well-formed XML that is no sitemap names its root', () => {
    expect(read('<?xml version="1.0"?><note><to>x</to></note>').report.problem).toEqual({ code: 'not-sitemap', args: { root: 'note' } });
  });

  it('an empty source, or only white space, is empty', () => {
    expect(read('').report.problem?.code).toBe('empty');
    expect(read('  \n\n ').report.problem?.code).toBe('empty');
  });

  it('binary data (an image dropped by mistake) is not read as URLs', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...Array(200).fill(0)]);
    expect(read(png)).toMatchObject({ urls: [], report: { problem: { code: 'unreadable' } } });
  });

  it('property: however the bytes are cut into pieces, the same URLs and report (XML, gzip, text)', () => {
    const locs = Array.from({ length: 30 }, (_, i) => `https://x.test/é/${i}?a=1&amp;b=${'ü'.repeat(i % 3)}`);
    const bodies = [enc.encode(urlset(...locs)), gzipSync(urlset(...locs)), enc.encode(locs.map((l) => l.replace('&amp;', '&')).join('\r\n'))];
    const whole = bodies.map((b) => read(b, { role: 'sitemap' }));
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 }), fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 60 }), (which, pieces) => {
      const r = read(bodies[which]!, { role: 'sitemap' }, pieces);
      expect(r).toEqual(whole[which]);
    }), { numRuns: 200 });
    expect(whole[0]!.urls).toHaveLength(30);
    expect(whole[2]!.urls).toEqual(whole[0]!.urls);
  });
});

describe('readSitemap streams a source\'s events', () => {
  it('URLs as they come, then the report; text pieces (a paste) as well as bytes', async () => {
    async function* body() {
      yield enc.encode(urlset('https://x.test/a').slice(0, 80));
      yield urlset('https://x.test/a').slice(80);
    }
    const events = [];
    for await (const e of readSitemap(body(), { name: 'pasted' })) events.push(e);
    expect(events).toEqual([
      { kind: 'urls', urls: ['https://x.test/a'] },
      { kind: 'report', report: expect.objectContaining({ source: 'pasted', urls: 1, format: 'urlset' }) },
    ]);
  });

  it('inflates through the inflater given (DecompressionStream here) and stops the body when the reading stops', async () => {
    const gz = gzipSync(urlset('https://x.test/a', 'https://x.test/b'));
    let closed = false;
    async function* body() {
      try {
        yield gz.subarray(0, 10);
        yield gz.subarray(10);
      } finally {
        closed = true;
      }
    }
    const inflate = (chunks: AsyncIterable<Uint8Array>) => {
      const it = chunks[Symbol.asyncIterator]();
      const stream = new ReadableStream<Uint8Array>({
        async pull(c) {
          const r = await it.next();
          if (r.done) c.close();
          else c.enqueue(r.value);
        },
      });
      return stream.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>) as unknown as AsyncIterable<Uint8Array>;
    };
    const urls: string[] = [];
    let report: SourceReport | null = null;
    for await (const e of readSitemap(body(), { inflate })) {
      if (e.kind === 'urls') urls.push(...e.urls);
      if (e.kind === 'report') report = e.report;
    }
    expect(urls).toEqual(['https://x.test/a', 'https://x.test/b']);
    expect(report).toMatchObject({ gzip: true, format: 'urlset', problem: null });
    expect(closed).toBe(true);
  });

  it('a body that breaks off ends the source with a problem; never throws', async () => {
    async function* body() {
      yield enc.encode(urlset('https://x.test/a').slice(0, 90));
      throw new Error('socket hang up');
    }
    const events = [];
    for await (const e of readSitemap(body())) events.push(e);
    expect(events.at(-1)).toMatchObject({ kind: 'report', report: { problem: { code: 'unreadable', args: { detail: 'socket hang up' } } } });
  });
});
