/**
 * What the Logs tab's filters pass, decided once for both views of a log: the tally's rows and
 * chart (logView) and the judged requests exported one per row.
 */
import { ListVerdict } from '../lists/index.js';
import type { JudgedRequest } from './judge.js';
import type { Verification } from './ranges.js';

/** The Logs tab's filters. */
export interface LogFilter {
  /** One crawler's id, or null for all. */
  readonly crawler: string | null;
  /** Only requests to URLs the file blocks for their crawler, crawlers that ignore robots.txt by design and requests within the cache window aside: the crawlers that made some, and only blocked requests in the chart. */
  readonly disobeying: boolean;
  /** Only spoofed requests. */
  readonly spoofed: boolean;
}

/** No filter. */
export const ALL_REQUESTS: LogFilter = { crawler: null, disobeying: false, spoofed: false };

const VERIFICATIONS: readonly Verification[] = ['verified', 'spoofed', 'unverified'];

/**
 * Whether a filter passes requests of `crawler`, blocked for it or not: its crawler alone when it
 * names one; under `disobeying`, only blocked requests of a crawler that does not ignore
 * robots.txt by design. (A crawler's tally passes when `blocked` says some of its requests were.)
 */
export function passesCrawler(filter: LogFilter, crawler: { readonly id: string; readonly ignoresRobotsTxt: boolean }, blocked: boolean): boolean {
  if (filter.crawler !== null && crawler.id !== filter.crawler) return false;
  return !filter.disobeying || (blocked && !crawler.ignoresRobotsTxt);
}

/** Whether a filter passes requests of this verification. */
export function passesVerification(filter: LogFilter, verification: Verification): boolean {
  return !filter.spoofed || verification === 'spoofed';
}

/** The verifications whose requests a filter passes. */
export function passedVerifications(filter: LogFilter): Verification[] {
  return VERIFICATIONS.filter((v) => passesVerification(filter, v));
}

/** Whether a judged request passes a filter. */
export function passesFilter(filter: LogFilter, r: JudgedRequest): boolean {
  return passesVerification(filter, r.verification) && passesCrawler(filter, r.crawler, r.verdict === ListVerdict.Blocked && !r.cacheWindow);
}
