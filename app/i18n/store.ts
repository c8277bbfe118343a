/**
 * The interface's language: which one (from the browser, or the picker, kept on this device), the
 * catalogues loaded so far by language and namespace, and the translator over them. A part of the
 * interface asks for its namespace when it shows (`loadNamespace`): it loads in the current
 * language and in English (every translator's fallback), and a language switch loads every
 * namespace in use. Shared links carry no language: each reader reads in their own.
 */
import { createStore } from 'zustand/vanilla';
import { ENGLISH_CORE, loadCatalogue, type Namespace } from './catalogues.js';
import { isLanguage, pickLanguage, type Language } from './languages.js';
import { makeTranslator, type Catalogue, type Translator } from './translator.js';

const STORAGE_KEY = 'robots-txt-tester.language';

/** The catalogues loaded so far: language → namespace → its words. */
export type LoadedCatalogues = Readonly<Partial<Record<Language, Readonly<Partial<Record<Namespace, Catalogue>>>>>>;

/** What the interface's language is and what of it has loaded. */
export interface I18nState {
  /** The language shown. */
  readonly language: Language;
  /** The language chosen last, for the picker (its catalogues may still be loading). */
  readonly requested: Language;
  readonly loaded: LoadedCatalogues;
  /** Words every namespace loaded in the shown language, and the ids it lacks from those loaded in English. */
  readonly t: Translator;
}

/** The translator of `language` over every namespace loaded (namespaces hold different ids). */
function translatorOver(language: Language, loaded: LoadedCatalogues): Translator {
  const words = (l: Language): Catalogue => Object.assign({}, ...Object.values(loaded[l] ?? {})) as Catalogue;
  const english = words('en');
  return makeTranslator(language, language === 'en' ? english : words(language), english);
}

const AT_START: LoadedCatalogues = { en: { core: ENGLISH_CORE } };

/** The current language, the catalogues loaded so far and the translator. */
export const i18nStore = createStore<I18nState>()(() => ({
  language: 'en',
  requested: 'en',
  loaded: AT_START,
  t: translatorOver('en', AT_START),
}));

/** The namespaces in use: every page's two, and those a part of the interface asked for. A language switch loads them all. */
const inUse = new Set<Namespace>(['core', 'more']);
/** Namespaces loading for a part of the interface, by `language-namespace` (what its hook waits for). */
const asked = new Map<string, Promise<void>>();
/** Catalogues that could not load since a language was last chosen: nothing waits for them again until then. */
const failed = new Set<string>();

const key = (language: Language, namespace: Namespace): string => `${language}-${namespace}`;
const isLoaded = (language: Language, namespace: Namespace): boolean => i18nStore.getState().loaded[language]?.[namespace] !== undefined;

/**
 * Loads `namespaces` in `language` and in English where not loaded yet, and puts them in the store
 * at once (one new translator, when they are the shown language's or English). Never rejects: a
 * catalogue that cannot load (offline, a new deploy) is left out, its ids worded in English.
 */
async function load(language: Language, namespaces: Iterable<Namespace>): Promise<void> {
  const wanted: [Language, Namespace][] = [];
  for (const namespace of namespaces) {
    for (const l of new Set<Language>([language, 'en'])) if (!isLoaded(l, namespace)) wanted.push([l, namespace]);
  }
  if (wanted.length === 0) return;
  const results = await Promise.allSettled(wanted.map(([l, n]) => loadCatalogue(l, n)));
  const added: [Language, Namespace, Catalogue][] = [];
  results.forEach((result, i) => {
    const [l, n] = wanted[i]!;
    if (result.status === 'fulfilled') added.push([l, n, result.value]);
    else failed.add(key(l, n));
  });
  i18nStore.setState((s) => {
    let loaded = s.loaded;
    let shown = false;
    for (const [l, n, catalogue] of added) {
      // Another load of the same may have put it in meanwhile.
      if (loaded[l]?.[n] !== undefined) continue;
      loaded = { ...loaded, [l]: { ...loaded[l], [n]: catalogue } };
      shown ||= l === s.language || l === 'en';
    }
    return loaded === s.loaded ? s : { loaded, t: shown ? translatorOver(s.language, loaded) : s.t };
  });
}

/**
 * Loads `namespace` in the current language and in English, and keeps it in use (a language
 * switch loads it too). For a tab or part that words its ids: its hook, or its lazy import,
 * awaits this. Never rejects.
 */
export function loadNamespace(namespace: Namespace): Promise<void> {
  inUse.add(namespace);
  const k = key(i18nStore.getState().language, namespace);
  let loaded = asked.get(k);
  if (!loaded) {
    loaded = load(i18nStore.getState().language, [namespace]);
    asked.set(k, loaded);
    void loaded.then(() => asked.delete(k));
  }
  return loaded;
}

/**
 * What a part wording `namespace` waits for before it renders: its load in the current language
 * and English, or null once both are in (or could not load; English, or the ids, stand in).
 */
export function namespaceLoading(namespace: Namespace): Promise<void> | null {
  const { language } = i18nStore.getState();
  const settled = (l: Language) => isLoaded(l, namespace) || failed.has(key(l, namespace));
  if (settled(language) && settled('en')) {
    inUse.add(namespace);
    return null;
  }
  return loadNamespace(namespace);
}

/** The translator of the current language (for code outside React: notices, the editor). */
export function translate(): Translator {
  return i18nStore.getState().t;
}

/**
 * Switches the interface to `language`, loading every namespace in use; `remember` keeps the choice
 * on this device. `staged`: show the language once its core is in, the rest when it is. Without its
 * core the interface stays in the language shown; a namespace that cannot load is worded in English.
 */
export async function setLanguage(language: Language, remember = true, staged = false): Promise<void> {
  i18nStore.setState({ requested: language });
  // A new choice tries again what could not load before.
  failed.clear();
  await load(language, staged ? ['core'] : inUse);
  if (!isLoaded(language, 'core')) {
    if (i18nStore.getState().requested === language) i18nStore.setState({ requested: i18nStore.getState().language });
    return;
  }
  // A later choice made while this one loaded wins.
  if (i18nStore.getState().requested !== language) return;
  i18nStore.setState((s) => ({ language, t: translatorOver(language, s.loaded) }));
  document.documentElement.lang = language;
  if (staged) void load(language, inUse);
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

/** Loads the starting language's core before the first paint, so no English flashes first; the rest follows. */
export async function startLanguage(): Promise<void> {
  try {
    await setLanguage(initialLanguage(), false, true);
  } catch {
    // A catalogue that cannot load leaves the interface in English.
    document.documentElement.lang = 'en';
  }
}
