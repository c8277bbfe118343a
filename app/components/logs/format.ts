/** How the Logs tab writes sizes, times and crawlers' names (numbers in the app's language, never the browser's). */
import { crawlerById } from '../../../src/robots/index.js';

/** A size in KB (rounded up) below a megabyte, else in MB, its number written by `number` (the app's language's). */
export const MB = (n: number, number: (n: number) => string): string =>
  (n < 1_048_576 ? `${number(Math.ceil(n / 1024))} KB` : `${number(Number((n / 1_048_576).toFixed(n < 10 * 1_048_576 ? 1 : 0)))} MB`);

/** A time in UTC to the minute ('—' for none). */
export const utc = (ms: number): string => (Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') : '—');

/** A day in ms. */
export const DAY = 86_400_000;

/** A crawler's row name: a profile's first token, an unnamed bot's own name. */
export const rowName = (r: { readonly id: string; readonly name: string; readonly named: boolean }): string => (r.named ? crawlerById(r.id)?.tokens[0] ?? r.name : r.name);
