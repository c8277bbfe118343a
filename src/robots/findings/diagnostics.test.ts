import { describe, expect, it } from 'vitest';
import { diagnose } from './diagnostics.js';
import { PORTABILITY_CODES } from './audience.js';
import { parseRobotsTxt } from '../google/index.js';
import { lines } from '../test-helpers.js';

/** `[line, code]` pairs of Google's reading (portability findings are tested on their own). */
const codes = (text: string) => diagnose(parseRobotsTxt(text)).filter((d) => !PORTABILITY_CODES.has(d.code)).map((d) => [d.line, d.code]);

describe('diagnostics: lines Google ignores or reads differently (Google-specific)', () => {
  it('flags ignored fields, misspellings, key prefixes, missing colons and invalid lines', () => {
    expect(codes(lines('User-agent: *', 'Crawl-delay: 5', 'Disalow: /a', 'Disallowed: /b', 'Disallow /c', '<html>'))).toEqual([
      [2, 'unused-field'], [3, 'misspelled-field'], [4, 'field-prefix'], [5, 'missing-colon'], [6, 'invalid-line'],
    ]);
  });
  it('flags rules outside any group, empty rules, paths that never match and a $ inside a pattern', () => {
    expect(codes(lines('Disallow: /x', 'User-agent: *', 'Disallow:', 'Allow:', 'Disallow: fish/', 'Disallow: /a$b'))).toEqual([
      [1, 'rule-outside-group'], [3, 'empty-disallow'], [4, 'empty-allow'], [5, 'path-never-matches'], [6, 'dollar-not-at-end'],
    ]);
  });
  it('flags user-agent values Google cuts short or cannot read', () => {
    expect(codes(lines('User-agent: Googlebot/2.1', 'User-agent: *Googlebot', 'Disallow: /x'))).toEqual([[1, 'agent-cut'], [2, 'agent-empty']]);
  });
  it('flags sitemaps that are not absolute URLs', () => {
    expect(codes(lines('Sitemap: /sitemap.xml', 'Sitemap: https://a.test/s.xml'))).toEqual([[1, 'sitemap-not-absolute']]);
  });
  it('reports the BOM, lone CR line breaks and the size limit', () => {
    expect(codes('\uFEFFUser-agent: *\rDisallow: /x')).toEqual([[1, 'bom'], [1, 'cr-line-endings']]);
    const big = 'User-agent: *\n' + '#'.repeat(99).concat('\n').repeat(5200);
    expect(codes(big)).toContainEqual([5121, 'over-size-limit']);
  });
});

describe('diagnostics: rules that can never decide (RFC 9309 2.2.2)', () => {
  it('a disallow shadowed by a longer or equal allow that covers it', () => {
    expect(codes(lines('User-agent: *', 'Disallow: /', 'Allow: /*'))).toEqual([[2, 'shadowed-rule']]);
    expect(codes(lines('User-agent: *', 'Disallow: /shop/cart', 'Allow: /shop/'))).toEqual([]);
    expect(codes(lines('User-agent: *', 'Disallow: /a$', 'Allow: /a*'))).toEqual([[2, 'shadowed-rule']]);
  });
  it('an allow shadowed by a strictly longer disallow; a tie lets the allow win', () => {
    expect(codes(lines('User-agent: *', 'Allow: /p', 'Disallow: /p*'))).toEqual([[2, 'shadowed-rule']]);
    expect(codes(lines('User-agent: *', 'Allow: /p', 'Disallow: /p'))).toEqual([[3, 'shadowed-rule']]);
  });
  it('exact duplicates, also across merged groups', () => {
    expect(codes(lines('User-agent: a', 'Disallow: /x', 'User-agent: b', 'Allow: /', 'User-agent: a', 'Disallow: /x'))).toEqual([
      [5, 'merged-groups'], [6, 'duplicate-rule'],
    ]);
  });
});

describe('diagnostics: rendering resources', () => {
  it('warns when a rule blocks CSS or JavaScript for Googlebot', () => {
    expect(codes(lines('User-agent: *', 'Disallow: /assets/'))).toEqual([[2, 'blocks-css-js']]);
    expect(codes(lines('User-agent: *', 'Disallow: /*.js$'))).toEqual([[2, 'blocks-css-js']]);
    // Allow: /*.css$ (7) is shorter than Disallow: /assets/ (8): /assets/x.css stays blocked.
    expect(codes(lines('User-agent: *', 'Disallow: /assets/', 'Allow: /*.css$', 'Allow: /*.js$'))).toEqual([[2, 'blocks-css-js']]);
    expect(codes(lines('User-agent: *', 'Disallow: /assets/', 'Allow: /assets/*.css$', 'Allow: /assets/*.js$'))).toEqual([]);
  });
});

