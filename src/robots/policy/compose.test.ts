import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_CRAWLERS, knownCrawlerById } from '../crawlers/index.js';
import { checkUrl, parseRobotsTxt } from '../google/index.js';
import { applyTextEdits } from '../text/index.js';
import { diagnose } from '../findings/index.js';
import { urlPreferences } from '../prefs/index.js';
import { checkAiPolicy, composeAiPolicy, contentUsageLines, diffRows, type AiPolicy, type PolicyChoice } from './index.js';

const file = (...lines: string[]) => lines.join('\n') + '\n';
const noTraining: AiPolicy = { purposes: { training: { mode: 'block' }, search: { mode: 'allow' }, user: { mode: 'allow' } } };
const allowed = (text: string, crawler: string, path: string) => checkUrl(parseRobotsTxt(text), knownCrawlerById(crawler)!, `https://example.com${path}`).allowed;
const compose = (text: string, policy: AiPolicy) => {
  const out = composeAiPolicy(text, policy);
  return { ...out, check: checkAiPolicy(text, out.text, out.targets, ['https://example.com/', 'https://example.com/checkout/']) };
};

const SAMPLE = file(
  '# Our site', //                   1
  'User-agent: *', //                2
  'Disallow: /checkout/', //         3
  'Allow: /checkout/help', //        4
  '', //                             5
  'User-agent: GPTBot', //           6
  'Allow: /', //                     7
  '', //                             8
  'User-agent: Googlebot', //        9
  'User-agent: PerplexityBot', //   10
  'Disallow: /drafts/', //          11
  '', //                            12
  'Sitemap: https://example.com/sitemap.xml', // 13
);

