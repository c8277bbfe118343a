/**
 * The options every command reads alike that need more than a type: the output format, a time,
 * a number of threads, a site. Each reader returns the value or throws the CliError that says
 * what is wrong with it.
 */
import { availableParallelism } from 'node:os';
import { robotsTxtUrlFor } from '../../robots/index.js';
import { CliError } from '../cli-error.js';

/** --format <f> and --json (short for --format json). */
export const FORMAT_OPTIONS = { format: { type: 'string' }, json: { type: 'boolean' } } as const;
/** --jobs, -j <n>. */
export const JOBS_OPTION = { jobs: { type: 'string', short: 'j' } } as const;
/** --timeout <time>. */
export const TIMEOUT_OPTION = { timeout: { type: 'string' } } as const;
/** --site <url>. */
export const SITE_OPTION = { site: { type: 'string' } } as const;

/** The output formats a command may write. */
export type OutputFormat = 'text' | 'json' | 'csv';

const ALL_FORMATS: readonly OutputFormat[] = ['text', 'json', 'csv'];

/** The output format: --format, one of `formats` (text, json or csv by default); --json is short for --format json. */
export function formatOf<F extends OutputFormat = OutputFormat>(values: { readonly format?: string; readonly json?: boolean }, formats: readonly F[] = ALL_FORMATS as readonly F[]): F {
  const f = values.json ? 'json' : values.format ?? 'text';
  if (!(formats as readonly string[]).includes(f)) {
    const named = formats.length > 1 ? `${formats.slice(0, -1).join(', ')} or ${formats[formats.length - 1]}` : formats.join('');
    throw new CliError(`--format takes ${named}, not ${JSON.stringify(f)}`);
  }
  return f as F;
}

/** The longest wait a --timeout may ask for: 10 minutes. */
export const MAX_TIMEOUT_MS = 600_000;

/**
 * --timeout: milliseconds (`10000`), or seconds with `s` (`10s`, `0.5s`) or milliseconds with `ms`;
 * from 1 ms to 600 s, so a timer can hold it (Node's timers wrap past 2³¹ ms to 1 ms).
 */
export function timeoutOf(value: string | undefined, fallbackMs: number): number {
  if (value === undefined) return fallbackMs;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/i.exec(value);
  const ms = m ? Math.round(Number(m[1]) * (m[2]?.toLowerCase() === 's' ? 1000 : 1)) : NaN;
  if (!(ms >= 1 && ms <= MAX_TIMEOUT_MS)) {
    throw new CliError(`--timeout takes a time from 1 ms to ${MAX_TIMEOUT_MS / 1000} s: milliseconds (10000) or seconds with s (10s), not ${JSON.stringify(value)}`);
  }
  return ms;
}

/** The most worker threads --jobs may start: four per core, at most 64 (each holds a parse of the file). */
export function maxJobs(): number {
  return Math.min(64, availableParallelism() * 4);
}

/** --jobs: a whole number of threads from 1 to maxJobs(); the machine's cores by default. */
export function jobsOf(value: string | undefined): number {
  if (value === undefined) return availableParallelism();
  const n = Number(value);
  const max = maxJobs();
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`--jobs takes a number of threads from 1 to ${max} (four per core, at most 64), not ${JSON.stringify(value)}`);
  return n;
}

/** --site: an http(s) or ftp URL on the site, its robots.txt URL, or a bare host (a typo must not switch the scope check off). */
export function siteOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (robotsTxtUrlFor(value) === null) throw new CliError(`--site takes the site's address (https://www.example.com) or host (www.example.com), not ${JSON.stringify(value)}`);
  return value;
}
