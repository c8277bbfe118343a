/**
 * The CLI at its edges: a closed standard output, an interrupt through a pipe,
 * URL lists that cannot be read, options out of range, a robots.txt larger than anything used,
 * and user-named keys that are also Object.prototype's (item 9).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'rtt-edges-'));
const robots = join(dir, 'robots.txt');
writeFileSync(robots, 'User-agent: *\nDisallow: /x1\n');

function cli(args: string[], input = '') {
  const r = spawnSync(process.execPath, ['lib/cli.js', ...args], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}

/**
 * Resolves once the child has worked and then stopped for want of a reader (its CPU time, Linux
 * /proc utime + stime, unchanged for 300 ms): an interrupt then finds rows waiting however busy
 * the machine is, which a fixed sleep did not promise.
 */
async function afterWork(pid: number): Promise<void> {
  const cpu = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  let last = -1;
  let still = 0;
  for (let waited = 0; waited < 15_000 && still < 3; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    const now = cpu();
    still = now === last && now >= 10 ? still + 1 : 0;
    last = now;
  }
}

/**
 * Runs the CLI with `input` on a standard input left open and a standard output not read until
 * `signal` is sent after work (so its pipe is full and rows wait in the process); what it wrote.
 */
async function interrupted(args: string[], input: string, signal: NodeJS.Signals): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['lib/cli.js', ...args]);
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  child.stdin.on('error', () => {});
  child.stdin.write(input);
  await afterWork(child.pid!);
  child.kill(signal);
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
  return { code, out, err };
}

/** `n` URLs, one per line. */
const urls = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `https://a.test/x${from + i}\n`).join('');

