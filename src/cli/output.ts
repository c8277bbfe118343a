/**
 * How the CLI's process ends when its reader goes away or the user interrupts it: a closed
 * standard output (`| head -1`) ends the run quietly with 141, as a tool killed by SIGPIPE does;
 * an interrupt (SIGINT, SIGTERM, SIGHUP) lets the rows already made be written whole — never a row
 * cut in the middle — then ends with 128 + the signal's number (130 for Ctrl-C). A second
 * interrupt ends at once.
 */
import { fstatSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { isMainThread } from 'node:worker_threads';

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

/** Ends the process with `code` once what was written to standard output has left. */
function exitWhenWritten(code: number): void {
  if (process.stdout.writableLength === 0) process.exit(code);
  process.stdout.once('drain', () => process.exit(code));
}

/** Installs the handlers (the binary's main thread only: tests of the modules never exit). */
export function guardProcess(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    // The reader is gone (EPIPE) or the output cannot be written at all: nothing more can be said there.
    process.exit(e.code === 'EPIPE' ? EXIT_CLOSED_OUTPUT : 2);
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
 * Writes `text` to standard output, waiting while the reader is behind: the one writer of every
 * streamed listing (check, diff, site audit, logs), so each batch of rows leaves in one write.
 */
export async function writeOut(text: string): Promise<void> {
  if (text === '') return;
  if (writesDirectly()) {
    try {
      writeSync(1, text);
    } catch (e) {
      // As the stream reports a failed write (guardProcess ends the run).
      process.stdout.emit('error', e);
    }
    return;
  }
  if (!process.stdout.write(text)) await new Promise((r) => process.stdout.once('drain', r));
}
