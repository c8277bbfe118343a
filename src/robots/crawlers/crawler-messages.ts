/**
 * The English words of the crawler picker's headings and profile notes, apart from the profiles: the
 * engine's catalogue and the CLI read them, the page's first script does not.
 */
import { CRAWLERS, selectKey, type AiPurpose, type CrawlerSection } from './crawlers.js';

/** Picker sections in order, and AI crawlers by purpose: their headings. */
export const SECTION_NAMES: Readonly<Record<CrawlerSection, string>> = {
  google: 'Google crawlers', ai: 'AI crawlers', search: 'Search engines', other: 'SEO and social',
};

/** What each AI purpose means, in a few words. */
export const PURPOSE_NAMES: Readonly<Record<AiPurpose, string>> = {
  training: 'Training AI models', search: 'AI search and answers', user: 'Fetches a user asked for',
};

/**
 * `crawler.section`, `crawler.purpose` and `crawler.note` (select on the profile id as a select
 * key): the English templates of the picker's headings and profile notes, built from the data above.
 */
export function crawlerMessages(): Record<string, string> {
  const select = (name: string, entries: [string, string][]) =>
    `{${name}, select, ${entries.map(([k, v]) => `${selectKey(k)} {${v}}`).join(' ')}${entries.some(([k]) => k === 'other') ? '' : ' other {}'}}`;
  return {
    'crawler.section': select('section', Object.entries(SECTION_NAMES)),
    'crawler.purpose': select('purpose', Object.entries(PURPOSE_NAMES)),
    'crawler.note': select('profile', CRAWLERS.filter((c) => c.note).map((c) => [c.id, c.note!])),
  };
}
