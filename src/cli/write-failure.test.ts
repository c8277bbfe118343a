/**
 * Nothing silent: a write that fails — standard output on a full disk (/dev/full, a small tmpfs),
 * past the file-size limit (EFBIG), on a failing device (EIO) — ends the run with exit code 2 and
 * one line on standard error naming the cause; an output file ends on a whole row. A broken pipe
 * stays quiet (141). Files written in place keep their atomic write on a full disk, and the
 * temporary file a killed run left beside one is removed by the next write.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(join(tmpdir(), 'rtt-write-'));
const put = (name: string, text: string) => {
  const path = join(dir, name);
  fs.writeFileSync(path, text);
  return path;
};
const robots = put('robots.txt', 'User-agent: *\nDisallow: /private\n');
/** 20,000 URLs: a CSV listing of about 1.4 MB, written a batch of 1,000 rows at a time. */
const urls = put('urls.txt', Array.from({ length: 20_000 }, (_, i) => `/private/${i}`).join('\n') + '\n');
const expectations = put('expect.csv', 'url,crawler,expected\n/private/a,x,blocked\n/b,x,allowed\n');
const log = put('access.log', '66.249.66.1 - - [01/Mar/2025:10:00:00 +0000] "GET /private/a HTTP/1.1" 200 10 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"\n');

/** A CSV row of `check --format csv` for one of the URLs. */
const ROW = /^\/private\/\d+,x,blocked,2,Disallow: \/private,\/private\/\d+,\* \(line 1\)$/;

/** Runs the CLI with standard output written to `out` (a path, opened for writing); `node`: options for node (a preloaded stub). */
function runInto(out: string, args: string[], { input = '', env = {}, node = [] as string[] } = {}) {
  const fd = fs.openSync(out, 'w');
  try {
    const r = spawnSync(process.execPath, [...node, 'lib/cli.js', ...args], { input, stdio: ['pipe', fd, 'pipe'], encoding: 'utf8', env: { ...process.env, ...env } });
    return { code: r.status, err: r.stderr };
  } finally {
    fs.closeSync(fd);
  }
}

/** What the file holds: a header and whole rows, each ending in CRLF (RFC 4180). */
function expectWholeRows(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const [head, ...rows] = text.split('\r\n');
  expect(head).toBe('url,crawler,verdict,line,rule,tested_path,group');
  expect(rows.pop()).toBe('');
  for (const row of rows) expect(row).toMatch(ROW);
  return rows;
}

const DISK_FULL = 'robots-txt-tester: cannot write to standard output: ENOSPC: no space left on device, write (the disk is full)\n';

describe('/dev/full: every command that writes says so, once, and exits 2 (Linux: writes to it fail with ENOSPC)', () => {
  const COMMANDS: [string, string[], string?][] = [
    ['--help', ['--help']],
    ['--version', ['--version']],
    ['check, a URL', ['check', robots, '--ua', 'x', '/private/a']],
    ['check, a list as CSV', ['check', robots, '--ua', 'x', '--urls', urls, '--format', 'csv']],
    ['check --expect', ['check', robots, '--expect', expectations]],
    ['diff', ['diff', robots, put('new.txt', 'User-agent: *\nDisallow: /\n'), '--ua', 'x', '--urls', urls]],
    ['lines', ['lines', robots]],
    ['ai-policy', ['ai-policy', robots, '--train', 'block']],
    ['audit --json', ['audit', robots, '--urls', urls, '--json']],
    ['logs', ['logs', robots, log, '--jobs', '1']],
    ['batch', ['batch'], '{"id":1,"robots":"","ua":"x","url":"/"}\n'],
  ];
  it.each(COMMANDS)('%s', (_, args, input) => {
    if (!fs.existsSync('/dev/full')) return;
    const r = runInto('/dev/full', args, { input });
    expect(r.code).toBe(2);
    // What the run says before it writes (a log's format) stays; the failure is one line, the last.
    expect(r.err.split('\n').filter((l) => l.includes('cannot write'))).toEqual([DISK_FULL.trim()]);
    expect(r.err.endsWith(DISK_FULL)).toBe(true);
  });
});

/**
 * A write stub, preloaded: writes to standard output (with `RTT_STUB_FILES`, to every file but the
 * standard streams) take `RTT_STUB_ROOM` bytes, then each fails with `RTT_STUB_CODE`.
 */
const stub = put('write-stub.mjs', `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const write = fs.writeSync;
const code = process.env.RTT_STUB_CODE;
const files = process.env.RTT_STUB_FILES === '1';
let room = Number(process.env.RTT_STUB_ROOM);
fs.writeSync = function (fd, data, ...rest) {
  if (files ? fd <= 2 : fd !== 1) return write.call(fs, fd, data, ...rest);
  const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset + (rest[0] ?? 0), rest[1] ?? data.length);
  if (room <= 0) throw Object.assign(new Error(code + ': ' + (code === 'EIO' ? 'i/o error' : 'no space left on device') + ', write'), { code, syscall: 'write' });
  const n = write.call(fs, fd, bytes, 0, Math.min(bytes.length, room));
  room -= n;
  return n;
};
syncBuiltinESMExports();
`);
const stubbed = (code: string, room: number, { files = false } = {}) => ({
  node: ['--import', stub], env: { RTT_STUB_CODE: code, RTT_STUB_ROOM: String(room), ...(files ? { RTT_STUB_FILES: '1' } : {}) },
});

