import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { knownCrawlerById, POLICY_CRAWLERS, writtenName } from '../crawlers/index.js';
import { checkUrl, parseRobotsTxt } from '../google/index.js';
import { formatIcu } from '../text/index.js';
import { checkAiPolicy, composeAiPolicy, outcomeArgs, policyMessages, policySummary, policyTable, type AiPolicy, type PolicyChoice } from './index.js';

const OUTCOME = policyMessages()['policy.outcome']!;
const outcome = (check: Parameters<typeof outcomeArgs>[0]) => formatIcu(OUTCOME, outcomeArgs(check));

/**
 * The crawlers and URLs whose verdict after the edit is not the chosen one, read again one by one
 * with Google's reading (checkUrl), apart from the check: keep = as before, block = blocked, allow
 * = as the * group had it, paths = blocked on them and as before elsewhere (RFC 9309 §2.2.2).
 */
function differences(before: string, after: string, targets: ReadonlyMap<string, PolicyChoice>, urls: readonly string[]) {
  const a = parseRobotsTxt(before);
  const b = parseRobotsTxt(after);
  const byCrawler = new Map<string, Set<string>>();
  for (const c of POLICY_CRAWLERS) {
    const choice = targets.get(c.id) ?? { mode: 'keep' };
    // The paths to block, as a file of their own: a URL it blocks is one of them.
    const blocked = parseRobotsTxt(`User-agent: *\n${(choice.paths ?? []).map((p) => `Disallow: ${p}`).join('\n')}\n`);
    for (const url of urls) {
      const was = checkUrl(a, c, url).allowed;
      const expected = choice.mode === 'keep' ? was : choice.mode === 'block' ? false
        : choice.mode === 'allow' ? checkUrl(a, 'robots-txt-tester-anybody', url).allowed
          : checkUrl(blocked, 'any', url).allowed && was;
      if (checkUrl(b, c, url).allowed !== expected) byCrawler.set(c.id, (byCrawler.get(c.id) ?? new Set()).add(url));
    }
  }
  return byCrawler;
}

describe('the policy summary says what its table shows (Google’s reading)', () => {
  // Names Google cuts (AI2Bot → "AI", img2dataset → "img", Brightbot 1.0 → "Brightbot") beside names it reads whole.
  const agents = ['*', 'GPTBot', 'ClaudeBot', 'PerplexityBot', 'AI2Bot', 'Ai2Bot-Dolma', 'img2dataset', 'Brightbot 1.0', 'Googlebot', 'foo'];
  const paths = ['/', '/a', '/a/', '/a/b', '/b', '/*.pdf', '/c$', '', '/private/'];
  const ruleLine = fc.tuple(fc.constantFrom('Allow', 'Disallow'), fc.constantFrom(...paths)).map(([k, p]) => `${k}: ${p}`);
  const group = fc.tuple(fc.array(fc.constantFrom(...agents), { minLength: 1, maxLength: 3 }), fc.array(ruleLine, { maxLength: 4 }))
    .map(([as, rs]) => [...as.map((a) => `User-agent: ${a}`), ...rs, '']);
  const robots = fc.array(group, { maxLength: 5 }).map((gs) => gs.flat().join('\n'));
  const choice: fc.Arbitrary<PolicyChoice> = fc.oneof(
    fc.constantFrom<PolicyChoice>({ mode: 'keep' }, { mode: 'allow' }, { mode: 'block' }),
    fc.array(fc.constantFrom('/a/', '/b', '/private/', '/x'), { minLength: 1, maxLength: 2 }).map((p): PolicyChoice => ({ mode: 'paths', paths: p })),
  );
  const ids = ['gptbot', 'claudebot', 'ai2bot', 'img2dataset', 'brightbot-1-0', 'perplexitybot'];
  const policy: fc.Arbitrary<AiPolicy> = fc.record({
    purposes: fc.record({ training: choice, search: choice, user: choice }),
    overrides: fc.dictionary(fc.constantFrom(...ids), choice, { maxKeys: 2 }),
  });
  const urls = ['/', '/a', '/a/b', '/b', '/x.pdf', '/c', '/private/x', '/x'].map((p) => `https://example.com${p}`);

  it('for random files and policies: the crawlers and URLs the summary counts are exactly the table’s rows that differ, and those are the real differences', () => {
    fc.assert(fc.property(robots, policy, (text, p) => {
      const out = composeAiPolicy(text, p);
      const check = checkAiPolicy(text, out.text, out.targets, urls);
      const summary = policySummary(check);
      const table = policyTable(check);
      const real = differences(text, out.text, out.targets, check.urls);
      // The table: a row for every crawler that differs, with the URLs where it does.
      const shown = new Map(table.rows.filter((r) => r.differing.length > 0).map((r) => [r.crawler, new Set(r.differing.map((i) => check.urls[i]!))]));
      expect(shown).toEqual(real);
      // The summary: counted from those rows.
      expect(summary.differingCrawlers).toBe(shown.size);
      expect(summary.differingUrls).toBe(new Set([...shown.values()].flatMap((s) => [...s])).size);
      expect(table.rows.length + table.hidden).toBe(check.rows.length);
      // "all … have the chosen verdict" only when no row differs.
      expect(outcome(check).includes('AI crawlers have the chosen verdict on all')).toBe(check.ok && shown.size === 0);
    }), { numRuns: 120, seed: 5309 });
  }, 120_000);

  it('etsy.com: after “no AI training, yes AI search” the summary names the crawlers Google cannot name as differing, as the table shows them', () => {
    const bodies = '../shared/realworld/google/bodies.jsonl';
    // The shared corpus is beside the repository in the project's worktrees; elsewhere a stand-in of its shape.
    const line = existsSync(bodies) ? readFileSync(bodies, 'utf8').split('\n').find((l) => l.includes('"robotfiles/www.etsy.com"') || l.includes('www.etsy.com"')) : undefined;
    const text = line ? (JSON.parse(line) as { robots: string }).robots : 'User-agent: Spinn3r\nDisallow: /\n\nUser-agent: *\nDisallow: /api/\nDisallow: /your/\nAllow: /\n';
    const out = composeAiPolicy(text, { purposes: { training: { mode: 'block' }, search: { mode: 'allow' } } });
    const check = checkAiPolicy(text, out.text, out.targets, []);
    const differing = policyTable(check).rows.filter((r) => r.differing.length > 0);
    expect(differing.map((r) => writtenName(knownCrawlerById(r.crawler)!))).toEqual(expect.arrayContaining(['AI2Bot', 'img2dataset']));
    expect(differing.every((r) => r.unnameable && r.choice.mode === 'block' && r.allowedAfter === r.differing.length)).toBe(true);
    const s = policySummary(check);
    expect(s.differingCrawlers).toBe(differing.length);
    expect(outcome(check)).toContain(`${s.differingCrawlers} crawlers, ${s.differingUrls} URLs differ from the chosen verdict`);
    expect(outcome(check)).not.toMatch(/all \d/);
  });
});
