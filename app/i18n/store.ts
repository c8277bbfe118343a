/**
 * The interface's language: which one (from the browser, or the picker, kept on this device), the
 * catalogues loaded so far by language and namespace, and the translator over them. The first
 * verdict's core loads here; a part of the interface asks for its namespace when it shows
 * (`loadNamespace`), and the loader (loader.ts) loads it in the current language and in English
 * (every translator's fallback). A language switch loads every namespace in use. Shared links carry no
 * language: each reader reads in their own.
 */
import { createStore } from 'zustand/vanilla';
import { ENGLISH_CORE, loadCore, type Namespace } from './catalogues.js';
import { initialLanguage, LANGUAGE_KEY, type Language } from './languages.js';
import { makeTranslator, type Catalogue, type Translator } from './translator.js';

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
  return makeTranslator(language, words(language), words('en'));
}

const AT_START: LoadedCatalogues = { en: { core: ENGLISH_CORE } };

/** The current language, the catalogues loaded so far and the translator. */
export const i18nStore = createStore<I18nState>()(() => ({
  language: 'en',
  requested: 'en',
  loaded: AT_START,
  t: translatorOver('en', AT_START),
}));

/** Puts catalogues in the store at once, each unless it is there already: one new translator when they are the shown language's or English. */
export function putCatalogues(added: readonly (readonly [Language, Namespace, Catalogue])[]): void {
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

/** The namespaces in use besides the core: the rest of the page, and those a part of the interface asked for. A language switch loads them all. */
const inUse = new Set<Namespace>(['more']);
/**
 * The load each part asked for, by `language-namespace`, kept until a language is chosen again:
 * one load however many ask, and a part whose words could not load (offline, a new deploy) waits
 * for them no more (English, or the ids, stand in).
 */
const asked = new Map<string, Promise<void>>();

const isLoaded = (language: Language, namespace: Namespace): boolean => i18nStore.getState().loaded[language]?.[namespace] !== undefined;

/** Loads `language`'s core into the store. Never rejects. */
async function loadCoreOf(language: Language): Promise<void> {
  if (isLoaded(language, 'core')) return;
  try {
    putCatalogues([[language, 'core', await loadCore(language)]]);
  } catch {
    // Not loaded: the interface stays in the language shown.
  }
}

/** The loader's chunk (loader.ts), fetched once. */
const loader = () => import('./loader.js');

/** Loads `namespaces` of `language`, and English's, into the store. Never rejects. */
function loadRest(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  // The loader could not load (offline, a new deploy): those namespaces stay unworded for now.
  return loader().then((m) => m.loadNamespaces(language, namespaces), () => {});
}

/**
 * Loads `namespace` in the current language and in English, and keeps it in use (a language
 * switch loads it too). For a tab or part that words its ids: its hook, or its lazy import,
 * awaits this. Never rejects.
 */
export function loadNamespace(namespace: Namespace): Promise<void> {
  inUse.add(namespace);
  const { language } = i18nStore.getState();
  const k = `${language}-${namespace}`;
  let loading = asked.get(k);
  if (!loading) asked.set(k, (loading = loadRest(language, [namespace])));
  return loading;
}

/**
 * What a part wording `namespace` waits for before it renders: its load in the current language
 * and English (settled at once when it was tried and failed), or null once both are in.
 */
export function namespaceLoading(namespace: Namespace): Promise<void> | null {
  const { language } = i18nStore.getState();
  // Once loaded, a namespace is in use already: it was asked for by a part, or loaded because it was.
  return isLoaded(language, namespace) && isLoaded('en', namespace) ? null : loadNamespace(namespace);
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
  asked.clear();
  // Staged, the loader's chunk is fetched alongside the core (not waited for): the rest follows the first verdict at once.
  if (staged) loader().catch(() => {});
  await Promise.all([loadCoreOf(language), staged || loadRest(language, [...inUse])]);
  const s = i18nStore.getState();
  if (!s.loaded[language]?.core) {
    if (s.requested === language) i18nStore.setState({ requested: s.language });
    return;
  }
  // A later choice made while this one loaded wins.
  if (s.requested !== language) return;
  i18nStore.setState({ language, t: translatorOver(language, s.loaded) });
  document.documentElement.lang = language;
  if (staged) void loadRest(language, [...inUse]);
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Storage may be disabled: the choice then lasts for this visit.
    }
  }
}

/**
 * Loads the starting language's core before the first paint, so no English flashes first; the rest
 * follows. A core that cannot load leaves the interface in English.
 */
export function startLanguage(): Promise<void> {
  return setLanguage(initialLanguage(), false, true);
}
