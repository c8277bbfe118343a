/**
 * Files the CLI writes are written whole or not at all: a temporary file in the same directory,
 * flushed to the disk, then renamed over the target. A full disk, a failed write or a kill
 * mid-write leaves the original as it was; the temporary file a killed run left
 * (`.robots.txt.rtt-<pid>.tmp`) is removed by the next write of that file.
 */
import * as fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError } from './cli-error.js';
import { writeCause } from './output.js';

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
    super(`cannot write ${file}: ${writeCause(cause)}; ${file} is unchanged`, 2, { hint: false });
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

/** The temporary file a process writes `target` through: `.robots.txt.rtt-<pid>.tmp` beside it. */
export function tempFileOf(target: string, pid: number = process.pid): string {
  return join(dirname(target), `.${basename(target)}.rtt-${pid}.tmp`);
}

/** Whether process `pid` is running (one of another user's is: signalling it is only not allowed). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of `target` that runs killed mid-write left: those of processes no
 * longer running, and this process's own (a run before it had the same id). Best effort: one that
 * cannot be removed stays, and the write goes on.
 */
function removeLeftovers(target: string): void {
  const prefix = `.${basename(target)}.rtt-`;
  let names: string[];
  try {
    names = fs.readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const id = name.slice(prefix.length, -'.tmp'.length);
    if (!/^[1-9]\d*$/.test(id)) continue;
    const pid = Number(id);
    if (pid !== process.pid && isRunning(pid)) continue;
    try {
      fs.rmSync(join(dirname(target), name), { force: true });
    } catch {
      // Another run's to remove, or nobody's: the write does not depend on it.
    }
  }
}

/**
 * Writes `data` to `file` atomically: a temporary file beside it (same directory, so the rename
 * cannot cross file systems), written, fsynced, then renamed over `file`, whose permissions it
 * keeps. Throws AtomicWriteError, after removing the temporary file, when any step fails. The
 * temporary files killed runs left beside `file` are removed first.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, io: WriteIo = NODE_IO): void {
  const target = targetOf(file);
  let mode: number | null = null;
  try {
    mode = fs.statSync(target).mode & 0o7777;
  } catch {
    // A new file: the default mode, less the umask.
  }
  removeLeftovers(target);
  const temp = tempFileOf(target);
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