describe('composeAiPolicy: the edit the AI access form asks for', () => {
  it('no training, yes search and answers: training crawlers blocked, search crawlers follow *, Googlebot untouched', () => {
    const r = compose(SAMPLE, noTraining);
    expect(r.check.failures).toEqual([]);
    expect(allowed(r.text, 'gptbot', '/')).toBe(false);
    expect(allowed(r.text, 'claudebot', '/blog')).toBe(false);
    expect(allowed(r.text, 'perplexitybot', '/drafts/x')).toBe(true);
    expect(allowed(r.text, 'perplexitybot', '/checkout/')).toBe(false);
    expect(checkUrl(parseRobotsTxt(r.text), 'Googlebot', 'https://example.com/drafts/x').allowed).toBe(false);
  });

  it('reuses the crawler’s own group instead of adding a duplicate, keeping comments and order', () => {
    const r = compose(SAMPLE, noTraining);
    const lines = r.text.split('\n');
    expect(lines.slice(0, 8)).toEqual(['# Our site', 'User-agent: *', 'Disallow: /checkout/', 'Allow: /checkout/help', '', 'User-agent: GPTBot', 'Disallow: /', '']);
    expect(lines.filter((l) => l === 'User-agent: GPTBot')).toHaveLength(1);
    expect(r.notes.map((n) => n.code)).toContain('reused-group');
  });

  it('a crawler leaves a group it shares with Googlebot; Googlebot’s line and rules stay', () => {
    const r = compose(SAMPLE, noTraining);
    expect(r.text).toContain('User-agent: Googlebot\nDisallow: /drafts/');
    expect(r.text).not.toContain('PerplexityBot');
    expect(r.notes.find((n) => n.code === 'left-group')?.lines).toEqual([10]);
  });

  it('new groups go after the last line, one group for all crawlers with the same rules', () => {
    const r = compose(SAMPLE, noTraining);
    expect(r.text).toContain('Sitemap: https://example.com/sitemap.xml\n\nUser-agent: Google-Extended\nUser-agent: ClaudeBot\nUser-agent: Applebot-Extended\nUser-agent: CCBot\n');
    expect(r.text.endsWith('Disallow: /\n')).toBe(true);
    expect(r.text.match(/^Disallow: \/$/gm)!.length).toBe(2); // GPTBot's reused group, one new group
  });

  it('block these paths carries the * rules that still bind a crawler that follows *, so nothing opens (RFC 9309 §2.2.1: one group applies)', () => {
    const r = compose(SAMPLE, { purposes: { search: { mode: 'paths', paths: ['/members/'] } } });
    expect(r.check.failures).toEqual([]);
    expect(allowed(r.text, 'oai-searchbot', '/checkout/')).toBe(false);
    expect(allowed(r.text, 'oai-searchbot', '/checkout/help')).toBe(true);
    expect(allowed(r.text, 'oai-searchbot', '/members/a')).toBe(false);
    const carried = r.notes.find((n) => n.code === 'carried-rules')!;
    expect([carried.lines, carried.crawlers.includes('oai-searchbot'), carried.crawlers.includes('perplexitybot')]).toEqual([[3, 4], true, false]);
  });

  it('block these paths keeps a crawler’s own rules (in a group it shares, too): the paths are added to them, * is not carried in', () => {
    const r = compose(SAMPLE, { purposes: { search: { mode: 'paths', paths: ['/members/'] } } });
    expect(r.check.failures).toEqual([]);
    // PerplexityBot's group (shared with Googlebot) said Disallow: /drafts/; the * group's /checkout/ never bound it.
    expect(allowed(r.text, 'perplexitybot', '/drafts/x')).toBe(false);
    expect(allowed(r.text, 'perplexitybot', '/checkout/')).toBe(true);
    expect(allowed(r.text, 'perplexitybot', '/members/a')).toBe(false);
    expect(r.notes.find((n) => n.code === 'kept-rules')).toMatchObject({ crawlers: ['perplexitybot'], lines: [11] });
    expect(r.dropped).toEqual([]);
  });

  it('an Allow of * inside a blocked path is not carried (it would reopen it)', () => {
    const r = compose(SAMPLE, { purposes: { search: { mode: 'paths', paths: ['/checkout/'] } } });
    expect(allowed(r.text, 'perplexitybot', '/checkout/help')).toBe(false);
    expect(r.notes.some((n) => n.code === 'dropped-allow' && n.lines.includes(4))).toBe(true);
    expect(r.check.ok).toBe(true);
  });

  it('allow as the rest of the site removes a crawler’s own group', () => {
    const r = compose(SAMPLE, { purposes: { training: { mode: 'allow' } } });
    expect(r.text).not.toContain('GPTBot');
    expect(allowed(r.text, 'gptbot', '/checkout/')).toBe(false);
    expect(r.check.ok).toBe(true);
  });

  it('a per-crawler override wins over its purpose', () => {
    const r = compose(SAMPLE, { purposes: { training: { mode: 'block' } }, overrides: { ccbot: { mode: 'allow' } } });
    expect(allowed(r.text, 'ccbot', '/')).toBe(true);
    expect(allowed(r.text, 'gptbot', '/')).toBe(false);
  });

  it('a file ending in user-agent lines without rules: new groups go before them, not into them', () => {
    const text = file('User-agent: *', 'Disallow: /a', '', 'User-agent: foo');
    const r = compose(text, { purposes: { training: { mode: 'block' } } });
    expect(r.check.failures).toEqual([]);
    expect(checkUrl(parseRobotsTxt(r.text), 'foo', 'https://example.com/a').allowed).toBe(true);
    expect(r.text.trimEnd().endsWith('User-agent: foo')).toBe(true);
  });

  it('an empty file gets the groups alone; CRLF files keep CRLF', () => {
    const controls = { purposes: {}, overrides: { 'google-extended': { mode: 'block' }, 'applebot-extended': { mode: 'block' } } } as const;
    expect(compose('', controls).text).toBe('User-agent: Google-Extended\nUser-agent: Applebot-Extended\nDisallow: /\n');
    const crlf = compose('User-agent: *\r\nDisallow: /x\r\n', controls).text;
    expect(crlf).toBe('User-agent: *\r\nDisallow: /x\r\n\r\nUser-agent: Google-Extended\r\nUser-agent: Applebot-Extended\r\nDisallow: /\r\n');
  });

  it('the edits turn the old text into the new one (one transaction)', () => {
    const r = compose(SAMPLE, { ...noTraining, contentSignal: true });
    expect(applyTextEdits(SAMPLE, r.edits)).toBe(r.text);
  });

  it('Content Signals: one line in the * group stating the same choice; an old one is replaced', () => {
    const r = compose(file('User-agent: *', 'Content-Signal: ai-train=yes', 'Disallow: /x'), { ...noTraining, contentSignal: true, contentUsage: true });
    expect(r.text.split('\n').slice(0, 5)).toEqual(['User-agent: *', 'Content-Signal: search=yes, ai-input=yes, ai-train=no', 'Content-Usage: train-ai=n, ai-use=y', 'Disallow: /x', '']);
    expect(r.check.ok).toBe(true);
  });

  it('Google-specific: a name Google reads cut short (AI2Bot → “AI”) is written as documented and said apart', () => {
    const r = compose(SAMPLE, noTraining);
    expect(r.text).toContain('User-agent: AI2Bot');
    expect(r.notes.find((n) => n.code === 'unnameable')?.crawlers).toContain('ai2bot');
    const row = r.check.rows.find((x) => x.crawler === 'ai2bot')!;
    expect(row.unnameable).toBe(true);
    expect(allowed(r.text, 'ai2bot', '/')).toBe(true); // follows * under Google's reading
  });

  it('Google-specific: a * Allow with a wildcard at least as long as a blocked path gets a longer Disallow after it', () => {
    const text = file('User-agent: *', 'Allow: /*.pdf', 'Disallow: /checkout/');
    const r = compose(text, { purposes: { search: { mode: 'paths', paths: ['/m'] } } });
    expect(r.text).toContain('Disallow: /m\nAllow: /*.pdf\nDisallow: /m*.pdf\nDisallow: /checkout/');
    expect(allowed(r.text, 'perplexitybot', '/m/guide.pdf')).toBe(false);
    expect(allowed(r.text, 'perplexitybot', '/guide.pdf')).toBe(true);
    expect(r.notes.find((n) => n.code === 'sharpened')?.lines).toEqual([2]);
  });

  it('Google-specific: a new file past the 500 KiB limit says so first (what lies past it does not count)', () => {
    const big = file('User-agent: *', ...Array.from({ length: 9000 }, (_, i) => `Disallow: /section-${i}/page/`));
    const r = compose(big, { purposes: { search: { mode: 'paths', paths: ['/members/'] } } });
    expect(r.notes[0]).toMatchObject({ code: 'over-limit' });
    expect(Number(r.notes[0]!.detail)).toBeGreaterThan(512_000);
  });

  it('a policy that changes nothing says so and has no edits', () => {
    const r = compose(SAMPLE, { purposes: {} });
    expect(r.edits).toEqual([]);
    expect(r.notes[0]!.code).toBe('no-change');
  });
});

