/**
 * The check's table and the sentence above it, from the same rows: the crawlers whose verdicts the
 * tab lists, and how many of them (and of the URLs) differ from the chosen verdict under Google's
 * reading. The sentence never says "all" while a row of its table differs.
 */
import type { PolicyCheck, PolicyRow } from './types.js';

/** The rows the table shows (a crawler whose verdicts change or differ from the choice), and how many it leaves out. */
export interface PolicyTable {
  readonly rows: readonly PolicyRow[];
  /** Rows left out: crawlers whose verdicts neither change nor differ from the choice. */
  readonly hidden: number;
}

/** What the sentence above the table says: counts taken from the table's rows. */
export interface PolicySummary {
  readonly ok: boolean;
  /** AI crawlers the check has a row for. */
  readonly crawlers: number;
  readonly urls: number;
  readonly checks: number;
  /** Crawler × URL verdicts off the choice that fail the check (other crawlers' changes included). */
  readonly failures: number;
  /** Crawlers with a URL whose verdict differs from the chosen one. */
  readonly differingCrawlers: number;
  /** URLs on which some crawler's verdict differs from the chosen one. */
  readonly differingUrls: number;
}

/** The table of `check`: rows that differ from the choice first, then those that changed the most. */
export function policyTable(check: PolicyCheck): PolicyTable {
  const rows = check.rows
    .filter((r) => r.changed > 0 || r.differing.length > 0 || r.unnameable)
    .sort((a, b) => b.differing.length - a.differing.length || b.failed - a.failed || b.changed - a.changed);
  return { rows, hidden: check.rows.length - rows.length };
}

/** The summary of `check`, counted from the rows of its table. */
export function policySummary(check: PolicyCheck): PolicySummary {
  const table = policyTable(check);
  const urls = new Set<number>();
  let differingCrawlers = 0;
  for (const r of table.rows) {
    if (r.differing.length === 0) continue;
    differingCrawlers++;
    for (const i of r.differing) urls.add(i);
  }
  return {
    ok: check.ok, crawlers: check.rows.length, urls: check.urls.length, checks: check.checks, failures: check.failures.length,
    differingCrawlers, differingUrls: urls.size,
  };
}
