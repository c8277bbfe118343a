/**
 * "Did you mean …?" for a mistyped command or option: the nearest known name by edit distance,
 * when it is near enough to be the one meant (one edit in a word of three letters or fewer, else two or
 * a third of its length).
 */
import { distance } from 'fastest-levenshtein';

/** The known name `typed` most likely meant, or null when none is close. */
export function closestName(typed: string, known: readonly string[]): string | null {
  const word = typed.toLowerCase();
  let best: string | null = null;
  let bestDistance = (word.length <= 3 ? 1 : Math.max(2, Math.floor(word.length / 3))) + 1;
  for (const name of known) {
    const d = distance(word, name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** ` (did you mean X?)` after a message, or nothing. */
export function suggestion(typed: string, known: readonly string[]): string {
  const near = closestName(typed, known);
  return near === null ? '' : ` (did you mean ${near}?)`;
}
