import { describe, expect, it } from 'vitest';
import { AI_CRAWLERS, CRAWLERS } from './crawlers.js';
import { AI_LISTING, UNREADABLE_LISTED_NAMES } from './ai-listing.js';
import { AI_PAGES } from './ai-pages.js';
import { crawlerPage } from './pages.js';
import { extractToken } from './token.js';

describe('AI crawler profiles (ai-robots-txt/ai.robots.txt, documented entries)', () => {
  it('every listed entry has a name, operator, purpose, the operator’s page and the date it was checked', () => {
    for (const l of AI_LISTING) {
      const page = AI_PAGES[l.name.toLowerCase()] ?? '';
      expect({ name: l.name, ok: l.operator.length > 0 && /^https?:\/\//.test(page) }).toEqual({ name: l.name, ok: true });
      expect(['training', 'search', 'user', 'control']).toContain(l.purpose);
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

  it('every documented listed crawler is a profile, by its name or by the token Google reads from it', () => {
    const tokens = new Set(CRAWLERS.flatMap((c) => c.tokens.map((t) => t.toLowerCase())));
    const missing = AI_LISTING.filter((l) => !tokens.has(l.name.toLowerCase()) && !tokens.has(extractToken(l.name).toLowerCase()));
    expect(missing.map((l) => l.name)).toEqual([]);
  });

  it('profiles whose operator may ignore robots.txt are marked', () => {
    const marked = AI_CRAWLERS.filter((c) => c.obeys === 'no' || c.obeys === 'user-discretion');
    expect(marked.length).toBeGreaterThan(3);
    for (const c of marked) expect({ id: c.id, caveat: typeof c.caveat }).toEqual({ id: c.id, caveat: 'string' });
  });

  it('ids are unique (share links name profiles by id)', () => {
    expect(new Set(CRAWLERS.map((c) => c.id)).size).toBe(CRAWLERS.length);
  });

  it('Google-specific: the listing’s 21 names with digits, spaces or dots are known; Google reads them cut short', () => {
    expect(UNREADABLE_LISTED_NAMES).toHaveLength(21);
    for (const n of UNREADABLE_LISTED_NAMES) expect([n, extractToken(n) === n]).toEqual([n, false]);
    const cut = AI_CRAWLERS.map((c) => c.tokens[0]!).filter((t) => extractToken(t) !== t);
    expect(cut).toEqual(expect.arrayContaining(['AI2Bot', 'Linguee Bot']));
    expect(extractToken('AI2Bot')).toBe('AI');
  });
});
