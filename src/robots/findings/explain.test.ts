import { describe, expect, it } from 'vitest';
import { GOOGLE_CRAWLERS, resolveCrawler, type CrawlerSpec } from '../crawlers/index.js';
import { checkUrl, createChecker, parseRobotsTxt, type CheckOptions } from '../google/index.js';
import { explainVerdict } from './explain.js';
import { lines } from '../test-helpers.js';

const profile = (id: string): CrawlerSpec => ({ kind: 'profile', id });
const text = (value: string): CrawlerSpec => ({ kind: 'text', value });

/** The "Why" of one check as plain data: group sentence, decision sentence, note codes. */
function why(robots: string, crawler: CrawlerSpec, url: string, options: CheckOptions = {}) {
  const r = parseRobotsTxt(robots);
  const v = checkUrl(r, resolveCrawler(crawler), url, options);
  const e = explainVerdict(r, v);
  return { verdict: v.problem ? 'invalid' : !v.inScope ? 'out-of-scope' : v.allowed ? 'allowed' : 'blocked', group: e.group?.text ?? null, decision: e.decision.text, notes: e.notes.map((n) => n.code) };
}

const BOTH = lines('User-agent: *', 'Disallow: /all', '', 'User-agent: Googlebot', 'Disallow: /x');

describe('the Why is true in every state', () => {
  it('RFC 9309 §2.3.1.3/§2.3.1.4: a fetch status that overrides the rules names the status and never claims a missing group', () => {
    const w = why(BOTH, profile('googlebot'), 'https://a.test/x', { status: { kind: 'http', code: 503 } });
    expect(w).toEqual({
      verdict: 'blocked',
      group: null,
      decision: 'HTTP 503: a server error. Google crawls nothing until it can fetch robots.txt (after 30 days it uses its last cached copy, or allows everything if it has none). The groups and rules in the file are not used.',
      notes: [],
    });
    expect(why(BOTH, profile('googlebot'), '/x', { status: { kind: 'http', code: 404 } }).decision).toMatch(/^HTTP 404: Google treats robots.txt as missing and allows everything\./);
  });

  it('spec §1: out of scope names the robots.txt that governs the URL', () => {
    const w = why(BOTH, profile('googlebot'), 'https://b.test/x', { site: 'https://a.test' });
    expect(w.verdict).toBe('out-of-scope');
    expect(w.decision).toBe('Not covered by this robots.txt: a different host (b.test). It is governed by https://b.test/robots.txt.');
  });

  it('Google-specific: special-case crawlers ignore the * group', () => {
    expect(why(BOTH, profile('adsbot-google'), '/all')).toMatchObject({
      verdict: 'allowed',
      group: 'AdsBot-Google is a special-case crawler: it ignores the * group (line 1), and no group names it, so everything is allowed.',
    });
  });

  it('RFC 9309 §2.2.1: an empty group applies, allows everything, and * is not used', () => {
    const w = why(lines('User-agent: *', 'Disallow: /', 'User-agent: Googlebot', 'Crawl-delay: 3'), profile('googlebot'), '/x');
    expect(w).toMatchObject({
      verdict: 'allowed',
      group: 'The group for “Googlebot” (line 3) applies: it names this crawler.',
      decision: 'That group has no rules: everything is allowed for this crawler, and the * group is not used.',
    });
  });

  it('RFC 9309 §2.2.1: no group names the crawler, so * applies', () => {
    expect(why(BOTH, text('Bingbot'), '/all')).toMatchObject({
      verdict: 'blocked', group: 'No group names Bingbot, so the * group (line 1) applies.',
      decision: 'Line 2 (“Disallow: /all”, length 4) is the longest matching rule, so the URL is blocked.',
    });
  });

  it('RFC 9309 §2.2.1: no group and no * group, everything is allowed', () => {
    expect(why(lines('User-agent: Bingbot', 'Disallow: /'), text('Googlebot'), '/x')).toMatchObject({
      verdict: 'allowed', group: 'No group names Googlebot and there is no * group: everything is allowed.',
    });
  });

  it('Google-specific: a profile that falls back says so plainly, never “exact match”', () => {
    const w = why(lines('User-agent: Googlebot', 'Disallow: /x'), profile('google-inspectiontool'), '/x');
    expect(w).toMatchObject({
      verdict: 'blocked',
      group: 'No group names Google-InspectionTool, so it follows the Googlebot group (line 1), as Google documents for this crawler.',
    });
    expect(w.group).not.toMatch(/exact/);
  });

  it('Google-specific: profile notes where they matter (Google-Extended, Googlebot-Image without its own group)', () => {
    expect(why(BOTH, profile('google-extended'), '/x').notes).toEqual(['profile-notice']);
    expect(why(BOTH, profile('googlebot-image'), '/x').notes).toEqual(['no-googlebot-fallback']);
    expect(why(lines('User-agent: Googlebot-Image', 'Disallow: /'), profile('googlebot-image'), '/x').notes).toEqual([]);
  });

  it('Google-specific: a token Google cannot use is tested as typed and gets a warning', () => {
    const w = why(lines('User-agent: AB42bot', 'Disallow: /', 'User-agent: *', 'Allow: /'), text('AB42bot'), '/x');
    expect(w).toMatchObject({ verdict: 'allowed', group: 'No group names AB42bot, so the * group (line 3) applies.', notes: ['token-unusable', 'google-reading'] });
  });
});

