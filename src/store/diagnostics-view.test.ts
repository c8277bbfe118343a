import { describe, expect, it } from 'vitest';
import { diagnose, parseRobotsTxt } from '../robots/index.js';
import { DEFAULT_DIAGNOSTICS_FILTER, diagnosticsView, markedDiagnostics, readDiagnosticsFilter } from './diagnostics-view.js';

const diagnosed = (...ls: string[]) => diagnose(parseRobotsTxt(ls.join('\n')));
/** `[code, count, firstLine]` of each card, in the panel's order. */
const cards = (ls: string[], filter = DEFAULT_DIAGNOSTICS_FILTER) =>
  diagnosticsView(diagnosed(...ls), filter).groups.map((g) => [g.code, g.count, g.items[0]!.line]);

// A file like linkedin's: many wildcard rules (CPython ≤ 3.12 reads * and $ literally) and, last, Google's own problems.
const noisy = ['User-agent: *', ...Array.from({ length: 40 }, (_, i) => `Disallow: /p${i}/*.json$`), 'Disalow: /x', 'Disallow: fish', 'Disallow: /p0/*.json$'];

describe('the Diagnostics panel as data', () => {
  it('groups alike findings into one card with a count; Google’s own problems first, by severity', () => {
    expect(cards(noisy)).toEqual([
      ['path-never-matches', 1, 43],
      ['misspelled-field', 1, 42],
      ['duplicate-rule', 1, 44],
      ['wildcard-literal', 41, 2],
    ]);
  });
  it('a card per code and field where the advice differs; a lost intent (Noindex, Google Search Central) first among warnings', () => {
    const fields = ['User-agent: *', 'Disallow: /x', 'Crawl-delay: 5', 'Host: example.com', 'Clean-param: ref /a', 'Noindex: /drafts/', 'Crawl-delay: 10', 'Nofollow: /y', 'Disalow: /z'];
    expect(cards(fields)).toEqual([
      ['intent-dropped', 1, 6],
      ['intent-dropped', 1, 8],
      ['misspelled-field', 1, 9],
      ['unused-field', 2, 3],
      ['unused-field', 1, 4],
      ['unused-field', 1, 5],
    ]);
    const view = diagnosticsView(diagnosed(...fields), DEFAULT_DIAGNOSTICS_FILTER);
    expect(new Set(view.groups.map((g) => g.key)).size).toBe(view.groups.length);
    expect(view.groups[0]!.items[0]!.google).toContain('Google stopped reading noindex in robots.txt in 2019');
  });
  it('the engine’s “…and N more” is folded into the count of its kind', () => {
    const many = ['User-agent: *', ...Array.from({ length: 700 }, (_, i) => `Disallow: /q${i}*`)];
    const view = diagnosticsView(diagnosed(...many), DEFAULT_DIAGNOSTICS_FILTER);
    expect(view.groups.map((g) => [g.code, g.count, g.items.length])).toEqual([['wildcard-literal', 700, 500]]);
  });
  it('filters by audience and severity and counts what it hides', () => {
    const view = diagnosticsView(diagnosed(...noisy), { ...DEFAULT_DIAGNOSTICS_FILTER, other: false, info: false });
    expect(view.groups.map((g) => g.code)).toEqual(['path-never-matches', 'misspelled-field']);
    expect(view.hidden).toBe(42);
    expect(view.totals).toEqual({ google: 3, other: 41, error: 1, warning: 1, info: 42 });
  });
  it('the editor marks the other parsers’ notes only when asked', () => {
    const all = diagnosed(...noisy);
    expect(markedDiagnostics(all, DEFAULT_DIAGNOSTICS_FILTER).map((d) => d.code)).not.toContain('wildcard-literal');
    expect(markedDiagnostics(all, { ...DEFAULT_DIAGNOSTICS_FILTER, markOther: true })).toHaveLength(all.length);
  });
  it('a remembered filter is read back without ever throwing', () => {
    expect(readDiagnosticsFilter(null)).toEqual(DEFAULT_DIAGNOSTICS_FILTER);
    expect(readDiagnosticsFilter('x')).toEqual(DEFAULT_DIAGNOSTICS_FILTER);
    expect(readDiagnosticsFilter({ other: false, info: 'no', extra: 1 })).toEqual({ ...DEFAULT_DIAGNOSTICS_FILTER, other: false });
  });
});
