/**
 * The repository's GitHub Action (action.yml, a composite action running scripts/github-action.mjs):
 * its inputs reach the CLI as arguments (never through the shell), and with GITHUB_ACTIONS and
 * GITHUB_STEP_SUMMARY set a run annotates the failing rows and writes the job summary. The CLI is
 * the checked-out lib/cli.js (RTT_CLI); a local server stands in for the live site.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface ActionYml {
  inputs: Record<string, { required: boolean; default?: string }>;
  runs: { using: string; steps: { shell: string; env: Record<string, string>; run: string }[] };
}
const action = load(readFileSync('action.yml', 'utf8')) as ActionYml;
const step = action.runs.steps[0]!;

let server: Server;
let live = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/robots.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n');
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  live = `http://127.0.0.1:${(server.address() as AddressInfo).port}/robots.txt`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const work = mkdtempSync(join(tmpdir(), 'rtt-action-'));
mkdirSync(join(work, 'public'));
writeFileSync(join(work, 'public/robots.txt'), 'User-agent: *\nDisallow: /private\nDisallow: /shop\n');
writeFileSync(join(work, 'expect.csv'), 'url,crawler,expected\nhttps://a.test/,,allowed\nhttps://a.test/shop/shoes,,allowed\n');

/** Runs the composite step's script as the runner would: bash, the inputs in the step's environment (not blocking: the live site answers from here). */
async function runStep(inputs: Record<string, string>) {
  const summary = join(work, `summary-${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(summary, '');
  // The step's env maps ${{ inputs.x }}: put each input's value there, or its default.
  const stepEnv = Object.fromEntries(Object.entries(step.env).map(([k, v]) => {
    const name = /^\$\{\{ inputs\.([a-z-]+) \}\}$/.exec(v)![1]!;
    return [k, inputs[name] ?? action.inputs[name]!.default ?? ''];
  }));
  const child = spawn('bash', ['-e', '-c', step.run], {
    cwd: work,
    env: {
      ...process.env, ...stepEnv, GITHUB_ACTION_PATH: process.cwd(), GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: work,
      RTT_CLI: resolve('lib/cli.js'),
    },
  });
  let [out, err] = ['', ''];
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  return { code, out, err, summary: readFileSync(summary, 'utf8') };
}

describe('action.yml', () => {
  it('is a composite action whose one step passes every input through its environment', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(['robots', 'expectations', 'crawlers', 'user-agents', 'readers', 'live-url', 'urls', 'site', 'version']);
    const mapped = Object.values(step.env).map((v) => /^\$\{\{ inputs\.([a-z-]+) \}\}$/.exec(v)?.[1]);
    expect(mapped.sort()).toEqual(Object.keys(action.inputs).sort());
    // No input is pasted into the script itself (script injection).
    expect(step.run).not.toContain('${{');
    expect(step.shell).toBe('bash');
  });
});

describe('the action on GitHub Actions', () => {
  it('expectations and the live file: annotations on the deciding lines, a summary per run, exit 1', async () => {
    const r = await runStep({ robots: 'public/robots.txt', expectations: 'expect.csv', crawlers: 'googlebot, bingbot', 'live-url': live, site: 'https://a.test' });
    expect(r.code).toBe(1);
    const errors = r.err.split('\n').filter((l) => l.startsWith('::error'));
    expect(errors).toEqual([
      '::error file=public/robots.txt,line=3,title=robots.txt check --expect%3A https%3A//a.test/shop/shoes × googlebot::row 3: https://a.test/shop/shoes × Googlebot must be allowed, is blocked: line 3 (Disallow: /shop) decides',
      '::error file=public/robots.txt,line=3,title=robots.txt check --expect%3A https%3A//a.test/shop/shoes × bingbot::row 3: https://a.test/shop/shoes × Bingbot must be allowed, is blocked: line 3 (Disallow: /shop) decides',
      '::error file=public/robots.txt,line=3,title=robots.txt diff%3A https%3A//a.test/shop/shoes × googlebot::https://a.test/shop/shoes × Googlebot was allowed, is blocked: old no rule matches, new line 3 (Disallow: /shop)',
      '::error file=public/robots.txt,line=3,title=robots.txt diff%3A https%3A//a.test/shop/shoes × bingbot::https://a.test/shop/shoes × Bingbot was allowed, is blocked: old no rule matches, new line 3 (Disallow: /shop)',
    ]);
    expect(r.out).toContain('::group::robots-txt-tester check public/robots.txt --expect expect.csv --crawler googlebot --crawler bingbot --site https://a.test\n');
    expect(r.summary).toContain('### ❌ robots.txt check \\-\\-expect: public/robots\\.txt');
    expect(r.summary).toContain('### ❌ robots.txt diff: public/robots\\.txt');
    expect(r.summary).toContain('**4** verdicts compared · **2** changed');
  });
  it('an input holding shell syntax is an argument, never a command', async () => {
    const r = await runStep({ robots: 'public/robots.txt', expectations: 'expect.csv', 'user-agents': '$(touch pwned); Googlebot `id`' });
    expect(r.err).toMatch(/no crawler token|::error/);
    expect(() => readFileSync(join(work, 'pwned'))).toThrow();
  });
  it('all met: exit 0 and a passing summary; neither expectations nor a live URL: a clear error, exit 2', async () => {
    writeFileSync(join(work, 'met.csv'), 'url,crawler,expected\nhttps://a.test/,,allowed\n');
    const ok = await runStep({ robots: 'public/robots.txt', expectations: 'met.csv', readers: 'python-urllib' });
    expect(ok.code).toBe(0);
    expect(ok.summary).toContain('### ✅ robots.txt check \\-\\-expect');
    const bad = await runStep({ robots: 'public/robots.txt' });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('::error title=robots-txt-tester action::give "expectations"');
  });
});
