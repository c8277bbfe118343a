/**
 * Files the CLI writes survive a full disk, a failed write and a kill mid-write: the original is
 * untouched, no temporary file is left after a failure, and the one a killed run left is removed
 * by the next write.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AtomicWriteError, writeFileAtomic, type WriteIo } from './atomic-write.js';

const dir = fs.mkdtempSync(join(tmpdir(), 'rtt-atomic-'));
const ORIGINAL = 'User-agent: *\nDisallow: /private\n';

/** A file holding ORIGINAL, fresh for each test. */
function original(name: string, mode = 0o644): string {
  const file = join(dir, name);
  fs.writeFileSync(file, ORIGINAL);
  fs.chmodSync(file, mode);
  return file;
}

const leftovers = (name: string) => fs.readdirSync(dir).filter((f) => f.startsWith(`.${name}.`));

/** The real calls, with one replaced. */
const ioWith = (change: Partial<WriteIo>): WriteIo => ({ ...(fs as unknown as WriteIo), ...change });

describe('writeFileAtomic', () => {
  it('replaces the file whole and keeps its permissions', () => {
    const file = original('plain.txt', 0o640);
    writeFileAtomic(file, 'User-agent: GPTBot\nDisallow: /\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('User-agent: GPTBot\nDisallow: /\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    expect(leftovers('plain.txt')).toEqual([]);
  });

  it('writes through a symbolic link: the link stays a link, its target gets the text', () => {
    const file = original('target.txt');
    const link = join(dir, 'link.txt');
    fs.symlinkSync(file, link);
    writeFileAtomic(link, 'new\n');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('new\n');
  });

  it('a write failing part-way (ENOSPC injected) leaves the original and no temporary file', () => {
    const file = original('full.txt');
    let written = 0;
    const io = ioWith({
      writeSync(fd, buffer, offset, length) {
        if (written > 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        written = fs.writeSync(fd, buffer, offset, Math.min(length, 10));
        return written;
      },
    });
    let error: unknown;
    try {
      writeFileAtomic(file, 'User-agent: GPTBot\nDisallow: /\n'.repeat(100), io);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AtomicWriteError);
    expect((error as AtomicWriteError).code).toBe('ENOSPC');
    expect((error as Error).message).toBe(`cannot write ${file}: ENOSPC: no space left on device, write (the disk is full); ${file} is unchanged`);
    expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);
    expect(leftovers('full.txt')).toEqual([]);
  });

  it.each(['fsyncSync', 'renameSync'] as const)('a failing %s leaves the original and no temporary file', (call) => {
    const file = original(`${call}.txt`);
    const io = ioWith({ [call]: () => { throw Object.assign(new Error(`EIO: i/o error, ${call}`), { code: 'EIO' }); } });
    expect(() => writeFileAtomic(file, 'changed\n', io)).toThrow(AtomicWriteError);
    expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);
    expect(leftovers(`${call}.txt`)).toEqual([]);
  });

  it('a process killed mid-write leaves the original whole (the half-written text is only in the temporary file)', async () => {
    const file = original('killed.txt');
    // The real module in a child process, whose write stops after the first 4 KiB until it is killed.
    const child = buildSync({
      stdin: {
        contents: `import * as fs from 'node:fs';
          import { writeFileAtomic } from ${JSON.stringify(resolve('src/cli/atomic-write.ts'))};
          const io = { ...fs, writeSync(fd, b, o, l) {
            const n = fs.writeSync(fd, b, o, Math.min(l, 4096));
            process.stdout.write('mid-write\\n');
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
            return n;
          } };
          writeFileAtomic(process.argv[1], 'User-agent: GPTBot\\nDisallow:\\n'.repeat(10000), io);`,
        resolveDir: process.cwd(), loader: 'ts',
      },
      bundle: true, platform: 'node', format: 'esm', write: false,
    }).outputFiles[0]!.text;
    const p = spawn(process.execPath, ['--input-type=module', '-e', child, file]);
    await new Promise<void>((done) => p.stdout.once('data', () => done()));
    p.kill('SIGKILL');
    await new Promise((done) => p.once('close', done));
    expect(fs.readFileSync(file, 'utf8')).toBe(ORIGINAL);
    expect(leftovers('killed.txt').map((f) => [f, fs.statSync(join(dir, f)).size])).toEqual([[`.killed.txt.rtt-${p.pid}.tmp`, 4096]]);
    // The next write knows the killed run's file by its name, and its process is gone: it removes it.
    writeFileAtomic(file, 'User-agent: *\nDisallow:\n');
    expect(leftovers('killed.txt')).toEqual([]);
    expect(fs.readFileSync(file, 'utf8')).toBe('User-agent: *\nDisallow:\n');
  });
});

/** A small tmpfs, when this process may mount one (root with CAP_SYS_ADMIN), for a real full disk. */
const tmpfs = join(dir, 'tmpfs');
let mounted = false;
beforeAll(() => {
  fs.mkdirSync(tmpfs);
  mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', tmpfs]).status === 0;
});
afterAll(() => {
  if (mounted) spawnSync('umount', [tmpfs]);
});

/** Fills the rest of the file system holding `at`. */
function fill(at: string): void {
  const fd = fs.openSync(join(at, 'filler'), 'w');
  const block = Buffer.alloc(512, 0x23);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    fs.closeSync(fd);
  }
}

describe('the CLI on a full disk (a 64 KiB tmpfs)', () => {
  afterEach(() => {
    if (mounted) for (const f of fs.readdirSync(tmpfs)) fs.rmSync(join(tmpfs, f));
  });
  // A file ending a page short of 12 KiB: the policy's new lines need one more page than it holds.
  const robots = `User-agent: *\nDisallow: /private\n${'# '.repeat(6000)}\n`;

  it('ai-policy --write: the full disk is reported (exit 2) and robots.txt is unchanged', (ctx) => {
    if (!mounted) ctx.skip();
    const file = join(tmpfs, 'robots.txt');
    fs.writeFileSync(file, robots);
    fill(tmpfs);
    const r = spawnSync(process.execPath, ['lib/cli.js', 'ai-policy', file, '--train', 'block', '--write'], { encoding: 'utf8' });
    expect(r.stderr).toContain(`robots-txt-tester: cannot write ${file}: ENOSPC`);
    expect(r.stderr).toContain(`${file} is unchanged`);
    expect(r.status).toBe(2);
    expect(fs.readFileSync(file, 'utf8')).toBe(robots);
    expect(fs.readdirSync(tmpfs).sort()).toEqual(['filler', 'robots.txt']);
  });

  it('ai-policy --write with room to spare writes the file', (ctx) => {
    if (!mounted) ctx.skip();
    const file = join(tmpfs, 'robots.txt');
    fs.writeFileSync(file, robots);
    const r = spawnSync(process.execPath, ['lib/cli.js', 'ai-policy', file, '--train', 'block', '--write'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toContain('User-agent: GPTBot');
  });
});