// A news site's file in lower case (as nytimes.com writes it): its own AI blocks, user fetchers included.
const NEWS = file(
  'user-agent: *', //                1
  'disallow: /search', //            2
  '', //                             3
  'user-agent: gptbot', //           4
  'disallow: /', //                  5
  '', //                             6
  'user-agent: chatgpt-user', //     7
  'disallow: /', //                  8
  '', //                             9
  'user-agent: claude-user', //     10
  'disallow: /', //                 11
  '', //                            12
  'user-agent: perplexity-user', // 13
  'disallow: /', //                 14
  '', //                            15
  'user-agent: oai-searchbot', //   16
  'disallow: /', //                 17
  '', //                            18
  'user-agent: cohere-ai', //       19
  'disallow: /', //                 20
  '', //                            21
  'user-agent: ccbot', //           22
  'disallow: /', //                 23
  '', //                            24
  'sitemap: https://news.example/sitemap.xml', // 25
);
const noTrainingYesSearch: AiPolicy = { purposes: { training: { mode: 'block' }, search: { mode: 'allow' } } };

// The owner's own rules for one crawler, as a file of that shape writes them.
const OWN = file(
  'User-agent: *', //                1
  'Disallow: /private/', //          2
  '', //                             3
  'User-agent: PerplexityBot', //    4
  'Disallow: /*?session=', //        5
  'Disallow: /archive/', //          6
  'Allow: /members/join', //         7
  '', //                             8
  'User-agent: GPTBot', //           9
  'Allow: /', //                    10
  'Disallow: /drafts/', //          11
);

