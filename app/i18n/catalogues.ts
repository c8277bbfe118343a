/**
 * The one loader of message catalogues. A catalogue is one language's words for one namespace, in
 * `catalogues/<language>-<namespace>.ts` (its default export: id → ICU template): adding a language,
 * or a namespace's words in one, is adding a file. A language without a namespace's file has its
 * ids worded in English. English's core comes with the page; every other file loads when asked for.
 */
import englishCore from './catalogues/en-core.js';
import type { Language } from './languages.js';
import type { Catalogue } from './translator.js';

/**
 * A part of the interface whose words load together: `core` what the first verdict needs (before
 * the first paint), `more` the rest of the page (right after it: findings, line readings, the
 * editor, Bulk, the readers, diagnostics, Compare, the print report), and one per tab or part that
 * loads with it: `site` (the Site tab), `logs` (the Logs tab), `ai` (the AI access tab and the
 * policy it writes), `history` (Compare's earlier versions, from the Wayback Machine), `prefs`
 * (the AI-use preferences line beside the verdict).
 */
export type Namespace = 'core' | 'more' | 'site' | 'logs' | 'ai' | 'history' | 'prefs';

// Every file but English's core (which comes with the page), each a chunk of its own.
const FILES = import.meta.glob<Catalogue>(['./catalogues/*.ts', '!./catalogues/en-core.ts'], { import: 'default' });

/** `namespace`'s words in `language`; empty when the language has no file for it (English words its ids). */
export async function loadCatalogue(language: Language, namespace: Namespace): Promise<Catalogue> {
  if (language === 'en' && namespace === 'core') return englishCore;
  const load = FILES[`./catalogues/${language}-${namespace}.ts`];
  return load ? load() : {};
}

/** English's core: it comes with the page, so the first verdict never waits for English. */
export const ENGLISH_CORE: Catalogue = englishCore;
