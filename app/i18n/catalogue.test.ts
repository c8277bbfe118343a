import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { editorMessages } from '../../src/editor/index.js';
import { engineMessages, formatIcu, policyMessages, preferenceMessages } from '../../src/robots/index.js';
import { UI_MESSAGES } from './en.js';
import { UI_MORE_MESSAGES } from './en-more.js';
import { AI_MESSAGES } from '../components/ai-messages.js';
import { HISTORY_MESSAGES } from '../components/history-messages.js';
import { LOGS_MESSAGES } from '../components/logs-messages.js';
import { englishMessages, loadCatalogue, makeTranslator, type Catalogue, type Template } from './index.js';
import { LANGUAGES, pickLanguage } from './languages.js';
import { parseCatalogue } from '../../scripts/precompile-messages.js';
import { argumentsOf, sampleArgs } from './test-helpers.js';

/** Every id a language must word: the interface's, the engine's and the editor's. */
const ENGLISH: Readonly<Record<string, string>> = {
  ...engineMessages(), ...policyMessages(), ...preferenceMessages(), ...editorMessages(), ...UI_MESSAGES, ...UI_MORE_MESSAGES, ...HISTORY_MESSAGES, ...AI_MESSAGES, ...LOGS_MESSAGES,
};

/** Messages that may read the same as in English (words every language borrows: Test, Bulk, Crawler…). */
const SAME_IN_EVERY_LANGUAGE: readonly string[] = ['ai.col-crawler', 'reader.name', 'summary.bytes', 'panel.label', 'tab.test', 'tab.bulk', 'tab.sitemaps', 'test.crawler', 'picker.list', 'bulk.column-crawler', 'bulk.column-url', 'logs.file-error', 'logs.filter-crawler', 'logs.col-crawler', 'logs.top-count'];

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

describe('message catalogues', () => {
  it('every English template parses as ICU MessageFormat', () => {
    for (const [id, template] of Object.entries(ENGLISH)) expect(() => parse(template), id).not.toThrow();
  });

  it('the engine’s own English formatter words every engine message as FormatJS does', () => {
    for (const [id, template] of Object.entries(engineMessages())) {
      const args = sampleArgs(template);
      expect(formatIcu(template, args), id).toBe(String(new IntlMessageFormat(template, 'en').format(args)));
    }
  });

  for (const { id: language } of LANGUAGES.filter((l) => l.id !== 'en')) {
    it(`${language}: every message exists, with the same ICU arguments and select options as English`, async () => {
      const catalogue = await loadCatalogue(language);
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(ENGLISH).sort());
      for (const [id, template] of Object.entries(ENGLISH)) {
        expect(argumentsOf(catalogue[id]!), `${language} ${id}`).toEqual(expectedArguments(id, template));
      }
    });

    it(`${language}: every message formats with sample data, and is not left in English`, async () => {
      const catalogue = await loadCatalogue(language);
      const untranslated: string[] = [];
      for (const [id, template] of Object.entries(catalogue)) {
        const args = sampleArgs(template);
        expect(() => new IntlMessageFormat(template, language).format(args), `${language} ${id}`).not.toThrow();
        // Texts that are data in every language (a status line, a symbol) may equal the English.
        if (typeof template === 'string' && template === ENGLISH[id] && !SAME_IN_EVERY_LANGUAGE.includes(id) && /[a-z]{4,}/.test(template.replace(/\{[^{}]*\}/g, ''))) untranslated.push(id);
      }
      expect(untranslated).toEqual([]);
    });
  }
});

describe('catalogue parts: what the first verdict needs, and the rest', () => {
  const PARTS = {
    hi: [() => import('./hi.js'), () => import('./hi-more.js')],
    nl: [() => import('./nl.js'), () => import('./nl-more.js')],
    ko: [() => import('./ko.js'), () => import('./ko-more.js')],
  } as const;
  const ids = (c: Catalogue) => Object.keys(c).sort();

  it('every language splits its ids as English does (the tabs’ and the editor’s English load with them)', async () => {
    const firstPart = ids((await import('./en.js')).default);
    const rest = ids({ ...(await import('./en-more.js')).default, ...editorMessages(), ...policyMessages(), ...HISTORY_MESSAGES, ...AI_MESSAGES, ...LOGS_MESSAGES, ...preferenceMessages() });
    for (const [language, [first, more]] of Object.entries(PARTS)) {
      expect(ids((await first()).default), language).toEqual(firstPart);
      expect(ids((await more()).default), `${language}-more`).toEqual(rest);
    }
  });
});

describe('catalogues parsed at build time (scripts/precompile-messages.ts)', () => {
  it('word every message of every language exactly as their text does', async () => {
    for (const { id: language } of LANGUAGES) {
      const catalogue = await loadCatalogue(language);
      const text = Object.fromEntries(Object.entries(catalogue).filter((e): e is [string, string] => typeof e[1] === 'string'));
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
      const catalogue = await loadCatalogue(language);
      const text = Object.fromEntries(Object.entries(catalogue).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const parsed = parseCatalogue(language, text);
      const t = makeTranslator(language, parsed);
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
    const t = makeTranslator('en', parseCatalogue('test', { q: "It''s '{'x'}' here" }));
    expect(t('q')).toBe("It's {x} here");
    expect(literalOnly).toBeGreaterThan(100);
  });

  it('a template that does not parse fails the build, naming it', () => {
    expect(() => parseCatalogue('app/i18n/nl.ts default', { 'tab.test': 'Test', 'tab.bulk': '{count, plural, one {#}' })).toThrow(/app\/i18n\/nl\.ts default: 'tab\.bulk' does not parse/);
    expect(() => parseCatalogue('app/i18n/nl.ts default', { 'tab.test': 42 })).toThrow(/'tab\.test' is not an ICU template/);
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
  it('words ids with data in the language; an unknown id in the catalogue falls back to English, never throws', async () => {
    const nl = makeTranslator('nl', await loadCatalogue('nl'));
    expect(nl('summary.lines', { count: 12345 })).toContain('12.345');
    const partial = makeTranslator('nl', { 'tab.test': '{broken' });
    expect(partial('tab.test')).toBe('Test');
    expect(partial('tab.bulk')).toBe(englishMessages()['tab.bulk']);
    expect(partial('no.such.id')).toBe('no.such.id');
  });
  it('a number in a plain argument is written in the reader’s locale, as {n, number} is; plurals and selects still see the number', () => {
    const parsed = (text: string) => parseCatalogue('test', { x: text }).x!;
    expect(makeTranslator('en', {})('common.line', { line: 4298 })).toBe('Line 4,298');
    const nl = makeTranslator('nl', { 'common.line': parsed('Regel {line}'), 'x.count': parsed('{n, plural, one {# regel} other {# regels}} tot {n}') });
    expect(nl('common.line', { line: 4298 })).toBe('Regel 4.298');
    expect(nl('x.count', { n: 1200 })).toBe('1.200 regels tot 1200');
    expect(makeTranslator('ko', { 'common.line': parsed('{line}번 줄') })('common.line', { line: 4298 })).toBe('4,298번 줄');
  });
});
