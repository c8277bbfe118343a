/**
 * The robots.txt a command is given: a file, `-` (standard input) or an http(s) URL fetched as
 * Google fetches it. What reading it found (a cut, a body that is no plain robots.txt) is said on
 * standard error; a file that cannot be read is a CliError.
 */
import { CliError } from '../cli-error.js';
import { describeCut, EDIT_LIMIT, isRemote, readSource, type RobotsSource } from '../source.js';
import { writeMessage } from '../terminal.js';

/** How a robots.txt argument is read, as each command's help says it. */
export const SOURCE_HELP = `<robots.txt> is a file, - for standard input, or an http(s)://…/robots.txt URL. A URL is fetched
as Google fetches it: up to 5 redirects to http(s) addresses (more, or one that cannot be followed:
not found), 2xx: the rules apply, 4xx other than 429: everything allowed, 429, 5xx, a network error
or a timeout: everything blocked; the body is read up to 500 KiB. What the fetch returned and the
redirects are printed on stderr (or in the JSON); the site stays the one asked for. A file or
standard input is read up to 500 KiB and a little more (Google reads no further).`;

/**
 * Reads a robots.txt argument; a fetch that goes wrong is reported in the source, not thrown.
 * `limit`: EDIT_LIMIT for a file to rewrite, which must be read whole.
 */
export async function readRobots(arg: string, timeoutMs: number, limit?: number): Promise<RobotsSource> {
  const src = await readSource(arg, timeoutMs, limit);
  const name = arg === '-' ? 'standard input' : arg;
  if (src.cut) {
    // A file to rewrite must be read whole; one to check needs only what Google reads.
    if (limit === EDIT_LIMIT) throw new CliError(`${name} is larger than ${EDIT_LIMIT / 1024 / 1024} MiB: too large to rewrite`);
    writeMessage(describeCut(name, src.cut));
  }
  // A fetched body's notices go with the fetch line; a file's are said here.
  if (!src.fetch) for (const b of src.body) writeMessage(`${name}: ${b.text}`);
  return src;
}

/** The local file a robots.txt argument names, or null (standard input, a URL): what annotations point at. */
export function localFile(arg: string): string | null {
  return arg === '-' || isRemote(arg) ? null : arg;
}
