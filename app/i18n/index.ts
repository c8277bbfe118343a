/**
 * The interface's language and its words: catalogues by language and namespace under
 * `catalogues/` (catalogues.ts), loaded by one loader (loader.ts; the first verdict's core at once)
 * into one store (store.ts), and one translator over every namespace loaded (translator.ts), in
 * React through useT (hooks.ts).
 */
export { LANGUAGES, isLanguage, pickLanguage, type Language } from './languages.js';
export type { Namespace } from './catalogues.js';
export { wordMessage, type Catalogue, type MessageRef, type RichArgs, type Template, type Translator } from './translator.js';
export { i18nStore, loadNamespace, setLanguage, startLanguage, translate } from './store.js';
export { useRequestedLanguage, useT } from './hooks.js';