describe('the composer keeps what the owner wrote, and lists every rule it drops or replaces', () => {
  it('--search /members/,/drafts/ on PerplexityBot’s own group: its /*?session= and /archive/ stay, the paths are added, the Allow inside /members/ is dropped and listed', () => {
    const r = compose(OWN, { purposes: { search: { mode: 'paths', paths: ['/members/', '/drafts/'] } } });
    expect(r.check.failures).toEqual([]);
    expect(r.text).toContain('User-agent: PerplexityBot\nDisallow: /*?session=\nDisallow: /archive/\nDisallow: /members/\nDisallow: /drafts/\n');
    expect(allowed(r.text, 'perplexitybot', '/a?session=1')).toBe(false);
    expect(allowed(r.text, 'perplexitybot', '/archive/2020')).toBe(false);
    expect(allowed(r.text, 'perplexitybot', '/members/join')).toBe(false);
    // The * group never bound it: /private/ stays as it was for PerplexityBot.
    expect(allowed(r.text, 'perplexitybot', '/private/x')).toBe(true);
    expect(r.dropped).toEqual([{ line: 7, text: 'Allow: /members/join', crawlers: ['perplexitybot'], why: 'inside-blocked-path' }]);
    expect(r.notes.find((n) => n.code === 'kept-rules')).toMatchObject({ crawlers: ['perplexitybot'], lines: [5, 6] });
    expect(r.notes.find((n) => n.code === 'dropped-rules')).toMatchObject({ crawlers: ['perplexitybot'], lines: [7] });
  });

  it('block replaces a crawler’s own rules with Disallow: /, and allow (as the rest of the site) removes them: each listed with why', () => {
    const blocked = compose(OWN, { purposes: { training: { mode: 'block' } } });
    expect(blocked.check.failures).toEqual([]);
    expect(blocked.dropped).toEqual([
      { line: 10, text: 'Allow: /', crawlers: ['gptbot'], why: 'blocked-everywhere' },
      { line: 11, text: 'Disallow: /drafts/', crawlers: ['gptbot'], why: 'blocked-everywhere' },
    ]);
    const opened = compose(OWN, { purposes: { search: { mode: 'allow' } } });
    expect(opened.check.failures).toEqual([]);
    expect(opened.dropped.map((d) => [d.line, d.why])).toEqual([[5, 'follows-star'], [6, 'follows-star'], [7, 'follows-star']]);
    expect(opened.text).not.toContain('PerplexityBot');
  });

  it('a rule the policy says again is kept as written, not listed', () => {
    const r = compose(OWN, { purposes: { search: { mode: 'paths', paths: ['/archive/'] } } });
    expect(r.dropped).toEqual([]);
    expect(diffRows(OWN, r.edits).filter((x) => x.kind === 'del')).toEqual([]);
  });

  it('property: every rule of a targeted crawler’s own group still applies to it, or is listed as dropped with that crawler', () => {
    const agents = ['*', 'GPTBot', 'PerplexityBot', 'CCBot', 'Googlebot'];
    const rule = fc.tuple(fc.constantFrom('Allow', 'Disallow'), fc.constantFrom('/', '/a', '/a/', '/a/b', '/b', '/*.pdf', '/c$', '')).map(([k, v]) => `${k}: ${v}`);
    const group = fc.tuple(fc.array(fc.constantFrom(...agents), { minLength: 1, maxLength: 2 }), fc.array(rule, { maxLength: 4 })).map(([as, rs]) => [...as.map((a) => `User-agent: ${a}`), ...rs]);
    const text = fc.array(group, { maxLength: 4 }).map((gs) => gs.flat().join('\n') + '\n');
    const choice: fc.Arbitrary<PolicyChoice> = fc.oneof(
      fc.constantFrom<PolicyChoice>({ mode: 'allow' }, { mode: 'block' }),
      fc.array(fc.constantFrom('/a/', '/b', '/x'), { minLength: 1, maxLength: 2 }).map((p): PolicyChoice => ({ mode: 'paths', paths: p })),
    );
    fc.assert(fc.property(text, choice, choice, (t, training, search) => {
      const out = composeAiPolicy(t, { purposes: { training, search } });
      const before = parseRobotsTxt(t);
      const after = parseRobotsTxt(out.text);
      const rulesOf = (r: typeof before, token: string) => (r.groupsByToken.get(token) ?? []).flatMap((g) => r.groups[g]!.rules);
      for (const token of ['gptbot', 'perplexitybot', 'ccbot']) {
        const id = token;
        if (!out.targets.has(id)) continue;
        const now = new Set(rulesOf(after, token).map((x) => `${x.allow}${x.value}`));
        for (const x of rulesOf(before, token)) {
          const listed = out.dropped.some((d) => d.line === x.line && d.crawlers.includes(id));
          expect(now.has(`${x.allow}${x.value}`) || listed, `${token} line ${x.line} in\n${t}\n→\n${out.text}`).toBe(true);
        }
      }
    }), { numRuns: 200, seed: 53 });
  });
});

