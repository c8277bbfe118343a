/** Tiny builders for the format readers' tests: lines read by a fresh reader, and the request expected. */
import { LogReader } from './reader.js';
import type { LogFamily, LogRequest } from './request.js';

/** A crawler's User-Agent as Google documents Googlebot's. */
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The time the builders' lines are logged at: 10 October 2025, 13:55:36 UTC. */
export const T = Date.UTC(2025, 9, 10, 13, 55, 36);

/** Reads lines with a fresh reader of `family`, numbering them from 1. */
export function read(family: LogFamily, ...lines: string[]): (LogRequest | null | undefined)[] {
  const reader = new LogReader(family);
  return lines.map((l, i) => reader.read(l, i + 1));
}

/** Googlebot's GET of /a?b=1 from 66.249.66.1 at T (line 1, status 200), with `over` changed. */
export const req = (over: Partial<LogRequest>): LogRequest => ({
  line: 1, time: T, ip: '66.249.66.1', method: 'GET', target: '/a?b=1', host: '', status: 200, userAgent: GOOGLEBOT, ...over,
});