describe('no verdict without a valid test', () => {
  it.each([
    [text(''), '/x', 'No crawler to test: pick one, or type a crawler name or a User-Agent string.'],
    [text('!!!'), '/x', 'No crawler name can be read from “!!!”: a name is made of letters, “-” and “_”.'],
    [profile('nope'), '/x', 'No crawler profile is called “nope”.'],
    [text('Googlebot'), '', 'No URL to test: type a URL, or a path such as /private/.'],
    [text('Googlebot'), 'javascript:alert(1)', '“javascript:alert(1)” is a javascript: URL. robots.txt governs only http and https (and, at Google, ftp) URLs: there is nothing to test.'],
    [text('Googlebot'), 'mailto:a@b.test', '“mailto:a@b.test” is a mailto: URL. robots.txt governs only http and https (and, at Google, ftp) URLs: there is nothing to test.'],
    [text('Googlebot'), 'cart', '“cart” is a relative URL: set the site to resolve it against, or type a path that starts with “/”.'],
  ])('%j %j', (crawler, url, sentence) => {
    expect(why(BOTH, crawler, url)).toMatchObject({ verdict: 'invalid', group: null, decision: sentence });
  });

  it('a relative URL resolves against the site', () => {
    expect(why(BOTH, text('Googlebot'), 'x', { site: 'https://a.test' }).verdict).toBe('blocked');
  });
});

describe('one crawler resolution for the app and the CLI', () => {
  it('free text naming a profile’s token, or a User-Agent standing for it, gets that profile', () => {
    expect(resolveCrawler(text('google-inspectiontool')).profile?.id).toBe('google-inspectiontool');
    expect(resolveCrawler(text('Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)')).tokens).toEqual(['Google-InspectionTool', 'Googlebot']);
    expect(resolveCrawler(text('GoogleOther-Image')).tokens).toEqual(['GoogleOther-Image', 'GoogleOther']);
    expect(resolveCrawler(text('MyBot')).profile).toBeNull();
  });

  it('a profile and its own token as free text give the same verdict for every Google crawler', () => {
    const r = parseRobotsTxt(lines('User-agent: Googlebot', 'Disallow: /x', 'User-agent: GoogleOther', 'Disallow: /o', 'User-agent: *', 'Disallow: /all'));
    for (const p of GOOGLE_CRAWLERS.filter((c) => c.tokens.length > 0)) {
      for (const url of ['/x', '/o', '/all', '/free']) {
        const a = checkUrl(r, resolveCrawler(profile(p.id)), url);
        const b = checkUrl(r, resolveCrawler(text(p.tokens[0]!)), url);
        expect([p.id, url, b.allowed, b.line]).toEqual([p.id, url, a.allowed, a.line]);
      }
    }
  });
});

describe('createChecker and checkUrl answer the same, site included (one code path)', () => {
  it('scope, validity and verdict agree for URLs in and out of scope', () => {
    const r = parseRobotsTxt(BOTH);
    const options = { site: 'https://a.test' };
    const check = createChecker(r, 'Googlebot', options);
    for (const url of ['https://a.test/x', 'https://b.test/x', 'http://a.test/x', '/x', 'cart', 'x', 'mailto:q@a.test', 'https://a.test:8443/x']) {
      const v = checkUrl(r, 'Googlebot', url, options);
      expect([url, check(url)]).toEqual([url, { allowed: v.allowed, line: v.line, valid: v.problem === null, inScope: v.inScope, path: v.url.path }]);
    }
    expect(check('https://b.test/x').inScope).toBe(false);
  });
});

describe('AI crawlers: profiles with operator, purpose and caveats', () => {
  it('every AI profile has an operator and a purpose; the curated ones have a token a robots.txt can name', async () => {
    const { AI_CRAWLERS } = await import('../crawlers/index.js');
    const ids = AI_CRAWLERS.map((c) => c.id);
    for (const id of ['gptbot', 'oai-searchbot', 'chatgpt-user', 'claudebot', 'claude-searchbot', 'claude-user', 'perplexitybot', 'perplexity-user',
      'google-extended', 'applebot-extended', 'ccbot', 'bytespider', 'meta-externalagent', 'amazonbot']) expect(ids).toContain(id);
    for (const c of AI_CRAWLERS) expect([c.id, c.operator.length > 0, c.purpose !== undefined]).toEqual([c.id, true, true]);
    // Listed names Google reads cut short (AI2Bot) are kept as documented: see ai-listing.test.ts.
    for (const c of AI_CRAWLERS.slice(0, 18)) expect([c.id, /^[A-Za-z_-]+$/.test(c.tokens[0]!)]).toEqual([c.id, true]);
  });
  it('a crawler that does not promise to obey robots.txt says so; a verdict for a non-Google crawler says whose reading it is', () => {
    expect(why(BOTH, profile('chatgpt-user'), '/all').notes).toEqual(['google-reading', 'profile-caveat']);
    expect(why(BOTH, profile('gptbot'), '/all').notes).toEqual(['google-reading']);
    expect(why(BOTH, profile('applebot-extended'), '/all').notes).toEqual(['google-reading', 'profile-notice']);
    expect(why(BOTH, profile('googlebot'), '/x').notes).toEqual([]);
  });
});