describe('agents without a token and names only a directory lists', () => {
  it('agents without a token are never written; the policy says they cannot be addressed and how they identify themselves', () => {
    const r = compose(OWN, { purposes: { user: { mode: 'block' } } });
    expect(r.text).not.toMatch(/ChatGPT Agent|Google-Agent|Operator|NovaAct/);
    const said = r.notes.filter((n) => n.code === 'no-token');
    expect(said.map((n) => n.crawlers[0]).sort()).toEqual(['chatgpt-agent', 'google-agent', 'novaact', 'operator']);
    expect(said.find((n) => n.crawlers[0] === 'chatgpt-agent')!.identity).toEqual({ signatureAgent: 'https://chatgpt.com', googleReads: 'ChatGPT' });
    expect(compose(OWN, { purposes: { training: { mode: 'block' } } }).notes.some((n) => n.code === 'no-token')).toBe(false);
  });

  it('a name only a directory lists is written only when asked for by name; the others of the chosen purposes are counted apart', () => {
    const r = compose(OWN, { purposes: { training: { mode: 'block' } } });
    expect(r.text).not.toContain('cohere-training-data-crawler');
    expect(r.notes.find((n) => n.code === 'directory-left-out')!.crawlers).toContain('cohere-training-data-crawler');
    const asked = compose(OWN, { purposes: { training: { mode: 'block' } }, overrides: { 'cohere-training-data-crawler': { mode: 'block' } } });
    expect(asked.check.failures).toEqual([]);
    expect(asked.text).toContain('User-agent: cohere-training-data-crawler');
    expect(asked.notes.find((n) => n.code === 'directory-left-out')!.crawlers).not.toContain('cohere-training-data-crawler');
    expect(allowed(asked.text, 'cohere-training-data-crawler', '/')).toBe(false);
  });
});

describe('one purpose model: training includes the training-control tokens', () => {
  it('“training: block” blocks Google-Extended and Applebot-Extended, with a note that they never fetch', () => {
    const r = compose(file('User-agent: *', 'Disallow: /x'), { purposes: { training: { mode: 'block' } } });
    expect(r.check.ok).toBe(true);
    for (const id of ['google-extended', 'applebot-extended', 'gptbot']) expect(allowed(r.text, id, '/a'), id).toBe(false);
    expect(r.notes.find((n) => n.code === 'control-tokens')?.crawlers).toEqual(['google-extended', 'applebot-extended']);
    // Fetches a user asks for are not training: untouched.
    expect(r.targets.has('chatgpt-user')).toBe(false);
    expect(allowed(r.text, 'chatgpt-user', '/a')).toBe(true);
  });
});

describe('composeAiPolicy on a real-world shape', () => {
  it('“no AI training, yes AI search and answers” leaves fetches a user asks for alone: their blocks stay as written', () => {
    const r = compose(NEWS, noTrainingYesSearch);
    expect(r.check.ok).toBe(true);
    for (const name of ['chatgpt-user', 'claude-user', 'perplexity-user', 'cohere-ai']) expect(r.text, name).toContain(`user-agent: ${name}\ndisallow: /\n`);
    for (const id of ['chatgpt-user', 'claude-user', 'perplexity-user']) expect(allowed(r.text, id, '/a'), id).toBe(false);
    // What the name says: search and answers open, training closed.
    expect(r.text).not.toContain('oai-searchbot');
    expect(allowed(r.text, 'oai-searchbot', '/a')).toBe(true);
    expect(allowed(r.text, 'claudebot', '/a')).toBe(false);
  });
  it('groups that already block keep their lines as written (no “disallow” → “Disallow” rewrite); new lines follow the file’s spelling', () => {
    const r = compose(NEWS, noTrainingYesSearch);
    const removed = diffRows(NEWS, r.edits).filter((x) => x.kind === 'del').map((x) => x.text);
    expect(removed).toEqual(['user-agent: oai-searchbot', 'disallow: /', '']);
    expect(r.text).toContain('user-agent: gptbot\ndisallow: /\n');
    expect(r.text).toMatch(/\nuser-agent: ClaudeBot\n/);
    expect(r.text).not.toMatch(/^(User-agent|Disallow):/m);
    expect(r.notes.map((n) => n.code)).not.toContain('reused-group');
  });
  it('a file that already says it gets one note, not notes about an edit (“nothing to change” never beside “updated in place”)', () => {
    const once = compose(NEWS, noTrainingYesSearch).text;
    const again = compose(once, noTrainingYesSearch);
    expect(again.edits).toEqual([]);
    const codes = again.notes.map((n) => n.code);
    expect(codes[0]).toBe('no-change');
    for (const c of ['reused-group', 'left-group', 'carried-rules', 'google-untouched', 'signal-written', 'usage-written'] as const) expect(codes).not.toContain(c);
  });
  it('a reused group’s rules change only where the policy changes them: its own rules stay as written', () => {
    const text = file('user-agent: *', 'disallow: /x', '', 'user-agent: perplexitybot', 'Disallow: /x', 'allow: /y', '# theirs', 'disallow: /members/');
    const r = compose(text, { purposes: { search: { mode: 'paths', paths: ['/members/', '/drafts/'] } } });
    expect(r.check.ok).toBe(true);
    expect(diffRows(text, r.edits).filter((x) => x.kind === 'del').map((x) => x.text)).toEqual([]);
    expect(r.text).toContain('user-agent: perplexitybot\nDisallow: /x\nallow: /y\n# theirs\ndisallow: /members/\ndisallow: /drafts/\n');
  });
});

