/**
 * The one loader of catalogues: it finds every file by its name, loads a namespace in a language
 * and in English (every translator's fallback) and puts them in the store. A chunk of its own,
 * loaded after the first verdict: the table of the files (a name and a hash each) would weigh on
 * the first load, so the first verdict's core comes through catalogues.ts.
 */
import { catalogueFile, loadCore, type Namespace } from './catalogues.js';
import type { Language } from './languages.js';
import { i18nStore, putCatalogues } from './store.js';
import type { Catalogue } from './translator.js';

const FILES = import.meta.glob<Catalogue>(['./catalogues/*.ts', '!./catalogues/*-core.ts'], { import: 'default' });

/** `namespace`'s words in `language`; empty when the language has no file for it (English words its ids). */
export async function loadCatalogue(language: Language, namespace: Namespace): Promise<Catalogue> {
  if (namespace === 'core') return loadCore(language);
  const load = FILES[catalogueFile(language, namespace)];
  return load ? load() : {};
}

/**
 * Loads `namespaces` in `language` and in English where the store has them not, and puts them in
 * at once. Never rejects: one that cannot load (offline, a new deploy) is left out.
 */
export async function loadNamespaces(language: Language, namespaces: Iterable<Namespace>): Promise<void> {
  const { loaded } = i18nStore.getState();
  const wanted: [Language, Namespace][] = [];
  for (const namespace of namespaces) {
    for (const l of new Set<Language>([language, 'en'])) if (loaded[l]?.[namespace] === undefined) wanted.push([l, namespace]);
  }
  const results = await Promise.allSettled(wanted.map(([l, n]) => loadCatalogue(l, n)));
  putCatalogues(wanted.flatMap(([l, n], i) => {
    const result = results[i]!;
    return result.status === 'fulfilled' ? [[l, n, result.value] as const] : [];
  }));
}
