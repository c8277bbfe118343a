import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListChecker, resolveCrawler } from '../../robots/index.js';
import { AuditCsvBytes } from './audit-csv-bytes.js';
import { AuditCsvWriter } from './audit-csv.js';

// The audit's CSV as bytes is the text writer's CSV encoded (RFC 4180 records, UTF-8 as the
// Encoding Standard writes it, lone surrogates as U+FFFD): the same cells, quoting and formula
// guards, row for row, batch after batch, with and without a compared version.

const AUDITED = 'User-agent: *\nDisallow: /a,b\nAllow: /"q"\nDisallow: /é\n\nUser-agent: Googlebot\nDisallow: =x\n';
const COMPARED = 'User-agent: *\nDisallow: /\n# a; comment\nAllow: /b\n';

/** A writer over a real list checker: two crawlers, Google's and robots-parser's reading, so four columns with a reader cell. */
function writers(compared: boolean) {
  const checker = new ListChecker({
    versions: compared ? [{ text: AUDITED }, { text: COMPARED }] : [{ text: AUDITED }],
    crawlers: ['Googlebot', 'GPTBot'].map((value) => resolveCrawler({ kind: 'text', value })), readers: ['google', 'robots-parser'],
  });
  return { text: new AuditCsvWriter(checker, true), bytes: new AuditCsvBytes(new AuditCsvWriter(checker, true), compared) };
}

const chars = fc.constantFrom('a', 'Z', '0', '/', ':', '?', ',', ';', '"', '\n', '\r', '\t', ' ', '=', '+', '@', 'é', '＝', '\ufeff', '\u{1F600}', '\ud800', '\udc00');
const text = fc.string({ unit: chars, maxLength: 12 });
/** A batch: its URLs, each URL's source (an index into `sources`), and per row (URL × column) a verdict and a line, now and before. */
const batch = fc.array(fc.record({ url: text, source: fc.nat(2), rows: fc.array(fc.tuple(fc.nat(3), fc.nat(8), fc.nat(3), fc.nat(5)), { minLength: 4, maxLength: 4 }) }), { maxLength: 6 });

describe('the audit\'s CSV as UTF-8 bytes', () => {
  it('property: every batch\'s bytes are the text writer\'s rows encoded, whatever the cells hold', () => {
    const utf8 = new TextEncoder();
    fc.assert(fc.property(fc.boolean(), fc.array(text, { minLength: 3, maxLength: 3 }), fc.array(batch, { minLength: 1, maxLength: 4 }), (compared, sources, batches) => {
      const w = writers(compared);
      for (const b of batches) {
        const urls = b.map((e) => e.url);
        const now = { verdict: Uint8Array.from(b.flatMap((e) => e.rows.map((r) => r[0]))), line: Int32Array.from(b.flatMap((e) => e.rows.map((r) => r[1] % 8))) };
        const before = { verdict: Uint8Array.from(b.flatMap((e) => e.rows.map((r) => r[2]))), line: Int32Array.from(b.flatMap((e) => e.rows.map((r) => r[3] % 5))) };
        const sourceOf = (i: number) => sources[b[i]!.source]!;
        const want = utf8.encode(w.text.rows(urls, now, compared ? before : null, sourceOf));
        expect(w.bytes.rows(urls, now, compared ? before : null, sourceOf)).toEqual(want);
      }
    }), { numRuns: 400 });
  });

  it('a row as spreadsheets read it: quoted cells, the reader\'s column, the rule\'s text, CRLF', () => {
    const w = writers(false);
    const rows = w.bytes.rows(['https://x.test/a,b', '=1+1'], { verdict: Uint8Array.of(1, 0, 0, 0, 3, 3, 3, 3), line: Int32Array.of(2, 0, 0, 0, 0, 0, 0, 0) }, null, () => 'sitemap.xml');
    expect(new TextDecoder().decode(rows).split('\r\n')).toEqual([
      '"https://x.test/a,b",googlebot,google,blocked,2,"Disallow: /a,b",sitemap.xml',
      '"https://x.test/a,b",googlebot,robots-parser,allowed,,,sitemap.xml',
      '"https://x.test/a,b",gptbot,google,allowed,,,sitemap.xml',
      '"https://x.test/a,b",gptbot,robots-parser,allowed,,,sitemap.xml',
      `"'=1+1",googlebot,google,cannot test,,,sitemap.xml`,
      `"'=1+1",googlebot,robots-parser,cannot test,,,sitemap.xml`,
      `"'=1+1",gptbot,google,cannot test,,,sitemap.xml`,
      `"'=1+1",gptbot,robots-parser,cannot test,,,sitemap.xml`,
      '',
    ]);
  });
});