describe('the preference lines read back as the policy meant them (draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-08)', () => {
  it('whole-site and per-path statements: the longest path repeats the values it does not change', () => {
    expect(contentUsageLines({ purposes: { training: { mode: 'paths', paths: ['/members/'] }, search: { mode: 'allow' } } })).toEqual(['ai-use=y', '/members/ train-ai=n, ai-use=y']);
    expect(contentUsageLines({ purposes: { training: { mode: 'block' }, search: { mode: 'paths', paths: ['/a b/'] } } })).toEqual(['train-ai=n', '/a%20b/ train-ai=n, ai-use=n']);
    expect(contentUsageLines({ purposes: { user: { mode: 'block' } } })).toEqual([]);
  });
  const choice: fc.Arbitrary<PolicyChoice> = fc.oneof(
    fc.constantFrom<PolicyChoice>({ mode: 'keep' }, { mode: 'allow' }, { mode: 'block' }),
    fc.array(fc.constantFrom('/a/', '/b', '/private/', '/x'), { minLength: 1, maxLength: 2 }).map((p): PolicyChoice => ({ mode: 'paths', paths: p })),
  );
  const base = fc.constantFrom(
    file('User-agent: *', 'Disallow: /private/'),
    file('user-agent: *', 'content-usage: train-ai=y', 'disallow: /x'),
    file('User-agent: GPTBot', 'Allow: /'),
    '',
  );
  it('property: for a crawler that follows * (and each AI crawler given a group of its own), where it may crawl, what the file says is what was chosen', () => {
    fc.assert(fc.property(base, choice, choice, fc.boolean(), (text, training, search, signal) => {
      const policy: AiPolicy = { purposes: { training, search }, contentUsage: true, contentSignal: signal };
      const out = composeAiPolicy(text, policy);
      const robots = parseRobotsTxt(out.text);
      const expect1 = (c: PolicyChoice, path: string): string | undefined => (c.mode === 'block' ? 'n' : c.mode === 'allow' ? 'y' : c.mode === 'paths' && c.paths!.some((p) => path.startsWith(p)) ? 'n' : undefined);
      for (const who of ['somebot', ...[...out.targets.keys()].filter((_, i) => i % 9 === 0).map((id) => knownCrawlerById(id)!.tokens[0]!)]) {
        for (const path of ['/', '/a/1', '/b', '/private/q', '/x', '/y']) {
          const v = checkUrl(robots, who, `https://example.com${path}`);
          const p = urlPreferences(robots, v);
          if (!v.allowed || !p) continue;
          const said = Object.fromEntries(p.usage.map((u) => [u.key, u.value]));
          // Only what the policy states is asserted: a file's own statement may stand for what it leaves as is.
          const want: Record<string, string | undefined> = { 'train-ai': expect1(training, path), 'ai-use': expect1(search, path) };
          for (const [k, w] of Object.entries(want)) if (w !== undefined) expect(said[k], `${who} ${path} ${k} in\n${out.text}`).toBe(w);
          if (signal && training.mode !== 'keep' && training.mode !== 'paths' && !knownCrawlerById(who.toLowerCase())) {
            expect(Object.fromEntries(p.signals.map((x) => [x.key, x.value]))['ai-train'], `${who} ${path}\n${out.text}`).toBe(training.mode === 'block' ? 'no' : 'yes');
          }
        }
      }
      // What the composer writes is what the current drafts define: no finding on the preference lines.
      const codes = diagnose(robots).map((d) => d.code);
      for (const c of ['pref-unknown-label', 'pref-unknown-signal', 'ai-preference-invalid', 'pref-not-crawlable'] as const) expect(codes, out.text).not.toContain(c);
    }), { numRuns: 150, seed: 33 });
  }, 60_000);
});

