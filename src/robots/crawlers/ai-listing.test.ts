import { describe, expect, it } from 'vitest';
import { AI_CRAWLERS, CRAWLERS } from './crawlers.js';
import { AI_LISTING } from './ai-listing.js';
import { DIRECTORY_LISTING } from './ai-directory.js';
import { AI_PAGES } from './ai-pages.js';
import { UNREADABLE_LISTED_NAMES } from './ai-unreadable.js';
import { DIRECTORY_CRAWLERS, KNOWN_CRAWLERS, POLICY_CRAWLERS, TOKENLESS_AGENTS } from './known.js';
import { crawlerPage } from './pages.js';
import { extractToken } from './token.js';
import { resolveCrawler } from './agent.js';

/** Whether a listed name is a known crawler: by its name, by the token Google reads from it, or as the name Google reads from a profile's. */
function known(name: string): boolean {
  const lower = name.toLowerCase();
  return KNOWN_CRAWLERS.some((c) => c.tokens.some((t) => t.toLowerCase() === lower || extractToken(t).toLowerCase() === lower || t.toLowerCase() === extractToken(name).toLowerCase())
    || (c.tokenless !== undefined && c.name.toLowerCase().startsWith(lower)));
}

describe('AI crawler profiles (ai-robots-txt/ai.robots.txt robots.json, every name)', () => {
  it('every documented listed entry has a name, operator, an AI purpose first among its purposes, and the operator’s page', () => {
    for (const l of AI_LISTING) {
      const page = AI_PAGES[l.name.toLowerCase()] ?? '';
      expect({ name: l.name, ok: l.operator.length > 0 && /^https?:\/\//.test(page) && !/knownagents\.com/.test(page) }).toEqual({ name: l.name, ok: true });
      expect(['training', 'search', 'user']).toContain(l.purpose);
      expect(l.purposes[0]).toBe(l.purpose);
    }
  });

  it('every name only a directory lists links the directory’s page (Known Agents) or none, never an operator’s', () => {
    expect(DIRECTORY_LISTING.length).toBeGreaterThan(60);
    for (const d of DIRECTORY_LISTING) expect([d.name, d.page === '' || /^https:\/\/knownagents\.com\//.test(d.page)]).toEqual([d.name, true]);
  });

  it('every name of the listing is known: a profile, a directory-only name, or the crawler Google reads it as', () => {
    const names = [...AI_LISTING, ...DIRECTORY_LISTING].map((l) => l.name);
    expect(names.filter((n) => !known(n))).toEqual([]);
  });

  it('names only a directory lists are marked so, apart from the first screen’s profiles, and their page is the directory’s', () => {
    expect(DIRECTORY_CRAWLERS.length).toBeGreaterThan(60);
    for (const c of DIRECTORY_CRAWLERS) {
      expect([c.id, c.source, CRAWLERS.includes(c)]).toEqual([c.id, 'directory', false]);
      const page = crawlerPage(c)!;
      expect([c.id, page.source, page.url === null || page.url.startsWith('https://knownagents.com/')]).toEqual([c.id, 'directory', true]);
    }
  });

  it('every AI profile carries operator, purpose, page (null only where the operator publishes none) and date', () => {
    for (const c of AI_CRAWLERS) {
      const page = crawlerPage(c)!;
      expect({ id: c.id, operator: c.operator.length > 0, purpose: c.purpose !== undefined, page: page.url === null || /^https:\/\//.test(page.url), checked: /^\d{4}-\d{2}-\d{2}$/.test(page.checked) })
        .toEqual({ id: c.id, operator: true, purpose: true, page: true, checked: true });
    }
    expect(AI_CRAWLERS.filter((c) => crawlerPage(c)!.url === null).map((c) => c.id)).toEqual(['bytespider']);
  });

  it('agents without a token are no AI profile a policy writes, have no token, and say how they identify themselves', () => {
    expect(TOKENLESS_AGENTS.map((c) => c.id).sort()).toEqual(['chatgpt-agent', 'google-agent', 'novaact', 'operator']);
    for (const c of TOKENLESS_AGENTS) {
      expect([c.id, c.tokens, AI_CRAWLERS.includes(c), POLICY_CRAWLERS.includes(c)]).toEqual([c.id, [], false, false]);
      expect(c.tokenless).toBeDefined();
    }
  });

  it('Google-specific: a User-Agent holding Google-Agent is still told as Google-Agent (a log names it), though no line can address it', () => {
    const ua = resolveCrawler({ kind: 'text', value: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent)' });
    expect([ua.profile?.id, ua.tokens]).toEqual(['google-agent', []]);
  });

  it('profiles whose operator may ignore robots.txt are marked', () => {
    const marked = AI_CRAWLERS.filter((c) => c.obeys === 'no' || c.obeys === 'user-discretion');
    expect(marked.length).toBeGreaterThan(3);
    for (const c of marked) expect({ id: c.id, caveat: typeof c.caveat }).toEqual({ id: c.id, caveat: 'string' });
  });

  it('ids are unique over every known crawler (share links and the policy name crawlers by id)', () => {
    expect(new Set(KNOWN_CRAWLERS.map((c) => c.id)).size).toBe(KNOWN_CRAWLERS.length);
  });

  it('Google-specific: the listing’s 21 names with digits, spaces or dots are known; Google reads them cut short', () => {
    expect(UNREADABLE_LISTED_NAMES).toHaveLength(21);
    for (const n of UNREADABLE_LISTED_NAMES) expect([n, extractToken(n) === n]).toEqual([n, false]);
    const cut = AI_CRAWLERS.map((c) => c.tokens[0]!).filter((t) => extractToken(t) !== t);
    expect(cut).toEqual(expect.arrayContaining(['AI2Bot', 'Linguee Bot']));
    expect(extractToken('AI2Bot')).toBe('AI');
  });

  it('Google-specific: no directory name is what Google reads from a profile’s name, so no line written for one names the other', () => {
    const readings = new Set(KNOWN_CRAWLERS.filter((c) => c.source !== 'directory').flatMap((c) => c.tokens.map((t) => extractToken(t).toLowerCase())));
    expect(DIRECTORY_CRAWLERS.filter((c) => c.tokens.some((t) => readings.has(t.toLowerCase()))).map((c) => c.id)).toEqual([]);
  });
});