describe('diagnostics carry positions and hints', () => {
  it('points at the value of a rule', () => {
    const [d] = diagnose(parseRobotsTxt('User-agent: *\nDisallow:  fish'));
    expect(d).toMatchObject({ line: 2, from: 11, to: 15, severity: 'error', code: 'path-never-matches', hint: 'Write “/fish”.' });
  });
  it('carries the text of its line, file-wide findings and portability notes too (the Diagnostics panel shows it)', () => {
    const text = lines('User-agent: *', 'Disallow: /a', 'Allow: /a', 'User-agent: *', 'Disallow: /a/b', 'Allow: /a/b/c');
    const found = diagnose(parseRobotsTxt(text)).map((d) => [d.line, d.code, d.lineText]);
    expect(found).toEqual(expect.arrayContaining([
      [2, 'shadowed-rule', 'Disallow: /a'], [4, 'merged-groups', 'User-agent: *'], [6, 'order-matters', 'Allow: /a/b/c'],
    ]));
    expect(found.filter(([, , lineText]) => lineText === '')).toEqual([]);
  });
});

describe('diagnostics stay bounded', () => {
  it('reports at most 500 findings of one kind, then says how many more', () => {
    const d = diagnose(parseRobotsTxt(lines('User-agent: *', ...Array.from({ length: 1200 }, () => 'Disallow: /p'))));
    expect(d.filter((x) => x.code === 'duplicate-rule')).toHaveLength(500);
    expect(d[d.length - 1]).toMatchObject({ code: 'more-findings', message: '…and 699 more like this (duplicate-rule).', lineText: 'Disallow: /p' });
  });
});

describe('diagnostics: AI-use preferences and AI crawler names', () => {
  const args = (text: string, code: string) => diagnose(parseRobotsTxt(text)).filter((d) => d.code === code).map((d) => [d.line, d.args]);
  it('Content Signals: a signal outside any group is flagged (crawlers that scope it to groups ignore it)', () => {
    expect(codes(lines('Content-Signal: ai-train=no', 'User-agent: *', 'Disallow: /x', 'Content-Signal: ai-train=no'))).toEqual([
      [1, 'ai-signal-outside-group'], [1, 'ai-preference'], [4, 'ai-preference'],
    ]);
  });
  it('a “no” beside rules that let a crawler of that purpose fetch everything contradicts them', () => {
    expect(args(lines('User-agent: GPTBot', 'Allow: /', 'Content-Signal: ai-train=no'), 'ai-signal-contradicts')).toEqual([
      [3, { item: 'ai-train=no', crawler: 'GPTBot', others: 0 }],
    ]);
    // In * with training crawlers blocked by their own groups, or a Disallow in the group: no contradiction.
    expect(args(lines('User-agent: *', 'Disallow: /private/', 'Content-Signal: ai-train=no'), 'ai-signal-contradicts')).toEqual([]);
    const star = args(lines('User-agent: *', 'Allow: /', 'Content-Usage: train-ai=n'), 'ai-signal-contradicts');
    expect(star).toHaveLength(1);
    expect(star[0]![1]).toMatchObject({ item: 'train-ai=n', crawler: 'GPTBot' });
    expect(args(lines('User-agent: *', 'Allow: /', 'Content-Usage: /a train-ai=n'), 'ai-signal-contradicts')).toEqual([]);
  });
  it('RSL: a License line is read in plain words', () => {
    expect(args(lines('License: https://example.com/license.xml', 'User-agent: *', 'Disallow:'), 'rsl-license')).toEqual([
      [1, { url: 'https://example.com/license.xml' }],
    ]);
  });
  it('Google-specific: a documented AI crawler name Google cuts short never gets its group', () => {
    expect(args(lines('User-agent: AI2Bot', 'Disallow: /'), 'agent-name-unreadable')).toEqual([[1, { value: 'AI2Bot', token: 'AI' }]]);
    expect(codes(lines('User-agent: Googlebot/2.1', 'Disallow: /'))).toEqual([[1, 'agent-cut']]);
  });
});

describe('diagnostics of one group with thousands of User-agent lines (hostile input)', () => {
  /** One group naming `n` crawlers, then one rule. */
  const manyAgents = (n: number) => Array.from({ length: n }, (_, i) => `User-agent: bot${i}`).join('\n') + '\nDisallow: /x\n';
  /** The fastest of three runs (the suite shares two cores: the least disturbed run is the measure). */
  const ms = (n: number) => {
    const robots = parseRobotsTxt(manyAgents(n));
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      expect(diagnose(robots).length).toBeGreaterThan(0);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  it('answer in near-linear time: four times the lines, well under eight times the time (a walk per agent: sixteen; 4,000 lines took 18.7 s)', () => {
    const small = ms(2000);
    const large = ms(8000);
    expect(large / Math.max(small, 1)).toBeLessThan(8);
    expect(large).toBeLessThan(20_000);
  });
});
