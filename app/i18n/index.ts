/**
 * The interface's language: which one (from the browser, or the picker, kept on this device),
 * its catalogue (loaded when first chosen) and a translator that words every message id with its
 * data through FormatJS (ICU MessageFormat: plurals, numbers, selects). Shared links carry no
 * language: each reader reads in their own.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { Fragment, createElement, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { formatIcu, type MessageArgs } from '../../src/robots/index.js';
import english from './en.js';
import { isLanguage, pickLanguage, type Language } from './languages.js';

export { LANGUAGES, isLanguage, pickLanguage, type Language } from './languages.js';

/**
 * An ICU MessageFormat template: its text, or the same parsed by FormatJS. The build parses every
 * catalogue ahead (vite.config.ts), so the page loads no ICU parser before its first verdict.
 */
export type Template = string | MessageFormatElement[];

/** Message ids → ICU templates, for one language. */
export type Catalogue = Readonly<Record<string, Template>>;

/** Values a rich message is built from: text, numbers, or elements (code, links) placed in the sentence. */
export type RichArgs = Readonly<Record<string, string | number | ReactNode>>;

/** Words message `id` with `args` in the current language; `.rich` places elements too; `.has` says whether the id exists. */
export interface Translator {
  (id: string, args?: MessageArgs): string;
  rich(id: string, args: RichArgs): ReactNode;
  has(id: string): boolean;
  number(n: number): string;
  readonly language: Language;
}

const STORAGE_KEY = 'robots-txt-tester.language';

let englishCatalogue: Record<string, Template> | null = null;

/**
 * English templates that load with the part of the interface using them (a tab's own words, the
 * rest of English): added to the English catalogue, which every translator falls back to. Text
 * templates are parsed once FormatJS's parser has loaded (until then they are worded by the
 * engine's English formatter): parsed ones, as the build makes them, are ready at once.
 */
export function addEnglishMessages(extra: Catalogue): void {
  const catalogue = englishMessages() as Record<string, Template>;
  Object.assign(catalogue, extra);
  const text = Object.entries(extra).filter((e): e is [string, string] => typeof e[1] === 'string');
  if (text.length === 0) return;
  void import('./parse.js').then(({ parseTemplates }) => {
    // A later addition of the same id wins over this parse.
    for (const [id, parsed] of Object.entries(parseTemplates(Object.fromEntries(text)))) if (catalogue[id] === extra[id]) catalogue[id] = parsed;
    i18nStore.setState((s) => ({ t: makeTranslator(s.language, s.catalogue) }));
  }, () => {
    // The parser could not load (offline, a new deploy): the engine's formatter words them.
  });
}

/** English as loaded so far: the first verdict's part at once, the rest when it has loaded (every translator's fallback). */
export function englishMessages(): Catalogue {
  return (englishCatalogue ??= { ...english });
}

// Each language comes in two parts: what the first verdict needs, and the rest (findings, Bulk,
// readers, Compare, the editor's readings), loaded right after it. English's first part comes
// with the page.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  hi: () => import('./hi.js'),
  nl: () => import('./nl.js'),
  ko: () => import('./ko.js'),
};
const MORE_LOADERS: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./en-more.js'),
  hi: () => import('./hi-more.js'),
  nl: () => import('./nl-more.js'),
  ko: () => import('./ko-more.js'),
};

/** The part of `language`'s catalogue the first verdict needs. */
async function loadCore(language: Language): Promise<Catalogue> {
  return language === 'en' ? englishMessages() : (await LOADERS[language]()).default;
}

/** The rest of `language`'s catalogue (English's is added to the English every translator falls back to). */
async function loadMore(language: Language): Promise<Catalogue> {
  const more = (await MORE_LOADERS[language]()).default;
  if (language !== 'en') return more;
  addEnglishMessages(more);
  return englishMessages();
}

/** The whole catalogue of `language` (each loads when first chosen; English's first part is at hand). */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const [core, more] = await Promise.all([loadCore(language), loadMore(language)]);
  return { ...core, ...more };
}

/**
 * The words of a parsed template that holds literal text only (most labels): FormatJS would word
 * it the same, and building its formatter resolves the locale through Intl each time (a first
 * render compiles dozens). null: it has arguments, or is not parsed yet.
 */
function literalText(template: Template | undefined): string | null {
  if (template === undefined || typeof template === 'string') return null;
  let text = '';
  for (const el of template) {
    if (el.type !== 0) return null;
    text += el.value;
  }
  return text;
}

/** FormatJS's formatter of `template` in `locale`; null when it cannot be used. */
function compile(template: Template | undefined, locale: string): IntlMessageFormat | null {
  if (template === undefined) return null;
  try {
    return new IntlMessageFormat(template, locale);
  } catch {
    // A text template in the built page before the parser has loaded, or one that does not parse.
    return null;
  }
}

/**
 * The arguments a template places as plain `{name}` and nowhere as a plural, select or number:
 * FormatJS writes a number there as its digits ("4298"); the translator formats those numbers in
 * the reader's locale, as `{name, number}` would, so "Line 4,298" reads the same everywhere.
 */
function plainArguments(ast: readonly MessageFormatElement[]): Set<string> {
  const plain = new Set<string>();
  const other = new Set<string>();
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const el of elements) {
      if (el.type === 1) plain.add(el.value);
      else if (el.type === 5 || el.type === 6) {
        other.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === 2 || el.type === 3 || el.type === 4) other.add(el.value);
      else if (el.type === 8) walk(el.children);
    }
  };
  walk(ast);
  for (const name of other) plain.delete(name);
  return plain;
}

