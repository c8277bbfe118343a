/**
 * The Site tab's catalogue: English added to the interface's English when the tab loads, the
 * other languages loaded with it (never with the first verdict); useSiteT words the tab's ids from
 * it and every other id as the interface does.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { siteMessages } from '../../../src/robots/site/index.js';
import { addEnglishMessages, makeTranslator, useT, type Catalogue, type Language, type Translator } from '../index.js';
import { SITE_MESSAGES } from './en.js';

addEnglishMessages({ ...siteMessages(), ...SITE_MESSAGES });

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  nl: () => import('./nl.js'),
  ko: () => import('./ko.js'),
  hi: () => import('./hi.js'),
};

/** The tab's catalogues loaded so far, by language. */
const loaded = createStore<Partial<Record<Language, Catalogue>>>()(() => ({}));

/** Loads the tab's words in `language` (English is at hand). */
export async function loadSiteCatalogue(language: Language): Promise<Catalogue> {
  if (language === 'en') return { ...siteMessages(), ...SITE_MESSAGES };
  const have = loaded.getState()[language];
  if (have) return have;
  const raw = (await LOADERS[language]()).default;
  // The page carries no ICU parser before its first verdict: the tab's templates are parsed as they load.
  const text = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const { parseTemplates } = await import('../parse.js');
  const catalogue: Catalogue = { ...raw, ...parseTemplates(text) };
  loaded.setState({ [language]: catalogue });
  return catalogue;
}

/** A translator for the Site tab: its own ids from its catalogue, the others as the interface words them. */
export function useSiteT(): Translator {
  const t = useT();
  const language = t.language;
  const catalogue = useStore(loaded, (s) => s[language]);
  useEffect(() => {
    if (language !== 'en' && !catalogue) void loadSiteCatalogue(language).catch(() => {});
  }, [language, catalogue]);
  return useMemo(() => {
    if (language === 'en' || !catalogue) return t;
    const site = makeTranslator(language, catalogue);
    const own = (id: string) => id.startsWith('site.') && catalogue[id] !== undefined;
    const combined = ((id, args) => (own(id) ? site(id, args) : t(id, args))) as Translator;
    combined.rich = (id, args) => (own(id) ? site.rich(id, args) : t.rich(id, args));
    combined.has = (id) => own(id) || t.has(id);
    combined.number = t.number;
    Object.defineProperty(combined, 'language', { value: language });
    return combined;
  }, [t, language, catalogue]);
}
