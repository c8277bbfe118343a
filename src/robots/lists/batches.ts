/**
 * Lists of any length, streamed: URLs taken as they come (an array, a generator, a stream of
 * lines), checked a batch at a time and handed on in input order, so memory stays flat.
 */
import type { ListBatch, ListChecker, ListResults } from './list-checker.js';
import { ListVerdict } from './words.js';

/** Options of a streamed list check. */
export interface ListStreamOptions {
  /** URLs per batch (1000 by default). */
  readonly batchSize?: number;
  /** One version, or every version (the first by default); each URL's own: call `check` per batch. */
  readonly versions?: number | 'all';
}

/**
 * Checks every URL of `urls` in batches, yielding each batch as soon as it is full (and the last,
 * shorter one), in input order.
 */
export async function* checkList(
  checker: ListChecker,
  urls: Iterable<string> | AsyncIterable<string>,
  options: ListStreamOptions = {},
): AsyncGenerator<ListBatch> {
  const size = Math.max(1, options.batchSize ?? 1000);
  const versions = options.versions ?? 0;
  let start = 0;
  if (Array.isArray(urls)) {
    for (; start < urls.length; start += size) yield checker.check(urls.slice(start, start + size), versions, start);
    return;
  }
  let batch: string[] = [];
  for await (const url of urls) {
    batch.push(url);
    if (batch.length >= size) {
      yield checker.check(batch, versions, start);
      start += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) yield checker.check(batch, versions, start);
}

/** How one column's rows came out. */
export interface VerdictCounts {
  allowed: number;
  blocked: number;
  outOfScope: number;
  cannotTest: number;
}

/** Counts that start at zero. */
export function noVerdicts(): VerdictCounts {
  return { allowed: 0, blocked: 0, outOfScope: 0, cannotTest: 0 };
}

/** Adds the codes of `results` (a batch of `columns` columns) to each column's counts. */
export function countVerdicts(results: ListResults, columns: number, into: VerdictCounts[]): void {
  const { verdict } = results;
  for (let c = 0; c < columns; c++) {
    let allowed = 0, blocked = 0, outOfScope = 0, cannotTest = 0;
    for (let i = c; i < verdict.length; i += columns) {
      const code = verdict[i];
      if (code === ListVerdict.Allowed) allowed++;
      else if (code === ListVerdict.Blocked) blocked++;
      else if (code === ListVerdict.OutOfScope) outOfScope++;
      else cannotTest++;
    }
    const t = (into[c] ??= noVerdicts());
    t.allowed += allowed;
    t.blocked += blocked;
    t.outOfScope += outOfScope;
    t.cannotTest += cannotTest;
  }
}