/** A translator for `language` over `catalogue`; ids it lacks are worded in English. Never throws. */
export function makeTranslator(language: Language, catalogue: Catalogue): Translator {
  const english = englishMessages();
  // Each message's formatter, or its words when it is literal text only (null: none usable).
  const compiled = new Map<string, IntlMessageFormat | string | null>();
  const plainById = new Map<string, Set<string>>();
  const numberFormat = new Intl.NumberFormat(language);
  // Numbers in plain arguments, formatted in the locale (see plainArguments).
  const localised = <A extends Readonly<Record<string, unknown>> | undefined>(id: string, f: IntlMessageFormat, args: A): A => {
    if (!args) return args;
    let plain = plainById.get(id);
    if (!plain) plainById.set(id, (plain = plainArguments(f.getAst())));
    let out: Record<string, unknown> | null = null;
    for (const name of plain) {
      const v = args[name];
      if (typeof v === 'number') (out ??= { ...args })[name] = numberFormat.format(v);
    }
    return (out ?? args) as A;
  };
  const formatter = (id: string): IntlMessageFormat | string | null => {
    let f = compiled.get(id);
    if (f === undefined) {
      const own = catalogue[id] !== undefined;
      const template = own ? catalogue[id] : english[id];
      f = literalText(template) ?? compile(template, own ? language : 'en');
      compiled.set(id, f);
    }
    return f;
  };
  const fallback = (id: string, args?: MessageArgs): string => {
    const template = english[id];
    if (typeof template === 'string') return formatIcu(template, args);
    try {
      return template === undefined ? id : String(new IntlMessageFormat(template, 'en').format(args as Record<string, string | number>));
    } catch {
      return id;
    }
  };
  const t = ((id: string, args?: MessageArgs): string => {
    const f = formatter(id);
    if (typeof f === 'string') return f;
    if (!f) return fallback(id, args);
    try {
      return String(f.format(localised(id, f, args) as Record<string, string | number>));
    } catch {
      return fallback(id, args);
    }
  }) as Translator;
  t.rich = (id, args) => {
    const f = formatter(id);
    if (typeof f === 'string') return f;
    try {
      const out = f ? f.format<ReactNode>(localised(id, f, args) as Record<string, ReactNode>) : fallback(id);
      return Array.isArray(out) ? createElement(Fragment, null, ...out.map((part, i) => createElement(Fragment, { key: i }, part))) : out;
    } catch {
      return fallback(id);
    }
  };
  t.has = (id) => catalogue[id] !== undefined || english[id] !== undefined;
  t.number = (n) => numberFormat.format(n);
  Object.defineProperty(t, 'language', { value: language });
  return t;
}

/** A message with its data, as the store keeps notices (an argument may be a message itself). */
export interface MessageRef {
  readonly id: string;
  readonly args?: Readonly<Record<string, string | number | MessageRef>>;
}

/** Words a message kept as data, its nested messages first. */
export function wordMessage(t: Translator, m: MessageRef): string {
  const args: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.args ?? {})) args[k] = typeof v === 'object' ? wordMessage(t, v) : v;
  return t(m.id, args);
}

/**
 * The current language, its catalogue as loaded so far and its translator; `requested` is the
 * language chosen last (its catalogue may still be loading).
 */
export const i18nStore = createStore<{ language: Language; requested: Language; catalogue: Catalogue; t: Translator }>()(() => ({
  language: 'en',
  requested: 'en',
  catalogue: englishMessages(),
  t: makeTranslator('en', englishMessages()),
}));

/** The language chosen last, for the picker (it shows the choice at once, while the catalogue loads). */
export function useRequestedLanguage(): Language {
  return useStore(i18nStore, (s) => s.requested);
}

/** The translator of the current language (for code outside React: notices, the editor). */
export function translate(): Translator {
  return i18nStore.getState().t;
}

/** The current translator; the component renders again when the language changes. */
export function useT(): Translator {
  return useStore(i18nStore, (s) => s.t);
}

/**
 * Switches the interface to `language` (loading its catalogue); `remember` keeps the choice on this
 * device. `staged`: show the language once the first verdict's part is in, the rest when it is.
 */
export async function setLanguage(language: Language, remember = true, staged = false): Promise<void> {
  i18nStore.setState({ requested: language });
  let catalogue: Catalogue;
  try {
    catalogue = await (staged ? loadCore(language) : loadCatalogue(language));
  } catch {
    // The catalogue could not load (offline, a new deploy): stay in the language shown.
    if (i18nStore.getState().requested === language) i18nStore.setState({ requested: i18nStore.getState().language });
    return;
  }
  // A later choice made while this one loaded wins.
  if (i18nStore.getState().requested !== language) return;
  i18nStore.setState({ language, catalogue, t: makeTranslator(language, catalogue) });
  document.documentElement.lang = language;
  if (staged) {
    void loadMore(language).then((more) => {
      if (i18nStore.getState().language !== language) return;
      const whole = { ...catalogue, ...more };
      i18nStore.setState({ catalogue: whole, t: makeTranslator(language, whole) });
    }, () => {
      // The rest stays unworded (English: its ids) until the language is chosen again.
    });
  }
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Storage may be disabled: the choice then lasts for this visit.
    }
  }
}

/** The language to start in: the one chosen on this device, else the browser's first we speak. */
export function initialLanguage(): Language {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(STORAGE_KEY);
  } catch {
    // no storage: follow the browser
  }
  return isLanguage(kept) ? kept : pickLanguage(navigator.languages ?? [navigator.language]);
}

/** Loads the starting language before the first paint, so no English flashes first. */
export async function startLanguage(): Promise<void> {
  try {
    await setLanguage(initialLanguage(), false, true);
  } catch {
    // A catalogue that cannot load leaves the interface in English.
    document.documentElement.lang = 'en';
  }
}
