import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { siteMessages } from '../../../src/robots/site/index.js';
import { SITE_MESSAGES } from './en.js';
import { loadSiteCatalogue } from './index.js';
import hi from './hi.js';
import ko from './ko.js';
import nl from './nl.js';
import { argumentsOf, sampleArgs } from '../test-helpers.js';

/** Every id the Site tab words: its own and the engine's for sources. */
const ENGLISH: Record<string, string> = { ...siteMessages(), ...SITE_MESSAGES };

/** Words every language writes alike (a crawler, gzip, URL, a folder's path). */
const SAME: readonly string[] = ['site.crawlers', 'site.col-crawler', 'site.filter-crawler', 'site.filter-folder', 'site.source-gzip', 'site.col-url', 'site.list'];

describe('the Site tab\'s catalogue (every string in all four languages)', () => {
  it('every English template parses as ICU MessageFormat', () => {
    for (const [id, template] of Object.entries(ENGLISH)) expect(() => parse(template), id).not.toThrow();
  });
  for (const language of ['nl', 'ko', 'hi'] as const) {
    it(`${language}: every id, with English's arguments and select options; formats; not left in English`, async () => {
      const catalogue: Record<string, string> = { nl, ko, hi }[language];
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(ENGLISH).sort());
      // As the tab loads it: every template parsed.
      expect(Object.values(await loadSiteCatalogue(language)).every((t) => Array.isArray(t))).toBe(true);
      const untranslated: string[] = [];
      for (const [id, template] of Object.entries(ENGLISH)) {
        expect(argumentsOf(catalogue[id]!), `${language} ${id}`).toEqual(argumentsOf(template));
        expect(() => new IntlMessageFormat(catalogue[id]!, language).format(sampleArgs(template)), `${language} ${id}`).not.toThrow();
        if (catalogue[id] === template && !SAME.includes(id) && /[a-z]{4,}/.test(template.replace(/\{[^{}]*\}/g, ''))) untranslated.push(id);
      }
      expect(untranslated).toEqual([]);
    });
  }
});
