/** The interface's language in React: the translator (a part's namespace loaded with it) and the language chosen last. */
import { use, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import type { Namespace } from './catalogues.js';
import type { Language } from './languages.js';
import { i18nStore, namespaceLoading, translate } from './store.js';
import type { Translator } from './translator.js';

/**
 * The current translator; the component renders again when the language changes or a namespace
 * loads. A tab or part that words a namespace of its own names it: the namespace loads when the
 * part first shows (in the current language and English; the part suspends until they are in) and
 * again on each language switch.
 */
export function useT(namespace?: Namespace): Translator {
  // Read as the store is now, in a static render too (zustand's useStore gives its first state
  // there, for hydration, which this page never does).
  const t = useSyncExternalStore(i18nStore.subscribe, translate, translate);
  const loading = namespace && namespaceLoading(namespace);
  if (loading) use(loading);
  return t;
}

/** The language chosen last, for the picker (it shows the choice at once, while the catalogue loads). */
export function useRequestedLanguage(): Language {
  return useStore(i18nStore, (s) => s.requested);
}
