import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CRAWLERS, type CrawlerSpec } from '../robots/index.js';
import { Analyser } from '../worker/index.js';

const dir = mkdtempSync(join(tmpdir(), 'rtt-cli-'));
const robotsFile = join(dir, 'robots.txt');
writeFileSync(robotsFile, 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /g\n');

function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['lib/cli.js', ...args], { input, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('robots-txt-tester check', () => {
  it('prints a line per URL and exits 0 when all are allowed', () => {
    const r = cli(['check', robotsFile, '--ua', 'Bingbot', 'https://a.test/', '/public']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => !l.startsWith('    '))).toHaveLength(3);
    expect(r.out).toMatch(/^ALLOWED {2}https:\/\/a\.test\/ {2}no rule matched \(line 0\) {2}group: \* \(line 1\)/);
    expect(r.out).toContain('    No group names Bingbot, so the * group (line 1) applies.');
  });
  it('exits 1 when any URL is blocked, naming the deciding line and group', () => {
    const r = cli(['check', robotsFile, '--ua', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '/x', '/g/1']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('BLOCKED  /g/1  line 5: Disallow: /g  group: Googlebot (line 4)  token: Googlebot');
    expect(r.out).toContain('    From the User-Agent string, Google reads the token “Googlebot”.');
  });
  it('reads the robots.txt from standard input with -', () => {
    const r = cli(['check', '-', '--ua', 'x', '/a'], 'User-agent: *\nDisallow: /a\n');
    expect(r.code).toBe(1);
  });
  it('--json prints machine output', () => {
    const r = cli(['check', robotsFile, '--ua', 'Bingbot', '--json', '/private/x']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject([{ url: '/private/x', allowed: false, line: 2, rule: 'Disallow: /private', reason: 'longest-match', token: 'Bingbot' }]);
  });
  it.each([
    [['check', join(dir, 'missing.txt'), '--ua', 'x', '/'], /no such file: .*missing\.txt/],
    [['check', robotsFile, '--ua', 'x', 'http://exa mple.com/'], /“http:\/\/exa mple.com\/” is not a URL a browser accepts/],
    [['check', robotsFile, '--ua', 'x', 'javascript:alert(1)'], /is a javascript: URL/],
    [['check', robotsFile, '--ua', 'x', 'cart'], /“cart” is a relative URL/],
    [['check', robotsFile, '/'], /missing a crawler/],
    [['check', robotsFile, '--crawler', 'nobot', '/'], /no crawler profile "nobot"/],
    [['check', robotsFile, '--frob', '/'], /unknown option --frob/],
    [['check', robotsFile, '--ua', 'x'], /missing the URL/],
    [['check', robotsFile, '--ua', '/2.1', '/'], /no crawler token/],
    [['frobnicate'], /unknown command frobnicate/],
  ])('exits 2 with a clear message on bad input: %j', (args, message) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });
});

describe('robots-txt-tester check: crawlers as in the app', () => {
  const file = join(dir, 'inspection.txt');
  writeFileSync(file, 'User-agent: Googlebot\nDisallow: /x\n');
  it('Google-specific: --ua Google-InspectionTool follows its profile (Googlebot fallback), as --crawler does', () => {
    for (const args of [['--ua', 'Google-InspectionTool'], ['--crawler', 'google-inspectiontool'], ['-u', 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)']]) {
      const r = cli(['check', file, ...args, '--json', '/x']);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.out)[0]).toMatchObject({ allowed: false, line: 2, group: { kind: 'specific' } });
    }
  });
  it('repeats --ua and --crawler, and --all-google tests every Google crawler', () => {
    const r = cli(['check', file, '--ua', 'Bingbot', '--crawler', 'googlebot', '--json', '/x', '/y']);
    expect(JSON.parse(r.out).map((v: { url: string; token: string; allowed: boolean }) => [v.url, v.token, v.allowed])).toEqual([
      ['/x', 'Bingbot', true], ['/x', 'Googlebot', false], ['/y', 'Bingbot', true], ['/y', 'Googlebot', true],
    ]);
    const all = JSON.parse(cli(['check', file, '--all-google', '--json', '/x']).out);
    expect(all.length).toBeGreaterThan(10);
    expect(all.find((v: { crawler: { profile: string } }) => v.crawler.profile === 'googleother-image')).toMatchObject({ allowed: true, token: 'GoogleOther-Image' });
  });
  it('warns about a token Google cannot match, and tests it as typed', () => {
    const r = cli(['check', file, '--ua', 'AB42bot', '/x']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning: “AB42bot” is not a name Google’s parser can match/);
  });
  it('--site resolves relative URLs and puts other hosts out of scope', () => {
    const r = cli(['check', file, '--ua', 'Googlebot', '--site', 'https://a.test', '--json', 'x', 'https://b.test/x']);
    expect(JSON.parse(r.out).map((v: { path: string; inScope: boolean; allowed: boolean }) => [v.path, v.inScope, v.allowed])).toEqual([
      ['/x', true, false], ['/x', false, true],
    ]);
  });
  it('--version prints the package\'s version, as every CLI does', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) expect(cli([flag])).toEqual({ code: 0, out: `robots-txt-tester ${version}\n`, err: '' });
  });
  it('--help on every command', () => {
    for (const command of ['check', 'lines', 'batch']) {
      const r = cli([command, '--help']);
      expect([command, r.code, r.out.startsWith(`Usage: robots-txt-tester ${command}`)]).toEqual([command, 0, true]);
    }
  });
  it('help <command> and a usage error name the commands loaded when they run as they name the others', () => {
    for (const command of ['check', 'history', 'logs', 'audit']) {
      const r = cli(['help', command]);
      expect([command, r.code, r.out.startsWith(`Usage: robots-txt-tester ${command}`)]).toEqual([command, 0, true]);
      expect(cli([command, '--no-such-option']).err).toContain(`Run "robots-txt-tester ${command} --help" for usage.`);
    }
  });
});

