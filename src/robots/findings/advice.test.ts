import { describe, expect, it } from 'vitest';
import { ADVICE_ARGS, adviceKey } from './advice.js';
import { findingMessages, FINDING_CODES } from './catalogue.js';

/** The arguments a template chooses text by (`{name, select, …}`). */
const selects = (template: string) => [...template.matchAll(/\{(\w+), select,/g)].map((m) => m[1]!);

describe('what a finding tells the user', () => {
  it('names, for every code, exactly the arguments its advice (what Google does, the hint) is chosen by', () => {
    const all = findingMessages();
    for (const code of FINDING_CODES) {
      const chosen = new Set([...selects(all[`finding.${code}.google`]!), ...selects(all[`finding.${code}.hint`]!)]);
      expect([code, [...chosen].sort()]).toEqual([code, [...(ADVICE_ARGS[code] ?? [])].sort()]);
    }
  });
  it('tells apart findings of one code whose advice differs, and only those', () => {
    expect(adviceKey('unused-field', { key: 'Crawl-delay', keyid: 'crawl_delay' })).toBe(adviceKey('unused-field', { key: 'crawl-delay', keyid: 'crawl_delay' }));
    expect(adviceKey('unused-field', { key: 'Crawl-delay', keyid: 'crawl_delay' })).not.toBe(adviceKey('unused-field', { key: 'Host', keyid: 'host' }));
    expect(adviceKey('ignored-field', { key: 'Unicorn' })).toBe(adviceKey('ignored-field', { key: 'Pony' }));
  });
});
