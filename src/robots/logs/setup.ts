/**
 * What a log is judged against, as plain data a thread or worker can be sent: the file's dated
 * versions, the readers, the site, the operators' IP ranges files as given (their texts, read on
 * the thread that judges), and whether DNS is asked; and the judge it makes.
 */
import type { ReaderId } from '../readers/index.js';
import { LogJudge, type LogVersion } from './judge.js';
import { readIpRanges, type SharedIpRanges } from './ranges.js';

/** An operator's IP ranges file as given: where it came from, its text, and the crawlers it verifies. */
export interface IpRangesFile {
  readonly source: string;
  readonly text: string;
  readonly crawlers: readonly string[];
}

/** A judge's setup, plain data: LogJudgeSpec with the versions unparsed and the ranges as their files' texts. */
export interface LogJudgeSetup {
  /** The file's versions and when each went live (LogVersion, without a parse). */
  readonly versions: readonly Omit<LogVersion, 'robots'>[];
  /** The readers whose readings are counted; the first decides `blocked`. */
  readonly readers: readonly ReaderId[];
  /** The site the file is for: a logged host other than its own is out of scope. */
  readonly site?: string;
  /** Ranges files read already, as a thread is sent them (shareIpRanges): the CLI reads each once for all its threads. */
  readonly sharedRanges?: readonly SharedIpRanges[];
  readonly ranges: readonly IpRangesFile[];
  /** Add the operators' ranges shipped with the tester (withShippedRanges does, before judging): `ranges` replace them for the crawlers they cover. */
  readonly publishedRanges?: boolean;
  /** Verify crawlers whose operators document their host names by DNS too (the caller asks; a browser cannot). */
  readonly dns?: boolean;
  /** How long after a change a crawler may use the file it had cached (ms; LogJudgeSpec's default). */
  readonly cacheWindow?: number;
}

/** The judge a setup describes, its IP ranges read once for it. Throws IpRangesError when a ranges file cannot be used. */
export function createLogJudge(setup: LogJudgeSetup): LogJudge {
  return new LogJudge({
    versions: setup.versions, readers: setup.readers, site: setup.site, ...(setup.cacheWindow !== undefined ? { cacheWindow: setup.cacheWindow } : {}),
    ranges: [...setup.ranges.map((r) => readIpRanges(r.text, r.source, r.crawlers)), ...(setup.sharedRanges ?? [])],
  });
}
