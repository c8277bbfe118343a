import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineMessages, formatIcu } from '../../src/robots/index.js';
import { isCatalogueModule, parseCatalogue } from '../../scripts/precompile-messages.js';
import type { Namespace } from './catalogues.js';
import { loadCatalogue } from './loader.js';
import { LANGUAGES, isLanguage, pickLanguage, type Language } from './languages.js';
import { makeTranslator, type Catalogue } from './translator.js';
import { argumentsOf, sampleArgs } from './test-helpers.js';

/** The namespaces the loader knows (the type's members, checked against it). */
const NAMESPACES = Object.keys({ core: 0, more: 0, site: 0, logs: 0, ai: 0, history: 0, prefs: 0 } satisfies Record<Namespace, 0>) as Namespace[];

const DIRECTORY = fileURLToPath(new URL('./catalogues/', import.meta.url));

/** Every catalogue file as it is named: `<language>-<namespace>.ts`. */
const FILES = readdirSync(DIRECTORY).map((name) => {
  const [, language, namespace] = /^(.+)-([^-]+)\.ts$/.exec(name) ?? [];
  return { name, language, namespace };
});

/** Each language's catalogue files, by namespace, as the app loads them (text: tests do not precompile). */
async function catalogues(language: Language): Promise<Partial<Record<Namespace, Record<string, string>>>> {
  const out: Partial<Record<Namespace, Record<string, string>>> = {};
  for (const { language: l, namespace } of FILES) if (l === language) out[namespace as Namespace] = (await loadCatalogue(language, namespace as Namespace)) as Record<string, string>;
  return out;
}

/** Every namespace of `language` as one catalogue, as the translator sees them once all have loaded. */
async function allOf(language: Language): Promise<Record<string, string>> {
  return Object.assign({}, ...Object.values(await catalogues(language))) as Record<string, string>;
}

/** Messages that may read the same as in English (words every language borrows: Test, Bulk, Crawler, gzip, URL…). */
const SAME_IN_EVERY_LANGUAGE: readonly string[] = [
  'ai.col-crawler', 'reader.name', 'summary.bytes', 'panel.label', 'tab.test', 'tab.bulk', 'tab.sitemaps', 'test.crawler', 'picker.list', 'bulk.column-crawler', 'bulk.column-url',
  'logs.file-error', 'logs.filter-crawler', 'logs.col-crawler', 'logs.top-count',
  'site.crawlers', 'site.col-crawler', 'site.filter-crawler', 'site.filter-folder', 'site.source-gzip', 'site.col-url', 'site.list',
];

/**
 * Arguments a translation may use in place of the English one: the engine words the meaning of an
 * AI-use preference in English only, and gives the value as declared for other languages.
 */
const STANDS_IN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'finding.ai-preference.title': { 'meaning:text': 'declared:text' },
};

/** The arguments a translation of `id` must have: English's, with the stand-ins above. */
function expectedArguments(id: string, template: string): string[] {
  const swap = STANDS_IN[id] ?? {};
  return argumentsOf(template).map((a) => swap[a] ?? a).sort();
}

describe('the catalogue files: one per language and namespace', () => {
  it('each is `<language>-<namespace>.ts` of a language the interface speaks and a namespace the loader knows; English has every namespace', () => {
    expect(FILES.length).toBeGreaterThan(NAMESPACES.length);
    for (const { name, language, namespace } of FILES) {
      expect(isLanguage(language), name).toBe(true);
      expect(NAMESPACES, name).toContain(namespace);
    }
    expect(FILES.filter((f) => f.language === 'en').map((f) => f.namespace).sort()).toEqual([...NAMESPACES].sort());
  });

  it('each is one the build parses ahead (no ICU parser on the page)', () => {
    for (const { name } of FILES) expect(isCatalogueModule(`/repo/app/i18n/catalogues/${name}`), name).toBe(true);
    expect(isCatalogueModule('/repo/app/i18n/catalogues.ts')).toBe(false);
    expect(isCatalogueModule('/repo/app/i18n/translator.ts')).toBe(false);
  });

  it('the loader loads each file as its default export; a language without a file for a namespace loads nothing (English words it)', async () => {
    for (const { name, language, namespace } of FILES) {
      const file = (await import(`./catalogues/${name}`)) as { default: Catalogue };
      expect(await loadCatalogue(language as Language, namespace as Namespace), name).toBe(file.default);
    }
    expect(await loadCatalogue('fr' as Language, 'logs')).toEqual({});
  });

  it('namespaces hold different ids (the translator words them all from one catalogue)', async () => {
    const seen = new Map<string, string>();
    for (const [namespace, catalogue] of Object.entries(await catalogues('en'))) {
      for (const id of Object.keys(catalogue)) {
        expect(seen.get(id), `${id} in ${namespace}`).toBeUndefined();
        seen.set(id, namespace);
      }
    }
    expect(seen.size).toBeGreaterThan(700);
  });
});