describe('the app and the CLI agree (one crawler resolution)', () => {
  it('profiles and free text give the same verdicts through the worker\'s analysis and the CLI', () => {
    const body = 'User-agent: Googlebot\nDisallow: /x\n\nUser-agent: GoogleOther\nDisallow: /o\n\nUser-agent: AdsBot-Google\nAllow: /\n\nUser-agent: *\nDisallow: /\n';
    const file = join(dir, 'agree.txt');
    writeFileSync(file, body);
    const specs: CrawlerSpec[] = [
      ...CRAWLERS.map((c) => ({ kind: 'profile', id: c.id }) as const),
      ...['Google-InspectionTool', 'googleother-image', 'Googlebot-Image', 'AdsBot-Google-Mobile', 'MyBot', 'AB42bot',
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'].map((value) => ({ kind: 'text', value }) as const),
    ];
    const urls = ['/x', '/o', '/free'];
    const app = new Analyser().analyse({
      type: 'analyse', id: 1, revision: 1, text: body, site: '', status: { kind: 'http', code: 200 },
      tests: specs.flatMap((crawler) => urls.map((url) => ({ url, crawler }))),
    }).verdicts.map((v) => [v.url, v.token, v.allowed, v.line, v.group.kind]);
    const args = specs.flatMap((c) => (c.kind === 'profile' ? ['--crawler', c.id] : ['--ua', c.value]));
    const cliOut = JSON.parse(cli(['check', file, ...args, '--json', ...urls]).out) as { url: string; token: string; allowed: boolean; line: number; group: { kind: string } }[];
    // The CLI lists URL by URL; the app test list crawler by crawler.
    const byCrawler = specs.flatMap((_, c) => urls.map((_, u) => cliOut[u * specs.length + c]!));
    expect(byCrawler.map((v) => [v.url, v.token, v.allowed, v.line, v.group.kind])).toEqual(app);
    expect(app.filter((r) => r[1] === 'Google-InspectionTool').map((r) => r[2])).toEqual([false, true, true, false, true, true]);
  });
});

describe('robots-txt-tester lines (Google-specific: RobotsParsingReporter)', () => {
  const body = 'User-agent: *\nDisalow /x\nCrawl-delay: 5\n# note\n';
  it('--json prints one object per line with the reporter\'s fields and ours', () => {
    const r = cli(['lines', '-', '--json'], body);
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((l) => [l.line, l.tag, l.typo, l.missingColon, l.comment, l.empty])).toEqual([
      [1, 'user-agent', false, false, false, false], [2, 'disallow', true, true, false, false], [3, 'unused', false, false, false, false],
      [4, 'unknown', false, false, true, false], [5, 'unknown', false, false, false, true],
    ]);
    expect(out[1]).toMatchObject({ kind: 'disallow', codes: ['misspelled-field', 'missing-colon'], severity: 'warning' });
  });
  it('--format csv', () => {
    const r = cli(['lines', '-', '--format', 'csv'], body);
    expect(r.out.split('\r\n').slice(0, 3)).toEqual([
      'line,tag,typo,empty,comment,hasComment,directive,tooLong,missingColon,kind,severity,codes',
      '1,user-agent,false,false,false,false,true,false,false,user-agent,,',
      '2,disallow,true,false,false,false,true,false,true,disallow,warning,misspelled-field missing-colon',
    ]);
  });
  it('prints a readable table', () => {
    const r = cli(['lines', '-'], body);
    expect(r.out.split('\n')[0]).toMatch(/^LINE +TAG +FLAGS +FINDINGS +TEXT$/);
    expect(r.out).toMatch(/2 +disallow +typo,directive,missingColon +warning: misspelled-field,missing-colon +Disalow \/x/);
  });
  it('--batch answers one line per input line and survives malformed ones', () => {
    const r = cli(['lines', '--batch'], [JSON.stringify({ id: 'a', robots: 'Allow: /' }), '{bad', JSON.stringify({ id: 2 })].join('\n') + '\n');
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(out[0]).toMatchObject({ id: 'a', lines: [{ line: 1, tag: 'allow' }] });
    expect(out[1]).toMatchObject({ id: null, error: expect.stringMatching(/malformed JSON/) });
    expect(out[2]).toMatchObject({ id: 2, error: expect.stringMatching(/robots/) });
  });
});