describe('a closed standard output (| head -1)', () => {
  it('ends quietly with 141 (128 + SIGPIPE), as a tool killed by SIGPIPE does: no stack trace, not 1 ("blocked")', async () => {
    const child = spawn(process.execPath, ['lib/cli.js', 'check', robots, '--ua', 'x', '--urls', '-', '--format', 'csv'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdin.on('error', () => {});
    child.stdin.end(urls(200_000));
    // Read the first piece, then close the pipe as head does.
    await new Promise<void>((r) => child.stdout.once('data', () => r()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    expect(err).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(141);
  });
});

describe('an interrupt through a pipe', () => {
  it.each([['1'], ['2']])('--jobs %s: the rows made are written whole, then exit 130 (128 + SIGINT)', async (jobs) => {
    // The list keeps coming: standard input stays open.
    const { code, out, err } = await interrupted(['check', robots, '--ua', 'x', '--urls', '-', '--format', 'csv', '--jobs', jobs], urls(100_000), 'SIGINT');
    expect(code).toBe(130);
    expect(out.endsWith('\r\n')).toBe(true);
    const rows = out.slice(0, -2).split('\r\n');
    expect(rows[0]).toBe('url,crawler,verdict,line,rule,tested_path,group');
    expect(rows.length).toBeGreaterThan(1000);
    rows.slice(1).forEach((row, i) => expect(row).toMatch(new RegExp(`^https://a\\.test/x${i},x,(allowed,,,/x${i}|blocked,2,Disallow: /x1,/x${i}),\\* \\(line 1\\)$`)));
    expect(err).toMatch(new RegExp(`interrupted: the rows of the first ${(rows.length - 1).toLocaleString('en-US')} URLs were written`));
  });

  it('SIGTERM: the rows made are written whole, then exit 143 (128 + SIGTERM), as --help says', async () => {
    const { code, out } = await interrupted(['check', robots, '--ua', 'x', '--urls', '-', '--format', 'csv', '--jobs', '1'], urls(50_000), 'SIGTERM');
    expect(code).toBe(143);
    expect(out.endsWith('\r\n')).toBe(true);
    expect(out.split('\r\n')[0]).toBe('url,crawler,verdict,line,rule,tested_path,group');
  });

  it('batch: the answers made are written whole, then exit 130', async () => {
    const line = (i: number) => JSON.stringify({ id: i, robots: 'User-agent: *\nDisallow: /x\n', ua: 'a', url: `/x${i}` }) + '\n';
    const { code, out } = await interrupted(['batch'], Array.from({ length: 50_000 }, (_, i) => line(i)).join(''), 'SIGINT');
    expect(code).toBe(130);
    const answers = out.split('\n');
    expect(answers.pop()).toBe('');
    expect(answers.length).toBeGreaterThan(100);
    answers.forEach((a, i) => expect(JSON.parse(a)).toEqual({ id: i, allowed: false, line: 2 }));
  });
});

describe('--urls that cannot be read: a clear message and exit 2, not an internal error', () => {
  const unreadable = join(dir, 'unreadable.txt');
  writeFileSync(unreadable, '/a\n');
  chmodSync(unreadable, 0o000);
  const folder = join(dir, 'folder');
  mkdirSync(folder);
  const asRoot = process.getuid?.() === 0;
  it.each([
    [join(dir, 'missing.txt'), /^robots-txt-tester: no such URL list: .*missing\.txt\n/],
    [folder, /^robots-txt-tester: the URL list .*folder is a directory: give a file\n/],
  ])('%s', (file, message) => {
    for (const command of [['check', robots], ['diff', robots, robots]]) {
      const r = cli([...command, '--ua', 'x', '--urls', file]);
      expect(r.err).toMatch(message);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
    }
  });
  it('unreadable (no permission)', (ctx) => {
    // root reads any file whatever its mode
    if (asRoot) ctx.skip();
    const r = cli(['check', robots, '--ua', 'x', '--urls', unreadable]);
    expect(r.err).toMatch(/cannot read the URL list .*: permission denied/);
    expect(r.code).toBe(2);
  });
});

describe('options out of range: a clear message and exit 2', () => {
  it.each([
    [['--site', 'ht tp://bad'], /--site takes the site's address \(https:\/\/www\.example\.com\) or host \(www\.example\.com\), not "ht tp:\/\/bad"/],
    [['--site', 'javascript:alert(1)'], /--site takes/],
    [['--timeout', '0'], /--timeout takes a time from 1 ms to 600 s/],
    [['--timeout', '1e15'], /--timeout takes a time from 1 ms to 600 s/],
    [['--timeout', '2147483648'], /--timeout takes a time from 1 ms to 600 s/],
    [['--timeout', '10 minutes'], /--timeout takes a time/],
    [['--jobs', '256'], /--jobs takes a number of threads from 1 to \d+/],
    [['--jobs', '0'], /--jobs takes a number of threads/],
    [['--jobs', '1.5'], /--jobs takes a number of threads/],
  ])('%j', (options, message) => {
    const r = cli(['check', robots, '--ua', 'x', ...options, '/x']);
    expect(r.err).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
  });
  it('a valid --site puts other hosts out of scope; --timeout takes seconds with s and fractions of them', () => {
    expect(cli(['check', robots, '--ua', 'x', '--site', 'a.test', 'https://b.test/x1']).out).toMatch(/^OUT OF SCOPE {2}https:\/\/b\.test\/x1/);
    expect(cli(['check', robots, '--ua', 'x', '--timeout', '0.5s', '/x1']).code).toBe(1);
    expect(cli(['check', robots, '--ua', 'x', '--timeout', '0.5', '/x1']).code).toBe(1);
  });
});

describe('a robots.txt read up to what is used (Google reads 500 KiB)', () => {
  it('/dev/zero is read no further than a little past 500 KiB, and the cut is said', () => {
    const t = Date.now();
    const r = cli(['check', '/dev/zero', '--ua', 'x', '/x']);
    expect(Date.now() - t).toBeLessThan(5000);
    expect(r.err).toContain('robots-txt-tester: /dev/zero: more than 577,536 bytes: read the first 577,536; Google reads 512,000 (500 KiB) and ignores the rest');
    expect(r.code).toBe(0);
  });
  it('standard input is read no further either: a writer of gigabytes is stopped, not buffered', async () => {
    const child = spawn(process.execPath, ['lib/cli.js', 'check', '-', '--ua', 'x', '/late'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdin.on('error', () => {});
    const block = Buffer.from(`User-agent: *\nDisallow: /early\n${'#'.repeat(65_000)}\n`);
    let sent = 0;
    // Up to 3 GB, as long as the CLI reads.
    const pump = () => {
      while (sent < 3e9 && child.stdin.writable) {
        sent += block.length;
        if (!child.stdin.write(block)) return void child.stdin.once('drain', pump);
      }
    };
    pump();
    const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    expect(sent).toBeLessThan(50e6);
    expect(err).toContain('standard input: more than 577,536 bytes: read the first 577,536');
    expect(code).toBe(0);
  });
  it('a file just past the limit: the rules before the cut apply, the ones after do not (as when fetched)', () => {
    const big = join(dir, 'big.txt');
    writeFileSync(big, 'User-agent: *\nDisallow: /early\n' + '#'.repeat(99).concat('\n').repeat(5300) + 'Disallow: /late\n');
    const r = cli(['check', big, '--ua', 'x', '/early', '/late']);
    expect(r.out).toMatch(/^BLOCKED {2}\/early/m);
    expect(r.out).toMatch(/^ALLOWED {2}\/late/m);
    expect(r.err).toBe('');
  });
  it('ai-policy reads the whole file it rewrites (up to 32 MiB), and refuses a larger one', () => {
    const big = join(dir, 'edit.txt');
    writeFileSync(big, 'User-agent: *\nDisallow: /early\n' + '#'.repeat(99).concat('\n').repeat(6000) + 'Disallow: /late\n');
    const r = cli(['ai-policy', big, '--train', 'block', '--json']);
    expect(JSON.parse(r.out).text).toContain('Disallow: /late\n');
    const zero = cli(['ai-policy', '/dev/zero', '--train', 'block']);
    expect(zero.err).toMatch(/\/dev\/zero is larger than 32 MiB: too large to rewrite/);
    expect(zero.code).toBe(2);
  });
});

describe('CSV cells neutralised whatever they hold (item 6: the CLI uses the CSV module’s writer)', () => {
  it('a formula-like URL with a line break, from an expectations file, is written as text', () => {
    const file = join(dir, 'formula.csv');
    writeFileSync(file, 'url,crawler,expected\n"-evil.test/=HYPERLINK(""https://evil.test"")\n/x",x,allowed\n"\t@SUM(1)",x,allowed\n');
    const r = cli(['check', robots, '--expect', file, '--site', 'https://a.test', '--format', 'csv']);
    const cells = r.out.split('\r\n');
    // A URL led by its host is tested as given, and so written.
    expect(cells[1]).toMatch(/^"'-evil\.test\/=HYPERLINK\(""https:\/\/evil\.test""\)\n\/x",x,/);
    // The expectations reader trims the cell's tab; a relative URL is written as tested, on the site.
    expect(cells[2]).toMatch(/^https:\/\/a\.test\/@SUM\(1\),x,/);
  });
});

describe('no spreading of unbounded arrays into a call (item 5)', () => {
  it('lines prints a table of 300,000 blank lines (Math.max over every row threw RangeError)', () => {
    const blank = join(dir, 'blank.txt');
    writeFileSync(blank, '\n'.repeat(300_000));
    const r = cli(['lines', blank]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')).toHaveLength(300_003);
  });
});

describe('names that are also Object.prototype members are plain names (item 9)', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('--ua %s: its blocked URLs count (exit 1), its summary is its own', (ua) => {
    const r = cli(['check', robots, '--ua', ua, '--urls', '-', '--summary', '--format', 'csv'], '/x1\n/y\n');
    expect(r.err).toContain(`${ua}: 1 allowed, 1 blocked, 0 out of scope, 0 cannot test`);
    expect(r.code).toBe(1);
    expect(({} as Record<string, unknown>)['allowed']).toBeUndefined();
  });
  it.each(['constructor', 'toString', '__proto__'])('help %s prints the usage, not a function', (name) => {
    const r = cli(['help', name]);
    expect(r.out).toMatch(/^Usage:/);
    expect(r.out).not.toContain('native code');
    const unknown = cli([name]);
    expect(unknown.err).toContain(`unknown command ${name}`);
    expect(unknown.err).not.toContain(`robots-txt-tester ${name} --help`);
  });
  it.each(['toString', 'constructor', '__proto__'])('--expect: a URL or crawler named %s is checked as any other', (name) => {
    const expect_ = join(dir, `expect-${name}.csv`);
    writeFileSync(expect_, `url,crawler,expected\n/${name},${name},allowed\n/x1,${name},blocked\n`);
    const r = cli(['check', robots, '--expect', expect_, '--format', 'csv']);
    expect(r.out.split('\r\n').slice(1, 3)).toEqual([
      `/${name},${name},allowed,,,/${name},* (line 1),allowed,yes`,
      `/x1,${name},blocked,2,Disallow: /x1,/x1,* (line 1),blocked,yes`,
    ]);
    expect(r.code).toBe(0);
  });
});
