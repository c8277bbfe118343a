import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { READERS } from './robots/readers/index.js';
import { crawlerCommonsName } from './robots/readers/crawler-commons.js';
import { readerCase } from './robots/readers/testing/generate.js';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
function compare(checks: { robots: string; ua: string; url: string }[], label: string) {
  const input = checks.map((c) => `${b64(c.robots)}\t${crawlerCommonsName(c.ua)}\t${b64(c.url)}`).join('\n') + '\n';
  const out = spawnSync('java', ['-cp', '/tmp/cc/out', 'Harness'], { input, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout.trim().split('\n');
  let n = 0; const parsed = new Map();
  checks.forEach((c, i) => {
    if (!parsed.has(c.robots)) parsed.set(c.robots, READERS['crawler-commons'].parse(c.robots));
    const v = READERS['crawler-commons'].check(parsed.get(c.robots), c.ua, c.url);
    const want = out[i];
    const ok = want === String(v.allowed);
    if (!ok && n++ < 6) console.log(JSON.stringify({ robots: c.robots.length < 600 ? c.robots : c.robots.slice(0, 100), ua: c.ua, url: c.url, want, got: v.allowed, line: v.line, path: v.path, reason: v.reason }));
  });
  console.log(label, 'differ', n, 'of', checks.length, 'java blocked', out.filter((x) => x === 'false').length, 'errors', out.filter((x) => x.startsWith('error')).length);
}
it('crawler-commons vs Java', () => {
  const seed = Number(process.env.SEED ?? 1);
  const cases = fc.sample(readerCase, { numRuns: 3000, seed });
  compare(cases.flatMap((c) => c.checks.map((k) => ({ robots: c.robots, ...k }))), 'generated');
  const dir = '/work/shared/corpus/';
  const bodies = new Map<string, string>();
  compare(readFileSync(dir + 'real-cases.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => { const c = JSON.parse(l); if (!bodies.has(c.robots_file)) bodies.set(c.robots_file, new TextDecoder().decode(readFileSync(dir + 'real/' + c.robots_file))); return { robots: bodies.get(c.robots_file)!, ua: c.ua, url: c.url }; }), 'corpus');
});
