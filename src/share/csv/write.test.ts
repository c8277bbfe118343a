import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord, csvTable, isFormulaLike } from './write.js';

describe('writing: quoting, CRLF, and formulas neutralised whatever the cell holds (OWASP CSV injection)', () => {
  it('quotes what needs it and nothing else', () => {
    expect(csvRecord(['https://a.test/x?q=1', 'Disallow: /a', '/p', ''])).toBe('https://a.test/x?q=1,Disallow: /a,/p,\r\n');
    expect(csvRecord(['a,b', 'say "hi"', 'x\ny', ' edge', 'a;b', 'a\tb'])).toBe('"a,b","say ""hi""","x\ny"," edge","a;b","a\tb"\r\n');
    expect(csvTable(['url'], [['/a']], { bom: true })).toBe('\uFEFFurl\r\n/a\r\n');
  });
  it('a leading = + - @ tab or CR gets a leading apostrophe, a line break after it included (papaparse\'s escapeFormulae misses that one)', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=1+1\n=2', '=HYPERLINK("http://x")'].map(csvCell)).toEqual([
      `"'=1+1"`, `"'+1"`, `"'-1"`, `"'@SUM(A1)"`, `"'\tx"`, `"'\rx"`, `"'=1+1\n=2"`, `"'=HYPERLINK(""http://x"")"`,
    ]);
    expect(Papa.unparse([['=1+1\n=2']], { escapeFormulae: true })).toBe('"=1+1\n=2"');
  });
  it('full-width and small forms, and formulas behind white space, control characters or a BOM', () => {
    for (const cell of ['＝1+1', '＋1', '－1', '＠A1', '﹦1', '﹢1', '﹣1', '﹫A1', ' =1', '\u00a0=1', '\u3000=1', '\ufeff=1', '\n=1', '\u0000=1']) {
      expect(csvCell(cell), JSON.stringify(cell)).toBe(`"'${cell}"`);
    }
    expect(csvCell('\ufeffx')).toBe('"\ufeffx"');
    for (const cell of ['a=1', '/=', '1-2', 'x@y', 'Allowed', '  ']) expect(isFormulaLike(cell), JSON.stringify(cell)).toBe(false);
  });

  const cellChars = fc.constantFrom('a', 'Z', '0', '/', ',', ';', '"', '\r', '\n', '\t', ' ', '=', '+', '-', '@', '＝', '\u00a0', '\ufeff', 'ü', "'");
  const cell = fc.string({ unit: cellChars, maxLength: 8 });
  it('property: papaparse reads back every written cell — as written, or with the apostrophe when it was formula-like', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 }).map((rows) => rows.map((r) => r.slice(0, 2))), (rows) => {
        const text = rows.map(csvRecord).join('');
        const back = Papa.parse<string[]>(text, { delimiter: ',', newline: '\r\n' }).data;
        // papaparse ends on the last CRLF with an empty record.
        expect(back.slice(0, rows.length)).toEqual(rows.map((r) => r.map((c) => (isFormulaLike(c) ? `'${c}` : c))));
        for (const row of back) for (const c of row) expect(isFormulaLike(c), JSON.stringify(c)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});
