/**
 * How the CLI's output is written, and how its process ends when the output goes away or the user
 * interrupts it: a closed standard output (`| head -1`) ends the run quietly with 141, as a tool
 * killed by SIGPIPE does; an output that cannot be written (a full disk, an I/O error, a file past
 * its size limit) ends it with 2 and one line on standard error naming the cause, the output file
 * ending after the last whole write; an interrupt (SIGINT, SIGTERM, SIGHUP) lets the rows already
 * made be written whole — never a row cut in the middle — then ends with 128 + the signal's number
 * (130 for Ctrl-C). A second interrupt ends at once.
 */
import { fstatSync, ftruncateSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { isMainThread } from 'node:worker_threads';
import { CliError } from './cli-error.js';
import { writeMessage } from './terminal.js';

/** Exit code when standard output was closed by its reader (128 + SIGPIPE). */
export const EXIT_CLOSED_OUTPUT = 141;

const SIGNAL_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
type Interrupt = keyof typeof SIGNAL_CODES;

let interrupt: Interrupt | null = null;
const stoppers = new Set<() => void>();

/** The exit code of the interrupt received, or null when none was. */
export function interruptCode(): number | null {
  return interrupt === null ? null : SIGNAL_CODES[interrupt];
}

/**
 * Registers work that can stop between rows (a streamed listing): on an interrupt `stop` is
 * called instead of ending the process. Returns the function that unregisters it.
 */
export function onInterrupt(stop: () => void): () => void {
  stoppers.add(stop);
  if (interrupt !== null) stop();
  return () => stoppers.delete(stop);
}

/** The cause of a failed write as the CLI's messages give it: the system's words, and what ENOSPC means. */
export function writeCause(e: Error): string {
  return `${e.message}${(e as NodeJS.ErrnoException).code === 'ENOSPC' ? ' (the disk is full)' : ''}`;
}

/** What a failed write to standard output says. */
function outputFailure(e: Error): string {
  return `cannot write to standard output: ${writeCause(e)}`;
}

/** Ends the process with `code` once what was written to standard output has left. */
function exitWhenWritten(code: number): void {
  if (process.stdout.writableLength === 0) process.exit(code);
  process.stdout.once('drain', () => process.exit(code));
}

/** Installs the handlers (the binary's main thread only: tests of the modules never exit). */
export function guardProcess(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    // The reader is gone (EPIPE): nothing more can be said there. Any other failure is said where it can be.
    if (e.code === 'EPIPE') process.exit(EXIT_CLOSED_OUTPUT);
    writeMessage(outputFailure(e));
    process.exit(2);
  });
  // A message about a closed standard error has nowhere to go either.
  process.stderr.on('error', () => {});
  for (const signal of Object.keys(SIGNAL_CODES) as Interrupt[]) {
    process.on(signal, () => {
      if (interrupt !== null) process.exit(SIGNAL_CODES[signal]);
      interrupt = signal;
      if (stoppers.size > 0) for (const stop of stoppers) stop();
      else exitWhenWritten(SIGNAL_CODES[signal]);
    });
  }
}

let directOut: boolean | undefined;

/**
 * Whether standard output is a file or a device such as /dev/null (never a pipe or a terminal),
 * which Node writes synchronously anyway: a listing's text then goes to it in one call, without
 * the stream's copy of it into a buffer first (a third of writing a big listing's time).
 */
function writesDirectly(): boolean {
  if (directOut === undefined) {
    directOut = false;
    try {
      // A stream replaced or watched in-process (a test's) keeps getting every write.
      if (isMainThread && !Object.prototype.hasOwnProperty.call(process.stdout, 'write') && !isatty(1)) {
        const stat = fstatSync(1);
        directOut = stat.isFile() || stat.isCharacterDevice();
      }
    } catch {
      directOut = false;
    }
  }
  return directOut;
}

/**
 * Writes all of `text` to the file or device on standard output. A write the system takes only
 * part of (a disk filling up) is followed by the rest; when the rest cannot be written, the part
 * that went out is taken back from a file, so that it ends after the last whole write, and the
 * failure is a CliError (exit code 2) naming its cause.
 */
function writeDirectly(text: string | Uint8Array): void {
  let at = 0;
  try {
    // Two calls for TypeScript's two overloads: text is encoded by the call, bytes go as they are.
    at = typeof text === 'string' ? writeSync(1, text) : writeSync(1, text);
    const total = Buffer.byteLength(text);
    if (at < total) {
      const bytes = typeof text === 'string' ? Buffer.from(text) : text;
      while (at < total) at += writeSync(1, bytes, at, total - at);
    }
  } catch (e) {
    if (at > 0) takeBack(at);
    throw new CliError(outputFailure(e as Error), 2, { hint: false });
  }
}

/** Cuts the last `bytes` off the file on standard output (nothing for a device). */
function takeBack(bytes: number): void {
  try {
    const stat = fstatSync(1);
    if (stat.isFile()) ftruncateSync(1, Math.max(0, stat.size - bytes));
  } catch {
    // The failure itself is what is reported.
  }
}

/**
 * Writes `text` (or UTF-8 bytes) to standard output, waiting while the reader is behind: the one
 * writer of the CLI's output (every listing, report and help), so each batch of rows leaves in one write. A failed
 * write throws CliError (exit code 2) naming its cause; a pipe's failures arrive later, as the
 * stream's errors (guardProcess).
 */
export async function writeOut(text: string | Uint8Array): Promise<void> {
  if (text.length === 0) return;
  if (writesDirectly()) return writeDirectly(text);
  if (!process.stdout.write(text)) await new Promise((r) => process.stdout.once('drain', r));
}
