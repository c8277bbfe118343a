/**
 * What `check` and `diff` share over their URLs: the list to stream (--urls, or standard input
 * when piped), the command line's own URLs checked first, and the streamed run with its notes.
 */
import { checkUrl, problemSentence, type ResolvedAgent, type RobotsTxt } from '../robots/index.js';
import type { StreamSpec } from './batch-writer.js';
import { CliError } from './cli-error.js';
import { jobsOf } from './options/index.js';
import { streamChecks, type StreamOutcome } from './stream.js';
import { reportOutcome } from './stream-summary.js';
import { urlSource, type UrlPiece, type UrlSource } from './url-source.js';

/** The options of check and diff for a URL list: the list, and the totals at its end. */
export const LIST_OPTIONS = {
  urls: { type: 'string' },
  summary: { type: 'boolean' },
} as const;

/** The URL list to stream: --urls (a file or -), or standard input when it is piped and holds nothing else. */
export function listSource(urlsOption: string | undefined, positional: readonly string[], stdinTaken: boolean): UrlSource | null {
  if (urlsOption !== undefined) {
    if (urlsOption === '-' && stdinTaken) throw new CliError('standard input already holds a robots.txt: give the URL list as a file');
    return urlSource(urlsOption);
  }
  return positional.length === 0 && !stdinTaken && !process.stdin.isTTY ? urlSource('-') : null;
}

/** `source`, or null when it holds no URL (its first piece is read to tell; nothing of it is lost). */
export async function unlessEmpty(source: UrlSource): Promise<UrlSource | null> {
  const pieces = source.urls[Symbol.asyncIterator]();
  const first = await pieces.next();
  if (first.done) {
    source.close();
    return null;
  }
  async function* urls(): AsyncGenerator<UrlPiece> {
    yield first.value;
    for (let next = await pieces.next(); !next.done; next = await pieces.next()) yield next.value;
  }
  return { urls: urls(), progress: () => source.progress(), close: () => source.close() };
}

/** Fails on the first command-line URL that cannot be tested (a list file's get a row of their own). */
export function checkUrlsGiven(robots: RobotsTxt, urls: readonly string[], agent: ResolvedAgent, site: string | undefined): void {
  for (const url of urls) {
    const v = checkUrl(robots, agent, url, { site });
    if (v.problem) throw new CliError(problemSentence(v)!.text);
  }
}

/** Streams `spec` over the URLs (on --jobs threads for a list), then says how it went on standard error. */
export async function runList(
  spec: StreamSpec, positional: readonly string[], list: UrlSource | null, values: { readonly jobs?: string; readonly summary?: boolean }, head: string,
  script: URL, parsed?: readonly RobotsTxt[],
): Promise<StreamOutcome> {
  const outcome = await streamChecks(spec, positional, list, { jobs: list ? jobsOf(values.jobs) : 1, script, progress: process.stderr.isTTY === true, head, parsed });
  reportOutcome(outcome, values.summary === true);
  return outcome;
}
