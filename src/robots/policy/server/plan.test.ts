import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_CRAWLERS, crawlerById, type CrawlerProfile } from '../../crawlers/index.js';
import { checkUrl, matchesPattern, parseRobotsTxt } from '../../google/index.js';
import { firstMatchRules, planEnforcement } from './plan.js';

const file = (...lines: string[]) => lines.join('\n') + '\n';
const profiles = (...ids: string[]) => ids.map((id) => crawlerById(id)!);
const rulesOf = (text: string) => firstMatchRules(parseRobotsTxt(text), [0]).map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.compiled.pattern}`);

/** The first rule that matches decides; none matching lets the request through. */
function firstMatchAllows(text: string, path: string): boolean {
  const first = firstMatchRules(parseRobotsTxt(text), [0]).find((r) => matchesPattern(r.compiled, path));
  return first === undefined || first.allow;
}

describe('RFC 9309 §2.2.2: the longest match as a first-match list (longest first)', () => {
  it('orders by pattern length, Allow before Disallow on a tie, and stops at a rule matching every path', () => {
    expect(rulesOf(file('User-agent: x', 'Disallow: /', 'Allow: /a', 'Disallow: /ab', 'Allow: /ab', 'Disallow: /abc'))).toEqual(['Disallow: /abc', 'Allow: /ab', 'Allow: /a', 'Disallow: /']);
  });
  it('leaves out what never decides: empty rules, patterns that match no path, repeats, and Allows after the last Disallow', () => {
    expect(rulesOf(file('User-agent: x', 'Disallow:', 'Disallow: a/', 'Disallow: /a/', 'Disallow: /a/*', 'Allow: /b', 'Disallow: /a b'))).toEqual(['Disallow: /a/*']);
  });
  it('Google-specific: an Allow of /dir/index.html also allows /dir/ (its `…/$` variant, with the variant’s length)', () => {
    const text = file('User-agent: x', 'Disallow: /dir/', 'Allow: /dir/index.html');
    expect(rulesOf(text)).toEqual(['Allow: /dir/index.html', 'Allow: /dir/$', 'Disallow: /dir/']);
    expect([firstMatchAllows(text, '/dir/'), firstMatchAllows(text, '/dir/x')]).toEqual([true, false]);
  });
  it('property: the first match of the list is Google’s verdict, for any rules of `*`, `$`, escapes and ties', () => {
    const piece = fc.constantFrom('/', 'a', 'b', '*', '$', '.', '%2F', '%2f', 'é', '?', '=');
    const pattern = fc.array(piece, { minLength: 1, maxLength: 5 }).map((p) => `/${p.join('')}`);
    const rule = fc.tuple(fc.boolean(), pattern).map(([allow, p]) => `${allow ? 'Allow' : 'Disallow'}: ${p}`);
    const path = fc.array(fc.constantFrom('/', 'a', 'b', '.', '%2F', '%2f', '%C3%A9', '?', '=', '$'), { maxLength: 6 }).map((p) => `/${p.join('')}`);
    fc.assert(fc.property(fc.array(rule, { minLength: 1, maxLength: 6 }), fc.array(path, { minLength: 1, maxLength: 8 }), (rules, paths) => {
      const text = file('User-agent: x', ...rules);
      const robots = parseRobotsTxt(text);
      for (const p of paths) {
        // The path as a crawler sends it (what a server sees): dot segments resolved, escapes as they are.
        const v = checkUrl(robots, 'x', `https://example.com${p}`);
        expect(firstMatchAllows(text, v.url.path), `${rules.join(' | ')} on ${v.url.path}`).toBe(v.allowed);
      }
    }), { numRuns: 200, seed: 53 });
  });
});

describe('planEnforcement: which crawlers, which rules, and how a User-Agent picks them', () => {
  const text = file(
    'User-agent: *', //      1
    'Disallow: /private/', // 2
    '', //                   3
    'User-agent: GPTBot', // 4
    'Disallow: /', //        5
    '', //                   6
    'User-agent: CCBot', //  7
    'Disallow: /', //        8
  );
  it('crawlers whose groups hold the same rules share one set; those the * group decides for share another', () => {
    const plan = planEnforcement(text, profiles('gptbot', 'ccbot', 'claudebot', 'perplexitybot'));
    expect(plan.sets.map((s) => [s.id, s.crawlers, s.groupLines])).toEqual([['a1', ['gptbot', 'ccbot'], [4, 7]], ['a2', ['claudebot', 'perplexitybot'], [1]]]);
    expect(plan.notes[0]).toEqual({ code: 'covers', crawlers: ['gptbot', 'ccbot', 'claudebot', 'perplexitybot'], count: 2 });
  });
  it('what a server cannot cover is said, not enforced: control tokens never fetch; a file that allows a crawler everywhere leaves nothing to refuse', () => {
    const plan = planEnforcement(file('User-agent: GPTBot', 'Disallow: /'), profiles('gptbot', 'google-extended', 'claudebot'));
    expect(plan.sets.map((s) => s.crawlers)).toEqual([['gptbot']]);
    expect(plan.notes.filter((n) => n.code !== 'covers' && n.code !== 'spoofing')).toEqual([
      { code: 'allowed-everywhere', crawlers: ['claudebot'] },
      { code: 'control-tokens', crawlers: ['google-extended'] },
    ]);
  });
  it('a crawler without a token, or one that ignores robots.txt, is said apart', () => {
    const agent: CrawlerProfile = { ...crawlerById('gptbot')!, id: 'browser-agent', tokens: [] };
    const plan = planEnforcement(text, [agent, crawlerById('google-safety')!]);
    expect(plan.sets).toEqual([]);
    expect(plan.notes).toEqual([{ code: 'nothing', crawlers: [] }, { code: 'no-token', crawlers: ['browser-agent'] }, { code: 'ignores-robots-txt', crawlers: ['google-safety'] }]);
  });
  it('a User-Agent is read for the first token found, the longest first, then the profiles’ order: OAI-SearchBot and ChatGPT-User before OpenAI (their strings hold openai.com), GPTBot before OpenAI on a tie', () => {
    const plan = planEnforcement(file('User-agent: *', 'Disallow: /'), AI_CRAWLERS.filter((c) => c.purpose === 'training'));
    const order = plan.agents.flatMap((r) => r.tokens.map((t) => [t, r.set]));
    const at = (t: string) => order.findIndex(([x]) => x === t);
    expect(at('GPTBot')).toBeLessThan(at('OpenAI'));
    expect(at('ChatGPT-User')).toBeLessThan(at('OpenAI'));
    // ChatGPT-User is not a training crawler: its token lets its strings through, for their own verdict.
    expect(order[at('ChatGPT-User')]![1]).toBe(null);
    expect(order[at('OpenAI')]![1]).toBe('a1');
    // Nothing after the last token of a set: the rest would only let requests through.
    expect(plan.agents[plan.agents.length - 1]!.set).not.toBe(null);
  });
  it('Google-specific: a crawler Google cannot name (AI2Bot is read as “AI”) follows * as Google reads it, and is said so', () => {
    const plan = planEnforcement(file('User-agent: *', 'Disallow: /x', '', 'User-agent: AI2Bot', 'Disallow: /'), profiles('ai2bot'));
    expect(plan.sets.map((s) => s.groupLines)).toEqual([[1]]);
    expect(plan.notes.find((n) => n.code === 'unnameable')?.crawlers).toEqual(['ai2bot']);
  });
});
