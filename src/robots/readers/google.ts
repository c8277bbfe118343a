/**
 * Google's reading (the engine's own parse and match) as a reader, so it sits in the same list
 * as the others. The tester's verdicts come from `checkUrl` directly; this is for side by side.
 */
import { checkUrl, parseRobotsTxt, type CrawlerInput, type RobotsTxt, type Verdict } from '../google/index.js';
import { unparsable, type Reader, type ReaderId, type ReaderVerdict } from './reader.js';

/** A Google-style verdict (checkUrl's) in the readers' terms. */
export function fromGoogleVerdict(reader: ReaderId, robots: RobotsTxt, v: Verdict): ReaderVerdict {
  if (v.problem) return unparsable(reader, v.problem);
  const groupLines = v.group.kind === 'specific' || v.group.kind === 'global'
    ? v.group.groups.map((g) => robots.groups[g]!.firstLine)
    : [];
  const reason = v.reason === 'no-group' || v.reason === 'global-ignored' ? 'no-group'
    : v.line === 0 || v.reason === 'no-matching-rule' ? 'no-match'
    : 'longest-match';
  return { reader, allowed: v.allowed, line: v.line, reason, groupLines, path: v.url.path, error: null };
}

/** Google's reading (google/robotstxt), the tester's own. */
export const google: Reader<RobotsTxt> = {
  id: 'google',
  parse: parseRobotsTxt,
  check: (robots, userAgent: CrawlerInput & string, url) => fromGoogleVerdict('google', robots, checkUrl(robots, userAgent, url)),
};