/** A 256 KiB tmpfs when this process may mount one (root with CAP_SYS_ADMIN): a disk that really fills up. */
const tmpfs = join(dir, 'tmpfs');
let mounted = false;
beforeAll(() => {
  fs.mkdirSync(tmpfs);
  mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', tmpfs]).status === 0;
});
afterAll(() => {
  if (mounted) spawnSync('umount', [tmpfs]);
});

describe('check --format csv > file on a full disk (the probe): one line naming the cause, exit 2, the file ends on a whole row', () => {
  it('a tmpfs that fills up (else a write stub with as little room)', () => {
    const out = mounted ? join(tmpfs, 'out.csv') : join(dir, 'full.csv');
    const r = runInto(out, ['check', robots, '--ua', 'x', '--urls', urls, '--format', 'csv'], mounted ? {} : stubbed('ENOSPC', 200 * 1024));
    expect(r).toEqual({ code: 2, err: DISK_FULL });
    expect(expectWholeRows(out).length).toBeGreaterThan(0);
    fs.rmSync(out);
  });

  it('a file past the size limit the shell set (ulimit -f: EFBIG; Node ignores SIGXFSZ)', () => {
    const out = join(dir, 'limited.csv');
    const r = spawnSync('sh', ['-c', 'ulimit -f 400 && exec "$0" lib/cli.js check "$1" --ua x --urls "$2" --format csv > "$3"', process.execPath, robots, urls, out], { encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([2, 'robots-txt-tester: cannot write to standard output: EFBIG: file too large, write\n']);
    expect(expectWholeRows(out).length).toBeGreaterThan(0);
  });

  it('a device that fails (EIO: a write stub, as a dying disk cannot be had on demand)', () => {
    const out = join(dir, 'eio.csv');
    const r = runInto(out, ['check', robots, '--ua', 'x', '--urls', urls, '--format', 'csv'], stubbed('EIO', 100_000));
    expect(r).toEqual({ code: 2, err: 'robots-txt-tester: cannot write to standard output: EIO: i/o error, write\n' });
    // 100,000 bytes hold some 1,500 rows: the first batches, whole.
    const rows = expectWholeRows(out);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(1500);
  });

  it('a reader that goes away (| head) is no failure to report: 141, nothing said', async () => {
    const child = spawn(process.execPath, ['lib/cli.js', 'check', robots, '--ua', 'x', '--urls', urls, '--format', 'csv']);
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((r) => child.on('close', r));
    expect([code, err]).toEqual([141, '']);
  });
});

describe('files written in place', () => {
  /** A process that has ended: its id names no running process (until the system gives it again). */
  function endedPid(): number {
    return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
  }

  it('ai-policy --write removes the temporary file a killed run left (its process has ended), not a running one\'s', () => {
    const file = put('policy.txt', 'User-agent: *\nDisallow: /private\n');
    // Named so that the next run knows it: `.<name>.rtt-<pid>.tmp` beside the file.
    const ended = join(dir, `.policy.txt.rtt-${endedPid()}.tmp`);
    const running = join(dir, `.policy.txt.rtt-${process.pid}.tmp`);
    fs.writeFileSync(ended, 'half a file');
    fs.writeFileSync(running, 'being written');
    const r = spawnSync(process.execPath, ['lib/cli.js', 'ai-policy', file, '--train', 'block', '--write'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toContain('User-agent: GPTBot');
    expect(fs.existsSync(ended)).toBe(false);
    expect(fs.readFileSync(running, 'utf8')).toBe('being written');
    fs.rmSync(running);
  });

  it('history --out on a full disk (a tmpfs that fills up, else a write stub): one line naming the cause, exit 2, the file unchanged, no temporary file', async () => {
    const where = mounted ? tmpfs : fs.mkdtempSync(join(dir, 'full-'));
    const full = mounted ? { node: [], env: {} } : stubbed('ENOSPC', 200 * 1024, { files: true });
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      if (req.url!.startsWith('/cdx/')) return void res.end(JSON.stringify([['timestamp', 'original', 'statuscode', 'digest'], ['20200101000000', 'https://example.com/robots.txt', '200', 'AAAA']]));
      res.end(`User-agent: *\n${'Disallow: /x\n'.repeat(30_000)}`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const file = join(where, 'robots.txt');
      fs.writeFileSync(file, 'User-agent: *\nDisallow: /old\n');
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const child = spawn(process.execPath, [...full.node, 'lib/cli.js', 'history', 'example.com', '--at', '2020', '--out', file, '--wayback', base], { env: { ...process.env, ...full.env } });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      const code = await new Promise((r) => child.on('close', r));
      expect(code).toBe(2);
      expect(err.split('\n').filter((l) => l.includes('cannot write'))).toEqual([`robots-txt-tester: cannot write ${file}: ENOSPC: no space left on device, write (the disk is full); ${file} is unchanged`]);
      expect(fs.readFileSync(file, 'utf8')).toBe('User-agent: *\nDisallow: /old\n');
      expect(fs.readdirSync(where)).toEqual(['robots.txt']);
    } finally {
      server.close();
    }
  });
});
