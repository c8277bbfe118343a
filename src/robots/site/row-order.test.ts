import { describe, expect, it } from 'vitest';
import { INVENTORY_ORDER, searchRows, sortRows } from './row-order.js';

// Rows 0–4 of an audit: their URLs, verdict codes (0 allowed, 1 blocked) and deciding lines.
const URLS = ['https://a.test/b', 'https://a.test/Blog/2', 'https://a.test/a', 'https://a.test/blog/1', 'https://a.test/b'];
const VERDICTS = [0, 1, 0, 1, 1];
const LINES = [0, 4, 2, 3, 4];
const keys = { url: (i: number) => URLS[i]!, verdict: (i: number) => VERDICTS[i]!, line: (i: number) => LINES[i]! };
const all = Int32Array.from([0, 1, 2, 3, 4]);

describe('the audit\'s URL list searched as typed', () => {
  it('keeps the URLs holding the text exactly as typed: case and spaces count, no pattern', () => {
    expect([...searchRows(all, '/blog', keys.url)]).toEqual([3]);
    expect([...searchRows(all, '/Blog', keys.url)]).toEqual([1]);
    expect([...searchRows(all, 'a.test/b', keys.url)]).toEqual([0, 3, 4]);
    expect([...searchRows(all, '/*', keys.url)]).toEqual([]);
    expect([...searchRows(all, ' /b', keys.url)]).toEqual([]);
    expect(searchRows(all, '', keys.url)).toBe(all);
  });
});

describe('the audit\'s URL list sorted by a column (ties in the inventory\'s order, either way)', () => {
  it('by URL in code-unit order (capitals first), up and down', () => {
    expect([...sortRows(all, { key: 'url', descending: false }, keys)]).toEqual([1, 2, 0, 4, 3]);
    expect([...sortRows(all, { key: 'url', descending: true }, keys)]).toEqual([3, 0, 4, 2, 1]);
  });
  it('by verdict and by deciding line', () => {
    expect([...sortRows(all, { key: 'verdict', descending: false }, keys)]).toEqual([0, 2, 1, 3, 4]);
    expect([...sortRows(all, { key: 'verdict', descending: true }, keys)]).toEqual([1, 3, 4, 0, 2]);
    expect([...sortRows(all, { key: 'line', descending: true }, keys)]).toEqual([1, 4, 3, 2, 0]);
  });
  it('the inventory\'s order is the selection itself', () => {
    expect(sortRows(all, INVENTORY_ORDER, keys)).toBe(all);
  });
});