describe('message catalogues against English', () => {
  it('every English template parses as ICU MessageFormat', async () => {
    for (const [id, template] of Object.entries(await allOf('en'))) expect(() => parse(template), id).not.toThrow();
  });

  it('the engine’s own English formatter words every engine message as FormatJS does', () => {
    for (const [id, template] of Object.entries(engineMessages())) {
      const args = sampleArgs(template);
      expect(formatIcu(template, args), id).toBe(String(new IntlMessageFormat(template, 'en').format(args)));
    }
  });

  for (const { id: language } of LANGUAGES.filter((l) => l.id !== 'en')) {
    it(`${language}: each namespace's file has English's ids, with the same ICU arguments and select options`, async () => {
      const english = await catalogues('en');
      const own = await catalogues(language);
      for (const namespace of NAMESPACES) {
        const catalogue = own[namespace] ?? {};
        expect(Object.keys(catalogue).sort(), `${language}-${namespace}`).toEqual(Object.keys(english[namespace]!).sort());
        for (const [id, template] of Object.entries(english[namespace]!)) {
          expect(argumentsOf(catalogue[id]!), `${language} ${id}`).toEqual(expectedArguments(id, template));
        }
      }
    });

    it(`${language}: every message formats with sample data, and is not left in English`, async () => {
      const english = await allOf('en');
      const untranslated: string[] = [];
      for (const [id, template] of Object.entries(await allOf(language))) {
        expect(() => new IntlMessageFormat(template, language).format(sampleArgs(template)), `${language} ${id}`).not.toThrow();
        // Texts that are data in every language (a status line, a symbol) may equal the English.
        if (template === english[id] && !SAME_IN_EVERY_LANGUAGE.includes(id) && /[a-z]{4,}/.test(template.replace(/\{[^{}]*\}/g, ''))) untranslated.push(id);
      }
      expect(untranslated).toEqual([]);
    });
  }
});

describe('catalogues parsed at build time (scripts/precompile-messages.ts)', () => {
  it('word every message of every language exactly as their text does', async () => {
    for (const { id: language } of LANGUAGES) {
      const text = await allOf(language);
      const parsed = parseCatalogue(language, text);
      for (const [id, template] of Object.entries(text)) {
        const args = sampleArgs(template);
        expect(new IntlMessageFormat(parsed[id]!, language).format(args), `${language} ${id}`).toEqual(new IntlMessageFormat(template, language).format(args));
      }
    }
  });

  it('a message of literal text only is worded without a formatter, as FormatJS words it, in every language (rich too)', async () => {
    let literalOnly = 0;
    for (const { id: language } of LANGUAGES) {
      const text = await allOf(language);
      const parsed = parseCatalogue(language, text);
      const t = makeTranslator(language, parsed, {});
      for (const [id, ast] of Object.entries(parsed)) {
        const expected = new IntlMessageFormat(ast, language).format(sampleArgs(text[id]!));
        expect(t(id, sampleArgs(text[id]!)), `${language} ${id}`).toEqual(expected);
        if (Array.isArray(ast) && ast.every((el) => el.type === 0)) {
          literalOnly++;
          expect(t.rich(id, {}), `${language} ${id}`).toEqual(expected);
        }
      }
    }
    // Quotes and escaped braces are literal text too ('{' as written in ICU).
    const t = makeTranslator('en', parseCatalogue('test', { q: "It''s '{'x'}' here" }), {});
    expect(t('q')).toBe("It's {x} here");
    expect(literalOnly).toBeGreaterThan(100);
  });

  it('a template that does not parse fails the build, naming it', () => {
    expect(() => parseCatalogue('app/i18n/catalogues/nl-core.ts default', { 'tab.test': 'Test', 'tab.bulk': '{count, plural, one {#}' })).toThrow(/app\/i18n\/catalogues\/nl-core\.ts default: 'tab\.bulk' does not parse/);
    expect(() => parseCatalogue('app/i18n/catalogues/nl-core.ts default', { 'tab.test': 42 })).toThrow(/'tab\.test' is not an ICU template/);
  });
});

describe('language choice', () => {
  it('follows the browser’s first language the interface speaks, by primary subtag', () => {
    expect(pickLanguage(['hi-IN', 'en-US'])).toBe('hi');
    expect(pickLanguage(['nl-BE'])).toBe('nl');
    expect(pickLanguage(['ko-KR', 'ko'])).toBe('ko');
    expect(pickLanguage(['fr-FR', 'nl-NL'])).toBe('nl');
    expect(pickLanguage(['fr-FR', 'de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('translator', () => {
  it('words ids with data in the language; an id the catalogue lacks, or cannot word, falls back to English, never throws', async () => {
    const english = await allOf('en');
    const nl = makeTranslator('nl', await allOf('nl'), english);
    expect(nl('summary.lines', { count: 12345 })).toContain('12.345');
    expect(nl('logs.intro')).toBe((await catalogues('nl')).logs!['logs.intro']);
    const partial = makeTranslator('nl', { 'tab.test': '{broken' }, english);
    expect(partial('tab.test')).toBe('Test');
    expect(partial('tab.bulk')).toBe(english['tab.bulk']);
    expect(partial.has('site.intro')).toBe(true);
    expect(partial('no.such.id')).toBe('no.such.id');
    expect(partial.has('no.such.id')).toBe(false);
  });
  it('a number in a plain argument is written in the reader’s locale, as {n, number} is; plurals and selects still see the number', async () => {
    const parsed = (text: string) => parseCatalogue('test', { x: text }).x!;
    expect(makeTranslator('en', {}, await allOf('en'))('common.line', { line: 4298 })).toBe('Line 4,298');
    const nl = makeTranslator('nl', { 'common.line': parsed('Regel {line}'), 'x.count': parsed('{n, plural, one {# regel} other {# regels}} tot {n}') }, {});
    expect(nl('common.line', { line: 4298 })).toBe('Regel 4.298');
    expect(nl('x.count', { n: 1200 })).toBe('1.200 regels tot 1200');
    expect(makeTranslator('ko', { 'common.line': parsed('{line}번 줄') }, {})('common.line', { line: 4298 })).toBe('4,298번 줄');
  });
});
