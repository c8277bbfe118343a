/**
 * The list the crawler picker shows and searches: every crawler the tester knows, the names only a
 * directory lists among them, in picker order. Loaded when a crawler field is first used, never
 * with the first screen.
 */
import { KNOWN_CRAWLERS, type CrawlerProfile, type CrawlerSection } from '../../src/robots/index.js';
import type { Translator } from '../i18n/index.js';

const SECTION_ORDER: readonly CrawlerSection[] = ['google', 'ai', 'search', 'other'];
const PURPOSE_ORDER = ['search', 'user', 'training'] as const;

/** Where an AI crawler comes in its section: by purpose, then those with no purpose the policy sets, then the directory's names. */
function aiRank(p: CrawlerProfile): number {
  if (p.source === 'directory') return PURPOSE_ORDER.length + 1;
  return p.purpose ? PURPOSE_ORDER.indexOf(p.purpose) : PURPOSE_ORDER.length;
}

/** Every crawler in picker order: by section, AI crawlers by purpose, each in list order. */
const ORDERED: readonly CrawlerProfile[] = [...KNOWN_CRAWLERS].sort((a, b) =>
  SECTION_ORDER.indexOf(a.section) - SECTION_ORDER.indexOf(b.section) ||
  (a.section === 'ai' && b.section === 'ai' ? aiRank(a) - aiRank(b) : 0));

/** How close a profile is to what was typed: 0 an exact name or token, 1 a prefix, 2 elsewhere, -1 no match. */
function closeness(p: CrawlerProfile, q: string): number {
  const names = [p.name.toLowerCase(), ...p.tokens.map((tok) => tok.toLowerCase())];
  if (names.includes(q)) return 0;
  if (names.some((n) => n.startsWith(q))) return 1;
  return names.some((n) => n.includes(q)) || p.operator.toLowerCase().includes(q) ? 2 : -1;
}

// Search engines before AI crawlers when both match alike: "Yandex" means the search engine.
const SEARCH_RANK: Readonly<Record<CrawlerSection, number>> = { google: 0, search: 0, ai: 1, other: 2 };

/**
 * The profiles matching `query`: exact names and tokens first, then prefixes, then the rest, and
 * within each search engines before AI crawlers, each in picker order. All of them for no query.
 */
export function crawlerMatches(query: string): readonly CrawlerProfile[] {
  const q = query.trim().toLowerCase();
  if (!q) return ORDERED;
  return ORDERED.map((p, i) => ({ p, i, c: closeness(p, q) })).filter((x) => x.c >= 0)
    .sort((a, b) => a.c - b.c || SEARCH_RANK[a.p.section] - SEARCH_RANK[b.p.section] || a.i - b.i).map((x) => x.p);
}

/** What a profile's line says of the names the file is read for. */
export function tokensLabel(p: CrawlerProfile, t: Translator): string {
  if (p.ignoresRobotsTxt) return t('picker.ignores-robots');
  if (p.tokenless) return t('picker.no-token');
  return p.tokens.join(' → ') + (p.ignoresGlobal ? '' : ' → *');
}

/** The heading a profile is listed under: its section, and for AI crawlers their purpose (or the directory that lists them). */
export function groupOf(p: CrawlerProfile, t: Translator): string {
  if (p.source === 'directory') return t('picker.directory-heading');
  return p.section === 'ai' && p.purpose ? t('picker.ai-heading', { purpose: t('crawler.purpose', { purpose: p.purpose }) }) : t('crawler.section', { section: p.section });
}

/** Consecutive options under one heading, each with its index in the flat list (for the keyboard). */
export function groupsOf(options: readonly CrawlerProfile[], t: Translator): { heading: string; items: { p: CrawlerProfile; i: number }[] }[] {
  const out: { heading: string; items: { p: CrawlerProfile; i: number }[] }[] = [];
  options.forEach((p, i) => {
    const heading = groupOf(p, t);
    if (out.at(-1)?.heading !== heading) out.push({ heading, items: [] });
    out.at(-1)!.items.push({ p, i });
  });
  return out;
}