describe('robots-txt-tester batch (the conformance contract)', () => {
  it('answers one line per input line, in order, and survives malformed lines', () => {
    const input = [
      JSON.stringify({ id: 'a', robots: 'User-agent: *\nDisallow: /x', ua: 'Googlebot', url: 'https://a.test/x' }),
      '{not json',
      JSON.stringify({ id: 7, robots: 'User-agent: *\nDisallow: /x', ua: 'Googlebot', url: 'https://a.test/y' }),
      JSON.stringify({ id: 'c', robots: 5, ua: 'x', url: '/' }),
      '',
      JSON.stringify({ id: 'd', robots: '', ua: 'Googlebot', url: '/' }),
    ].join('\n');
    const r = cli(['batch'], input + '\n');
    expect(r.code).toBe(0);
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(6);
    expect(out[0]).toEqual({ id: 'a', allowed: false, line: 2 });
    expect(out[1]).toMatchObject({ id: null, error: expect.stringMatching(/malformed JSON/) });
    expect(out[2]).toEqual({ id: 7, allowed: true, line: 0 });
    expect(out[3]).toMatchObject({ id: 'c', error: expect.stringMatching(/robots/) });
    expect(out[4]).toMatchObject({ id: null, error: 'empty input line' });
    expect(out[5]).toEqual({ id: 'd', allowed: true, line: 0 });
  });
  it('handles tens of thousands of lines, and bodies near 500 KiB', () => {
    const small = 'User-agent: *\n' + Array.from({ length: 100 }, (_, i) => `Disallow: /p${i}/`).join('\n');
    const big = 'User-agent: *\n' + Array.from({ length: 25000 }, (_, i) => `Disallow: /p${i}/`).join('\n');
    const reqs: { id: number | string; robots: string; ua: string; url: string }[] = Array.from({ length: 20000 }, (_, i) => ({ id: i, robots: small, ua: 'Googlebot', url: `https://a.test/p${i % 150}/x` }));
    reqs.push({ id: 'big', robots: big, ua: 'Googlebot', url: 'https://a.test/p24999/x' });
    const r = cli(['batch'], reqs.map((q) => JSON.stringify(q)).join('\n') + '\n');
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(big.length).toBeGreaterThan(400_000);
    expect(out).toHaveLength(20001);
    expect(out[3]).toEqual({ id: 3, allowed: false, line: 5 });
    expect(out[149]).toEqual({ id: 149, allowed: true, line: 0 });
    expect(out[20000]).toEqual({ id: 'big', allowed: false, line: 25001 });
  });
});

