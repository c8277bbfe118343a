/** Files named by an option or argument, read or checked before a run starts; what is wrong with one is a CliError. */
import { readFileSync, statSync } from 'node:fs';
import { CliError } from '../cli-error.js';

/** What cannot be read: a missing file (`no such <what> file`), or the reason. */
function unreadable(file: string, what: string, e: unknown): CliError {
  return new CliError((e as NodeJS.ErrnoException).code === 'ENOENT' ? `no such ${what} file: ${file}` : `cannot read ${file}: ${(e as Error).message}`);
}

/** The whole text of `file` (`-`: standard input); `what` names it in the message (expectations, URL list). */
export function readText(file: string, what: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw unreadable(file, what, e);
  }
}

/** Fails unless `file` is there and not a directory: an input streamed later (a log, a sitemap) is checked before the run. */
export function checkReadable(file: string, what: string): void {
  let directory: boolean;
  try {
    directory = statSync(file).isDirectory();
  } catch (e) {
    throw unreadable(file, what, e);
  }
  if (directory) throw new CliError(`is a directory: ${file}`);
}
