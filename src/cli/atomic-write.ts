/**
 * Files the CLI writes are written whole or not at all: a temporary file in the same directory,
 * flushed to the disk, then renamed over the target. A full disk, a failed write or a kill
 * mid-write leaves the original as it was.
 */
import * as fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError } from './cli-error.js';

/** The file-system calls a write makes (tests inject a failing one). */
export interface WriteIo {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fchmodSync(fd: number, mode: number): void;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  rmSync(path: string, options: { force: boolean }): void;
}

const NODE_IO: WriteIo = fs;

/**
 * A write that did not happen; the target is unchanged. The CLI's error (exit code 2, no help
 * hint: the command line was right), carrying the file and the system's error code.
 */
export class AtomicWriteError extends CliError {
  constructor(readonly file: string, readonly code: string | undefined, cause: Error) {
    super(`cannot write ${file}: ${cause.message}${code === 'ENOSPC' ? ' (the disk is full)' : ''}; ${file} is unchanged`, 2, { hint: false });
  }
}

/** The file a write replaces: a symbolic link's target, so the link stays a link. */
function targetOf(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * Writes `data` to `file` atomically: a temporary file beside it (same directory, so the rename
 * cannot cross file systems), written, fsynced, then renamed over `file`, whose permissions it
 * keeps. Throws AtomicWriteError, after removing the temporary file, when any step fails.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, io: WriteIo = NODE_IO): void {
  const target = targetOf(file);
  let mode: number | null = null;
  try {
    mode = fs.statSync(target).mode & 0o7777;
  } catch {
    // A new file: the default mode, less the umask.
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let fd: number | null = null;
  try {
    fd = io.openSync(temp, 'wx', mode ?? 0o666);
    // A file that exists keeps its own permissions, whatever the umask says.
    if (mode !== null) io.fchmodSync(fd, mode);
    for (let at = 0; at < bytes.length;) at += io.writeSync(fd, bytes, at, bytes.length - at);
    io.fsyncSync(fd);
    io.closeSync(fd);
    fd = null;
    io.renameSync(temp, target);
  } catch (e) {
    if (fd !== null) {
      try {
        io.closeSync(fd);
      } catch {
        // The write's own error is the one to report.
      }
    }
    io.rmSync(temp, { force: true });
    throw new AtomicWriteError(file, (e as NodeJS.ErrnoException).code, e as Error);
  }
  syncDirectory(dirname(target));
}

/** Makes the rename itself durable (best effort: not every file system lets a directory be synced). */
function syncDirectory(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // The file is already whole under its name; only its survival of a power cut is less sure.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}