describe('readers on the command line (--reader, --all-readers, batch "reader")', () => {
  const firstMatch = join(dir, 'first-match.txt');
  writeFileSync(firstMatch, 'User-agent: *\nDisallow: /a\nAllow: /a/b\n');
  it('--reader python-urllib answers as CPython ≤ 3.12 does (first match) and says why in its terms', () => {
    const r = cli(['check', firstMatch, '--ua', 'FooBot', '--reader', 'python-urllib', 'https://x.test/a/b']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('BLOCKED  https://x.test/a/b  line 2: Disallow: /a  reader: python-urllib  crawler: FooBot');
    expect(r.out).toContain('    Python ≤3.12 and 3.13.0–3.13.7 takes the first rule that matches, in file order: line 2, “Disallow: /a”, comes before line 3, “Allow: /a/b”.');
  });
  it('--all-readers gives one row per reader, Google’s first; JSON names the reader', () => {
    const r = cli(['check', firstMatch, '--ua', 'FooBot', '--all-readers', '--json', '/a/b']);
    const rows = JSON.parse(r.out) as { reader?: string; allowed: boolean; line: number }[];
    expect(rows.map((x) => [x.reader ?? 'google', x.allowed, x.line])).toEqual([
      ['google', true, 3], ['bing', true, 3], ['python-urllib', false, 2], ['python-urllib-rfc9309', true, 3],
      ['scrapy-protego', true, 3], ['scrapy-protego-0.6', true, 3], ['robots-parser', true, 3], ['crawler-commons', true, 3],
    ]);
  });
  it('--expect checks every reader given, naming the reader of a failing row', () => {
    const expectations = join(dir, 'expect-readers.csv');
    writeFileSync(expectations, 'url,crawler,expected\n/a/b,,allowed\n');
    const r = cli(['check', firstMatch, '--ua', 'FooBot', '-r', 'google', '-r', 'python-urllib', '--expect', expectations]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('1 of 2 expectations failed');
    expect(r.err).toContain('/a/b × FooBot as python-urllib reads it must be allowed, is blocked: line 2 (Disallow: /a) decides');
  });
  it('diff lists changes per reader', () => {
    const after = join(dir, 'after.txt');
    const urls = join(dir, 'urls.txt');
    writeFileSync(after, 'User-agent: *\nAllow: /a/b\nDisallow: /a\n');
    writeFileSync(urls, '/a/b\n');
    const r = cli(['diff', firstMatch, after, '--urls', urls, '--ua', 'FooBot', '--all-readers']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('BLOCKED → ALLOWED  /a/b  crawler: FooBot  reader: python-urllib');
    expect(r.out).toContain('1 of 8 verdicts changed');
  });
  it('an unknown reader is bad input (exit 2)', () => {
    const r = cli(['check', firstMatch, '--ua', 'FooBot', '--reader', 'nope', '/a']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no reader "nope"');
  });
  it('batch takes an optional "reader" per line and answers {id, allowed, line} as before', () => {
    const robots = 'User-agent: *\nDisallow: /a\nAllow: /a/b\n';
    const reqs = [
      { id: 1, robots, ua: 'FooBot', url: 'https://x.test/a/b' },
      { id: 2, robots, ua: 'FooBot', url: 'https://x.test/a/b', reader: 'python-urllib' },
      { id: 3, robots, ua: 'FooBot', url: 'https://x.test/a/b', reader: 'robots-parser' },
      { id: 4, robots: 'User-agent: *\nDisallow: //[x\n', ua: 'FooBot', url: 'https://x.test/', reader: 'python-urllib' },
      { id: 5, robots, ua: 'FooBot', url: 'https://x.test/', reader: 'lynx' },
      { id: 6, robots, ua: 'FooBot', url: 'https://x.test/a/c', reader: 'robots-parser', robotsUrl: 'https://x.test/robots.txt' },
      { id: 7, robots, ua: 'FooBot', url: 'http://x.test/a/c', reader: 'robots-parser', robotsUrl: 'https://x.test/robots.txt' },
      { id: 8, robots, ua: 'FooBot', url: 'https://x.test/a/c', reader: 'robots-parser', robotsUrl: 7 },
    ];
    const r = cli(['batch'], reqs.map((q) => JSON.stringify(q)).join('\n') + '\n');
    expect(r.out.trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { id: 1, allowed: true, line: 3 },
      { id: 2, allowed: false, line: 2 },
      { id: 3, allowed: true, line: 3 },
      { id: 4, error: 'python-urllib: ValueError: Invalid IPv6 URL' },
      { id: 5, error: expect.stringContaining('"reader" must be one of google, bing') },
      { id: 6, allowed: false, line: 2 },
      { id: 7, error: 'robots-parser: isAllowed returns undefined: the URL is not on the robots.txt’s scheme, host and port' },
      { id: 8, error: '"robotsUrl" must be a string (where the robots.txt was fetched from)' },
    ]);
  });
});

describe('long lists stream', () => {
  const robots = join(dir, 'stream-robots.txt');
  writeFileSync(robots, 'User-agent: *\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: Googlebot\nDisallow: /g\n');
  const paths = ['/private/x', '/private/ok', '/g/1', '/open', '/g'];
  const list = Array.from({ length: 3000 }, (_, i) => `https://a.test${paths[i % paths.length]}?n=${i}`).join('\n') + '\n';
  const listFile = join(dir, 'list.txt');
  writeFileSync(listFile, list);

  it('URLs on standard input; --jobs 2 writes exactly what --jobs 1 writes, in input order', () => {
    const one = cli(['check', robots, '--ua', 'Googlebot', '--ua', 'Bingbot', '--format', 'csv', '--jobs', '1'], list);
    const two = cli(['check', robots, '--ua', 'Googlebot', '--ua', 'Bingbot', '--format', 'csv', '--jobs', '2', '--urls', listFile]);
    expect(one.code).toBe(1);
    expect(two.out).toBe(one.out);
    const rows = one.out.trim().split('\r\n');
    expect(rows.length).toBe(1 + 3000 * 2);
    expect(rows[1]).toBe('https://a.test/private/x?n=0,googlebot,allowed,,,/private/x?n=0,Googlebot (line 5)');
    expect(rows[2]).toBe('https://a.test/private/x?n=0,bingbot,blocked,2,Disallow: /private,/private/x?n=0,* (line 1)');
    expect(rows[6000]).toBe('https://a.test/g?n=2999,bingbot,allowed,,,/g?n=2999,* (line 1)');
  });
  it('standard output a file (written to directly) gets exactly what a pipe gets, CSV and JSON', () => {
    for (const format of [['--format', 'csv'], ['--json']]) {
      const args = ['lib/cli.js', 'check', robots, '--ua', 'Googlebot', '--ua', 'Bingbot', ...format, '--urls', listFile];
      const piped = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
      const outFile = join(dir, 'out.txt');
      const fd = openSync(outFile, 'w');
      const direct = spawnSync(process.execPath, args, { stdio: ['ignore', fd, 'pipe'] });
      closeSync(fd);
      expect(direct.status).toBe(piped.status);
      expect(readFileSync(outFile, 'utf8')).toBe(piped.stdout);
    }
  });
  it('a CSV list reads its url column; JSON streams as one valid array; --summary totals per crawler on stderr', () => {
    const csv = join(dir, 'list.csv');
    writeFileSync(csv, 'page,url\nhome,https://a.test/\nsecret,"https://a.test/private/x"\n');
    const r = cli(['check', robots, '--ua', 'Bingbot', '--urls', csv, '--json', '--summary']);
    expect(JSON.parse(r.out).map((v: { url: string; allowed: boolean }) => [v.url, v.allowed])).toEqual([['https://a.test/', true], ['https://a.test/private/x', false]]);
    expect(r.err).toBe('bingbot: 1 allowed, 1 blocked, 0 out of scope, 0 cannot test\n');
  });
  it('a listed URL that cannot be tested gets a row saying why; the rest is checked; exit 2', () => {
    const r = cli(['check', robots, '--ua', 'Bingbot', '--urls', '-'], 'https://a.test/private/1\nmailto:x@a.test\n/open\n');
    expect(r.code).toBe(2);
    expect(r.out).toContain('CANNOT TEST  mailto:x@a.test  “mailto:x@a.test” is a mailto: URL.');
    expect(r.out).toContain('ALLOWED  /open');
    expect(r.err).toContain('1 URL × crawler test could not be run');
  });
  it('the first rows come out while the list is still being written', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['lib/cli.js', 'check', robots, '--ua', 'Bingbot', '--format', 'csv']);
    child.stdin.write('https://a.test/private/1\n');
    const first = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no row within 5 s: ${JSON.stringify(out)}`)), 5000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('private/1')) {
          clearTimeout(timer);
          resolve(out);
        }
      });
    });
    expect(first).toContain('https://a.test/private/1,bingbot,blocked,2');
    child.stdin.end('/open\n');
    const code = await new Promise((r) => child.on('close', r));
    expect(code).toBe(1);
  });
  it('diff streams its list too, and a list with no URL is bad input', () => {
    const after = join(dir, 'stream-after.txt');
    writeFileSync(after, 'User-agent: *\nDisallow: /\n');
    const r = cli(['diff', robots, after, '--ua', 'Bingbot', '--json'], '/open\n/private/x\n');
    expect(JSON.parse(r.out)).toEqual({ changes: [expect.objectContaining({ url: '/open', old: expect.objectContaining({ verdict: 'allowed' }), new: expect.objectContaining({ verdict: 'blocked' }) })], compared: 2, changed: 1 });
    expect(cli(['check', robots, '--ua', 'Bingbot', '--urls', '-'], '\n\n').code).toBe(2);
  });
});

describe('a body that is not a robots.txt', () => {
  it('a file that is an HTML page or UTF-16 text is said to be so on stderr; the verdict is Google’s', () => {
    const html = join(dir, 'soft404.txt');
    writeFileSync(html, '<!doctype html><html><body>Not found</body></html>');
    const r = cli(['check', html, '--ua', 'Googlebot', '/x']);
    expect([r.code, r.err]).toEqual([0, expect.stringContaining('soft404.txt: This looks like an HTML page, not a robots.txt')]);
    const wide = join(dir, 'wide.txt');
    writeFileSync(wide, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('User-agent: *\nDisallow: /\n', 'utf16le')]));
    const w = cli(['check', wide, '--ua', 'Googlebot', '/x']);
    expect([w.code, w.err]).toEqual([0, expect.stringContaining('This file is UTF-16 text')]);
  });
});

describe('robots-txt-tester check: AI preferences per URL', () => {
  const prefs = join(dir, 'prefs-robots.txt');
  writeFileSync(prefs, [
    'License: https://a.test/license.xml', //        1
    'User-agent: *', //                              2
    'Content-Signal: search=yes, ai-train=no', //    3
    'Disallow: /private/', //                        4
    'Content-Usage: train-ai=n', //                  5
    'Content-Usage: /open/ train-ai=y, ai-use=y', // 6
    '',
  ].join('\n'));
  it('--json rows carry usage and contentSignal, as written, where the crawler may fetch the URL; null where it may not', () => {
    const rows = JSON.parse(cli(['check', prefs, '--ua', 'FooBot', '--json', '/a', '/open/b', '/private/c']).out) as Record<string, unknown>[];
    expect(rows.map((r) => [r.url, r.usage, r.contentSignal])).toEqual([
      ['/a', { 'train-ai': 'n' }, { 'search': 'yes', 'ai-train': 'no' }],
      ['/open/b', { 'train-ai': 'y', 'ai-use': 'y' }, { 'search': 'yes', 'ai-train': 'no' }],
      ['/private/c', null, null],
    ]);
    expect(rows[1]!.preferences).toMatchObject({ crawl: 'allowed', usageLines: [6], usagePath: '/open/', contentSignalLines: [3], licenses: [{ url: 'https://a.test/license.xml', line: 1 }] });
    expect(rows[2]!.preferences).toMatchObject({ crawl: 'blocked', withheld: [3, 5] });
  });
  it('the text output says it beside the verdict', () => {
    const r = cli(['check', prefs, '--ua', 'FooBot', '/open/b']);
    expect(r.out).toContain('    AI preferences: crawling allowed; train-ai = y from line 6 (Content-Usage /open/); ai-use = y from line 6 (Content-Usage /open/); search = yes from line 3 (Content-Signal); ai-train = no from line 3 (Content-Signal); licence (RSL): https://a.test/license.xml, line 1.');
  });
  it('a file without preferences: usage and contentSignal are empty where crawling is allowed', () => {
    const r = JSON.parse(cli(['check', robotsFile, '--ua', 'Bingbot', '--json', '/a']).out) as Record<string, unknown>[];
    expect([r[0]!.usage, r[0]!.contentSignal, r[0]!.preferences]).toEqual([{}, {}, undefined]);
  });
  it('--reader robots-parser answers on the site’s origin only: the robots.txt URL reaches it (robots-parser 3.0.1)', () => {
    const r = JSON.parse(cli(['check', robotsFile, '--ua', 'FooBot', '--reader', 'robots-parser', '--site', 'https://a.test', '--json', 'https://a.test/private', 'http://a.test/private']).out) as Record<string, unknown>[];
    expect(r.map((x) => [x.url, x.allowed, x.error])).toEqual([
      ['https://a.test/private', false, null],
      ['http://a.test/private', false, 'isAllowed returns undefined: the URL is not on the robots.txt’s scheme, host and port'],
    ]);
  });
});

describe('robots-txt-tester ai-policy', () => {
  const site = join(dir, 'ai-robots.txt');
  const sample = '# shop\nUser-agent: *\nDisallow: /checkout/\n\nUser-agent: GPTBot\nAllow: /\n';
  it('prints the diff, the notes and the engine’s check; exits 0 when it passes; writes nothing without --write', () => {
    writeFileSync(site, sample);
    const r = cli(['ai-policy', site, '--train', 'block', '--search', 'allow', '--user', 'allow', '--content-signal']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('- Allow: /\n+ Disallow: /');
    expect(r.out).toContain('+ User-agent: ClaudeBot');
    expect(r.out).toContain('+ Content-Signal: search=yes, ai-input=yes, ai-train=no');
    expect(r.out).toMatch(/note: Google’s parser cannot name these \d+ crawlers: AI2Bot/);
    // AI2Bot and the other names Google cuts follow * under Google's reading: the summary counts them, never "all".
    expect(r.out).toMatch(/Checked with Google’s reading: \d+ crawlers, \d+ URLs? differ from the chosen verdict \(\d+ URLs checked\): Google’s parser cannot name those crawlers/);
    expect(spawnSync('cat', [site], { encoding: 'utf8' }).stdout).toBe(sample);
  });
  it('--write writes the file; a second run changes nothing', () => {
    writeFileSync(site, sample);
    expect(cli(['ai-policy', site, '--train', 'block', '--write']).code).toBe(0);
    const written = spawnSync('cat', [site], { encoding: 'utf8' }).stdout;
    expect(written).toContain('User-agent: GPTBot\nDisallow: /\n');
    const again = cli(['ai-policy', site, '--train', 'block', '--json']);
    expect(JSON.parse(again.out)).toMatchObject({ changed: false, check: { ok: true } });
  });
  it('exits 1 and names the verdicts when the check fails (a * Allow that outweighs a blocked path on the path itself)', () => {
    writeFileSync(site, 'User-agent: *\nAllow: /*m\n');
    const r = cli(['ai-policy', site, '--search', '/m', '--urls', '-', '--write'], 'https://example.com/m\n');
    expect(r.code).toBe(1);
    expect(r.out).toContain('The check failed');
    expect(r.out).toMatch(/PerplexityBot would be allowed on https:\/\/example.com\/m, not blocked as chosen: line \d+ decides./);
    expect(r.err).toContain('was not written');
  });
  it('--train block blocks the training-control tokens too (Google-Extended, Applebot-Extended), with a note that they never fetch; user fetches stay', () => {
    writeFileSync(site, sample);
    const r = cli(['ai-policy', site, '--train', 'block', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { text: string; notes: { code: string; crawlers: string[] }[] };
    expect(out.text).toMatch(/\nUser-agent: Google-Extended\n/);
    expect(out.text).toMatch(/\nUser-agent: Applebot-Extended\n/);
    expect(out.text).not.toMatch(/ChatGPT-User/);
    expect(out.notes.find((n) => n.code === 'control-tokens')?.crawlers).toEqual(['google-extended', 'applebot-extended']);
    writeFileSync(site, out.text);
    const check = JSON.parse(cli(['check', site, '--crawler', 'google-extended', '--crawler', 'applebot-extended', '--crawler', 'chatgpt-user', '--json', '/a']).out) as { token: string; allowed: boolean }[];
    expect(check.map((x) => [x.token, x.allowed])).toEqual([['Google-Extended', false], ['Applebot-Extended', false], ['ChatGPT-User', true]]);
    // --control stays, as an override for those tokens alone.
    writeFileSync(site, sample);
    const apart = JSON.parse(cli(['ai-policy', site, '--train', 'block', '--control', 'allow', '--json']).out) as { text: string };
    expect(apart.text).not.toMatch(/Google-Extended/);
  });
  it('--content-usage writes the current drafts’ syntax (draft-ietf-aipref-vocab-08: train-ai, ai-use)', () => {
    writeFileSync(site, sample);
    const r = cli(['ai-policy', site, '--train', 'block', '--search', 'allow', '--content-usage']);
    expect(r.out).toContain('+ Content-Usage: train-ai=n, ai-use=y');
    expect(r.out).toContain('draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-08');
  });
  it('--server writes the server’s rules alone on standard output, the edit and the check on standard error; the file unchanged', () => {
    writeFileSync(site, sample);
    const r = cli(['ai-policy', site, '--train', 'block', '--search', '/members/', '--server', 'nginx']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^# robots-txt-tester: AI crawlers refused at the server \(nginx\)/);
    expect(r.out).toContain('map $http_user_agent $robots_txt_agent {');
    expect(r.out).not.toContain('+ Disallow: /');
    expect(r.err).toContain('- Allow: /\n+ Disallow: /');
    expect(r.err).toMatch(/Checked with Google’s reading: \d+ crawlers, \d+ URLs? differ from the chosen verdict/);
    expect(readFileSync(site, 'utf8')).toBe(sample);
  });
  it('--server cloudflare --status 451 --json: the rules, their status and file name, and every note worded, beside the edit', () => {
    writeFileSync(site, sample);
    const r = cli(['ai-policy', site, '--train', 'block', '--server', 'cloudflare', '--status', '451', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { text: string; server: { server: string; status: number; fileName: string; text: string; notes: { code: string; text: string }[] } };
    expect(out.text).toContain('User-agent: GPTBot\nDisallow: /\n');
    expect(out.server).toMatchObject({ server: 'cloudflare', status: 451, fileName: 'robots-txt-ai.cloudflare.txt' });
    expect(out.server.text).toMatch(/http\.user_agent/);
    expect(out.server.notes.find((n) => n.code === 'covers')?.text).toMatch(/^Refuses GPTBot, .* with status 451 exactly where the file blocks them/);
    // Without --json, a Cloudflare expression has no comments: its notes go to standard error.
    const text = cli(['ai-policy', site, '--train', 'block', '--server', 'cloudflare']);
    expect(text.err).toMatch(/\nnote: Refuses GPTBot, .* with status 403/);
    expect(text.out).not.toContain('note:');
  });
  it('an unknown --server, a --status that is no 4xx, or --status without --server are usage errors (exit 2)', () => {
    expect(cli(['ai-policy', robotsFile, '--train', 'block', '--server', 'iis']).code).toBe(2);
    expect(cli(['ai-policy', robotsFile, '--train', 'block', '--server', 'apache', '--status', '302']).code).toBe(2);
    expect(cli(['ai-policy', robotsFile, '--train', 'block', '--status', '403']).code).toBe(2);
  });
  it('bad choices are usage errors (exit 2)', () => {
    expect(cli(['ai-policy', robotsFile, '--train', 'maybe']).code).toBe(2);
    expect(cli(['ai-policy', robotsFile]).code).toBe(2);
    expect(cli(['ai-policy', robotsFile, '--override', 'googlebot=block']).code).toBe(2);
  });
  it('check --all-ai lists every AI crawler’s verdict', () => {
    const r = cli(['check', robotsFile, '--all-ai', '--json', '/private/x']);
    const rows = JSON.parse(r.out) as { crawler?: string; token: string }[];
    expect(rows.length).toBeGreaterThan(60);
    expect(rows.map((x) => x.token)).toEqual(expect.arrayContaining(['GPTBot', 'Google-Extended', 'PerplexityBot']));
  });
  it('the crawler’s own rules stay, and every rule the edit drops is listed with why (text and --json)', () => {
    writeFileSync(site, 'User-agent: *\nDisallow: /private/\n\nUser-agent: PerplexityBot\nDisallow: /archive/\nAllow: /members/join\n');
    const r = cli(['ai-policy', site, '--search', '/members/,/drafts/']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('note: The rules the file gives PerplexityBot stay as written (line 5)');
    expect(r.out).toContain('dropped: Line 6 (Allow: /members/join) no longer applies to PerplexityBot: an Allow inside a path now blocked would reopen part of it.');
    const json = JSON.parse(cli(['ai-policy', site, '--search', '/members/,/drafts/', '--json']).out) as { text: string; dropped: unknown[] };
    expect(json.text).toContain('User-agent: PerplexityBot\nDisallow: /archive/\nDisallow: /members/\nDisallow: /drafts/\n');
    expect(json.dropped).toEqual([{ line: 6, text: 'Allow: /members/join', crawlers: ['perplexitybot'], why: 'inside-blocked-path', message: expect.stringMatching(/^Line 6 /) }]);
  });
  it('a name only a directory lists is written only through --override; agents without a token are said, never written', () => {
    writeFileSync(site, 'User-agent: *\nDisallow: /private/\n');
    const user = cli(['ai-policy', site, '--user', 'block']);
    expect(user.out).not.toMatch(/User-agent: (ChatGPT Agent|Operator|NovaAct|Google-Agent)/);
    expect(user.out).toContain('note: ChatGPT Agent (OpenAI) has no robots.txt token: no line can address it. It sends a browser’s User-Agent. It signs its requests (Web Bot Auth) with Signature-Agent: https://chatgpt.com.');
    expect(user.out).not.toContain('User-agent: AddSearchBot');
    const asked = cli(['ai-policy', site, '--override', 'addsearchbot=block']);
    expect(asked.code).toBe(0);
    expect(asked.out).toContain('+ User-agent: AddSearchBot');
    expect(cli(['check', site, '--crawler', 'addsearchbot', '--json', '/']).code).toBe(0);
  });
});
