import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvColumns, parseUrlImport, readExpectationRows, urlListReader } from './read.js';

/** What a URL list reader gives for the lines of `text`, the end included. */
function readList(text: string, cut = 7): string[] {
  const reader = urlListReader();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += cut) out.push(...reader.push(text.slice(i, i + cut)));
  return [...out, ...reader.end()];
}

describe('reading imports: plain lists and CSV as spreadsheets and crawl tools write them', () => {
  it('property: a streamed list reads the same URLs however it is cut (pieces with and without carriage returns, quoted cells spanning lines)', () => {
    const line = fc.array(fc.constantFrom('/a', 'https://x.test/b?q=1', ' /c ', '"/d,e"', 'url', '', '/f;g', '"x', 'y"'), { maxLength: 3 }).map((cells) => cells.join(','));
    fc.assert(
      fc.property(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 }), fc.integer({ min: 1, max: 40 }), (lines, cut) => {
        const text = lines.map(([l, brk]) => l + brk).join('');
        expect(readList(text, cut)).toEqual(readList(text, text.length + 1));
      }),
      { numRuns: 500 },
    );
  });
  it('a plain list: one URL per line, blanks and edge spaces dropped', () => {
    expect(parseUrlImport(' /a \n\n/b\r\n')).toEqual({ urls: '/a\n/b', expectations: [], duplicates: 0 });
    expect(readList('\uFEFF\n /a \n\n/b\n')).toEqual(['/a', '/b']);
  });
  it('comma-separated with a header naming url and expected; a quoted cell holding a comma', () => {
    expect(parseUrlImport('URL,Expect\n/a,allowed\n"/b,c",blocked\n/c,')).toEqual({
      urls: '/a\n/b,c\n/c', expectations: [{ url: '/a', crawler: null, expected: 'allowed' }, { url: '/b,c', crawler: null, expected: 'blocked' }], duplicates: 0,
    });
  });
  it('what a Dutch Excel writes: a BOM, semicolons, CRLF, a quoted cell with a line break, a crawler column', () => {
    expect(parseUrlImport('\uFEFFurl;crawler;expected\r\n/ü;googlebot-image;blocked\r\n"/x\ny";Bingbot;allowed\r\n/ü;Googlebot;allowed\r\n')).toEqual({
      urls: '/ü\n/x\ny',
      expectations: [
        { url: '/ü', crawler: { kind: 'profile', id: 'googlebot-image' }, expected: 'blocked' },
        { url: '/x\ny', crawler: { kind: 'profile', id: 'bingbot' }, expected: 'allowed' },
        { url: '/ü', crawler: { kind: 'profile', id: 'googlebot' }, expected: 'allowed' },
      ],
      duplicates: 0,
    });
  });
  it('a one-column list whose first line names the column has a header, as a CSV has', () => {
    for (const name of ['url', 'URL', 'Address', '"Url"']) {
      expect(parseUrlImport(`${name}\nhttps://a.test/x\nhttps://a.test/y\n`).urls).toBe('https://a.test/x\nhttps://a.test/y');
      expect(readList(`${name}\r\nhttps://a.test/x\n`)).toEqual(['https://a.test/x']);
    }
    // A URL on the first line stays a URL.
    expect(parseUrlImport('/url\n/b').urls).toBe('/url\n/b');
  });
  it('a repeated URL is dropped and counted the same for plain lists and CSV; the same URL for another crawler is no repeat', () => {
    expect(parseUrlImport('/a\n/b\n/a\n/a\n')).toEqual({ urls: '/a\n/b', expectations: [], duplicates: 2 });
    expect(parseUrlImport('url,crawler\n/a,Googlebot\n/a,Bingbot\n/a,googlebot\n/b,\n').duplicates).toBe(1);
    expect(parseUrlImport('/a;1\n/a;2\n')).toMatchObject({ urls: '/a', duplicates: 1 });
  });
  it('tab-separated crawl exports name the URL column Address (Screaming Frog); with no header the first column is the URL', () => {
    expect(parseUrlImport('Address\tStatus Code\nhttps://a.test/x\t200\nhttps://a.test/y\t404\n').urls).toBe('https://a.test/x\nhttps://a.test/y');
    expect(parseUrlImport('/a;1\n/b;2\n').urls).toBe('/a\n/b');
    expect(csvColumns(['Page', 'UA', 'Must be'])).toEqual({ url: 0, crawler: 1, expected: 2 });
    expect(csvColumns(['/a', '1'])).toBeNull();
  });
  it('a streamed list reads the same shapes line by line, a quoted cell spanning lines, an unclosed quote at the end', () => {
    expect(readList('page,url\nhome,https://a.test/\nsecret,"https://a.test/private/x"\n')).toEqual(['https://a.test/', 'https://a.test/private/x']);
    expect(readList('\uFEFFurl;expected\r\n"/x\ny";allowed\r\n/z;blocked\r\n')).toEqual(['/x\ny', '/z']);
    expect(readList('/a,1\n/b,2')).toEqual(['/a', '/b']);
    expect(readList('Address\tTitle\n/a\t"say ""hi"""\n/b\t2\n')).toEqual(['/a', '/b']);
    expect(readList('url,title\n/a,"open\n/b,2')).toEqual(['/a']);
  });
  it('property: however the text is cut into pieces, and whatever its line breaks (LF, CRLF, CR), the URLs are the lines\'', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('/a', 'https://x.test/b?q=1', ' /c ', '', '/ü'), { maxLength: 12 }), fc.constantFrom('\n', '\r\n', '\r'), fc.integer({ min: 1, max: 9 }), fc.boolean(),
        (lines, br, cut, last) => {
          const text = lines.join(br) + (last ? br : '');
          expect(readList(text, cut)).toEqual(lines.map((l) => l.trim()).filter((l) => l !== ''));
        }),
      { numRuns: 2000 },
    );
  });
  it('an expectations file: url, expected and an optional crawler; a row that says neither allowed nor blocked is named', () => {
    expect(readExpectationRows('url;crawler;expected\n/a;;allowed\n\n/b;googlebot-image;blocked\n')).toEqual({ rows: [
      { url: '/a', crawler: null, expected: 'allowed', line: 2 },
      { url: '/b', crawler: { kind: 'profile', id: 'googlebot-image' }, expected: 'blocked', line: 4 },
    ] });
    expect(readExpectationRows('url,expected\n/a,maybe\n')).toEqual({ error: 'line 2: expected must be allowed or blocked, not "maybe"' });
    expect(readExpectationRows('address\n/a\n')).toEqual({ error: expect.stringContaining('needs the columns url and expected') });
  });
});
