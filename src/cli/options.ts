/**
 * The CLI's option values that need more than a type: a time, a number of threads, a site. Each
 * reader returns the value or the message that says what is wrong with it.
 */
import { availableParallelism } from 'node:os';
import { robotsTxtUrlFor } from '../robots/index.js';

/** The longest wait a --timeout may ask for: 10 minutes. */
export const MAX_TIMEOUT_MS = 600_000;

/**
 * --timeout: milliseconds (`10000`), or seconds with `s` (`10s`, `0.5s`) or milliseconds with `ms`;
 * from 1 ms to 600 s, so a timer can hold it (Node's timers wrap past 2³¹ ms to 1 ms).
 */
export function readTimeout(value: string | undefined, fallbackMs: number): number | { error: string } {
  if (value === undefined) return fallbackMs;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/i.exec(value);
  const ms = m ? Math.round(Number(m[1]) * (m[2]?.toLowerCase() === 's' ? 1000 : 1)) : NaN;
  if (!(ms >= 1 && ms <= MAX_TIMEOUT_MS)) {
    return { error: `--timeout takes a time from 1 ms to ${MAX_TIMEOUT_MS / 1000} s: milliseconds (10000) or seconds with s (10s), not ${JSON.stringify(value)}` };
  }
  return ms;
}

/** The most worker threads --jobs may start: four per core, at most 64 (each holds a parse of the file). */
export function maxJobs(): number {
  return Math.min(64, availableParallelism() * 4);
}

/** --jobs: a whole number of threads from 1 to maxJobs(); the machine's cores by default. */
export function readJobs(value: string | undefined): number | { error: string } {
  if (value === undefined) return availableParallelism();
  const n = Number(value);
  const max = maxJobs();
  if (!Number.isInteger(n) || n < 1 || n > max) return { error: `--jobs takes a number of threads from 1 to ${max} (four per core, at most 64), not ${JSON.stringify(value)}` };
  return n;
}

/** --site: an http(s) or ftp URL on the site, its robots.txt URL, or a bare host. */
export function readSite(value: string | undefined): string | undefined | { error: string } {
  if (value === undefined) return undefined;
  if (robotsTxtUrlFor(value) === null) return { error: `--site takes the site's address (https://www.example.com) or host (www.example.com), not ${JSON.stringify(value)}` };
  return value;
}