describe('composeAiPolicy: properties (random files, random policies)', () => {
  const agents = ['*', 'GPTBot', 'ClaudeBot', 'Googlebot', 'Bingbot', 'PerplexityBot', 'CCBot', 'Google-Extended', 'foo', 'ChatGPT-User', 'AI2Bot'];
  const paths = ['/', '/a', '/a/', '/a/b', '/b', '/*.pdf', '/c$', '', '/a*', '/private/'];
  const ruleLine = fc.tuple(fc.constantFrom('Allow', 'Disallow'), fc.constantFrom(...paths)).map(([k, p]) => `${k}: ${p}`);
  const other = fc.constantFrom('# note', '', 'Crawl-delay: 3', 'Sitemap: https://example.com/s.xml', 'Content-Signal: ai-train=yes');
  const group = fc.tuple(fc.array(fc.constantFrom(...agents), { minLength: 1, maxLength: 3 }), fc.array(fc.oneof({ weight: 4, arbitrary: ruleLine }, { weight: 1, arbitrary: other }), { maxLength: 4 }))
    .map(([as, rs]) => [...as.map((a) => `User-agent: ${a}`), ...rs]);
  const robots = fc.tuple(fc.array(other, { maxLength: 2 }), fc.array(group, { maxLength: 5 }), fc.boolean())
    .map(([pre, gs, trailing]) => [...pre, ...gs.flat()].join('\n') + (trailing ? '\n' : ''));
  const choice: fc.Arbitrary<PolicyChoice> = fc.oneof(
    fc.constantFrom<PolicyChoice>({ mode: 'keep' }, { mode: 'allow' }, { mode: 'block' }),
    fc.array(fc.constantFrom('/a/', '/b', '/private/', '/x', '/a'), { minLength: 1, maxLength: 2 }).map((p): PolicyChoice => ({ mode: 'paths', paths: p })),
  );
  const ids = AI_CRAWLERS.slice(0, 12).map((c) => c.id);
  const policy = fc.record({
    purposes: fc.record({ training: choice, search: choice, user: choice }),
    overrides: fc.dictionary(fc.constantFrom(...ids), choice, { maxKeys: 2 }),
    contentSignal: fc.boolean(),
    contentUsage: fc.boolean(),
  });
  const urls = ['/', '/a', '/a/', '/a/b', '/b', '/x.pdf', '/c', '/private/', '/private/x', '/x', '/checkout/'].map((p) => `https://example.com${p}`);

  it('the produced file yields exactly the chosen verdicts and changes no other crawler’s verdict', () => {
    fc.assert(fc.property(robots, policy, (text, p) => {
      const out = composeAiPolicy(text, p);
      const check = checkAiPolicy(text, out.text, out.targets, urls);
      expect(check.failures.filter((f) => f.kind === 'collateral')).toEqual([]);
      expect(check.failures).toEqual([]);
      expect(applyTextEdits(text, out.edits)).toBe(out.text);
    }), { numRuns: 400, seed: 23 });
  });

  it('the check is truthful: every failure it reports is a real verdict off the choice', () => {
    fc.assert(fc.property(robots, policy, (text, p) => {
      const out = composeAiPolicy(text, p);
      const check = checkAiPolicy(text, out.text, out.targets, urls);
      for (const f of check.failures) {
        expect(checkUrl(parseRobotsTxt(out.text), knownCrawlerById(f.crawler)!, f.url).allowed).toBe(f.got);
        expect(f.got).not.toBe(f.expected);
      }
    }), { numRuns: 200, seed: 9309 });
  });

  it('composing the same policy twice changes nothing the second time', () => {
    fc.assert(fc.property(robots, policy, (text, p) => {
      const once = composeAiPolicy(text, p).text;
      const twice = composeAiPolicy(once, p);
      const check = checkAiPolicy(once, twice.text, new Map(), urls);
      expect(check.failures).toEqual([]);
    }), { numRuns: 200, seed: 7 });
  });
});
