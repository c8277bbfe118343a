/**
 * The message catalogues. A catalogue is one language's words for one namespace, in
 * `catalogues/<language>-<namespace>.ts` (its default export: id → ICU template): adding a language,
 * or a namespace's words in one, is adding a file. A language without a namespace's file has its
 * ids worded in English. English's core comes with the page, and so do the other cores' loaders
 * (the first verdict waits for one); every file is found and loaded by loader.ts.
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

/** English's core: it comes with the page, so the first verdict never waits for English. */
export const ENGLISH_CORE: Catalogue = englishCore;

// The other languages' cores: the first verdict waits for one.
const CORES = import.meta.glob<Catalogue>(['./catalogues/*-core.ts', '!./catalogues/en-core.ts'], { import: 'default' });

/** The path of the file that holds `namespace` in `language`, as the tables of files name it. */
export function catalogueFile(language: Language, namespace: Namespace): string {
  return `./catalogues/${language}-${namespace}.ts`;
}

/** `language`'s core; empty when the language has none (English words its ids). */
export async function loadCore(language: Language): Promise<Catalogue> {
  if (language === 'en') return englishCore;
  const load = CORES[catalogueFile(language, 'core')];
  return load ? load() : {};
}
