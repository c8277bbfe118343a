/** The languages the interface speaks, each named in itself (as the picker lists them). */
export const LANGUAGES = [
  { id: 'en', name: 'English' },
  { id: 'hi', name: 'हिन्दी' },
  { id: 'nl', name: 'Nederlands' },
  { id: 'ko', name: '한국어' },
] as const;

/** A language the interface speaks. */
export type Language = (typeof LANGUAGES)[number]['id'];

/** True for a language the interface speaks. */
export function isLanguage(x: unknown): x is Language {
  return LANGUAGES.some((l) => l.id === x);
}

/**
 * The first of the browser's preferred languages (`navigator.languages`, BCP 47 tags such as
 * `nl-BE`) that the interface speaks, by its primary subtag; English when none is.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
