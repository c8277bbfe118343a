/** Tiny builders for engine tests. */
import { checkUrl, parseRobotsTxt } from './google/index.js';

/** `{allowed, line}` for one check: the shape the conformance suite labels. */
export function verdict(robots: string, ua: string, url: string): { allowed: boolean; line: number } {
  const v = checkUrl(parseRobotsTxt(robots), ua, url);
  return { allowed: v.allowed, line: v.line };
}

/** Joins lines with LF. */
export const lines = (...l: string[]): string => l.join('\n');
