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

/** Where the language chosen on this device is kept (localStorage). */
export const LANGUAGE_KEY = 'robots-txt-tester.language';

/**
 * The language to start in: the one chosen on this device, else the browser's first we speak.
 * The page's early script asks it too, before the first paint (app/first-paint.ts).
 */
export function initialLanguage(): Language {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // no storage: follow the browser
  }
  return isLanguage(kept) ? kept : pickLanguage(navigator.languages ?? [navigator.language]);
}
