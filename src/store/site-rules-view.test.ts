import { describe, expect, it } from 'vitest';
import type { RuleImpact } from '../robots/site/index.js';
import { ruleImpactView } from './site-rules-view.js';
import { hideIdleSiteRules, initialState, RULES_IN_FILE_ORDER, sortSiteRules } from './transitions.js';
import { makeCase } from '../share/index.js';

const rule = (line: number, allow: boolean, decides: number): RuleImpact => ({
  line, text: `${allow ? 'Allow' : 'Disallow'}: /r${line}`, allow, decides, byCrawler: [decides], applies: true, matched: decides > 0, unused: decides > 0 ? null : 'matches-nothing',
});
// Lines 1–5 of a file: a busy block, an allow that decides nothing, a small block, a busy allow, a block that decides nothing.
const RULES = [rule(1, false, 40), rule(2, true, 0), rule(3, false, 2), rule(4, true, 40), rule(5, false, 0)];
const lines = (rules: readonly RuleImpact[]) => rules.map((r) => r.line);

describe('rule impact sorted by what each rule decides', () => {
  it('the file\'s order at first, every rule shown', () => {
    expect(lines(ruleImpactView(RULES, RULES_IN_FILE_ORDER))).toEqual([1, 2, 3, 4, 5]);
  });
  it('by how many verdicts each decides, most first, then fewest first; ties in the file\'s order', () => {
    let s = sortSiteRules(initialState(makeCase('', [{ url: '/', crawler: { kind: 'text', value: 'Googlebot' } }])), 'decides');
    expect(lines(ruleImpactView(RULES, s.siteRules))).toEqual([1, 4, 3, 2, 5]);
    s = sortSiteRules(s, 'decides');
    expect(lines(ruleImpactView(RULES, s.siteRules))).toEqual([2, 5, 3, 1, 4]);
  });
  it('by what each decides: blocking rules first (the busiest first), then allowing rules first', () => {
    let s = sortSiteRules(initialState(makeCase('', [{ url: '/', crawler: { kind: 'text', value: 'Googlebot' } }])), 'verdict');
    expect(lines(ruleImpactView(RULES, s.siteRules))).toEqual([1, 3, 5, 4, 2]);
    s = sortSiteRules(s, 'verdict');
    expect(lines(ruleImpactView(RULES, s.siteRules))).toEqual([4, 2, 1, 3, 5]);
  });
  it('rules that decide nothing can be left out, and shown again; the sort stays', () => {
    const s = hideIdleSiteRules(sortSiteRules(initialState(makeCase('', [{ url: '/', crawler: { kind: 'text', value: 'Googlebot' } }])), 'decides'), true);
    expect(lines(ruleImpactView(RULES, s.siteRules))).toEqual([1, 4, 3]);
    expect(hideIdleSiteRules(s, true)).toBe(s);
    expect(lines(ruleImpactView(RULES, hideIdleSiteRules(s, false).siteRules))).toEqual([1, 4, 3, 2, 5]);
  });
});
