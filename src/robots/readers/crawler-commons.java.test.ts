import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { READERS } from './index.js';
import { crawlerCommonsName } from './crawler-commons.js';
import { readerCase } from './testing/generate.js';

// crawler-commons is Java: this runs only where its parser was built from source
// (scripts/crawler-commons/build.sh <source> <dir>; CRAWLER_COMMONS_HARNESS=<dir>).
const HARNESS = process.env.CRAWLER_COMMONS_HARNESS ?? '';
const CORPUS = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url));
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

interface Check { readonly robots: string; readonly ua: string; readonly url: string }

/** The checks where our reader's verdict differs from the Java parser's (first few). */
function differences(checks: readonly Check[]): object[] {
  const input = checks.map((c) => `${b64(c.robots)}\t${crawlerCommonsName(c.ua)}\t${b64(c.url)}`).join('\n') + '\n';
  const run = spawnSync('java', ['-cp', HARNESS, 'Harness'], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  const answers = run.stdout.trim().split('\n');
  expect(answers.length).toBe(checks.length);
  const reader = READERS['crawler-commons'];
  const parsed = new Map<string, ReturnType<typeof reader.parse>>();
  const out: object[] = [];
  checks.forEach((c, i) => {
    if (!parsed.has(c.robots)) parsed.set(c.robots, reader.parse(c.robots));
    const got = String(reader.check(parsed.get(c.robots)!, c.ua, c.url).allowed);
    if (got !== answers[i] && out.length < 3) out.push({ robots: c.robots.slice(0, 300), ua: c.ua, url: c.url, java: answers[i], got });
  });
  return out;
}

describe.runIf(HARNESS !== '' && existsSync(HARNESS))('crawler-commons reader against crawler-commons built from source', () => {
  it('agrees on 3,000 generated files', () => {
    const cases = fc.sample(readerCase, { numRuns: 3000, seed: Number(process.env.SEED ?? 1) });
    expect(differences(cases.flatMap((c) => c.checks.map((k) => ({ robots: c.robots, ...k }))))).toEqual([]);
  });
  it.runIf(existsSync(CORPUS + 'real-cases.jsonl'))('agrees on every labelled check of the shared corpus', () => {
    const bodies = new Map<string, string>();
    const checks = readFileSync(CORPUS + 'real-cases.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => {
      const c = JSON.parse(l) as { robots_file: string; ua: string; url: string };
      if (!bodies.has(c.robots_file)) bodies.set(c.robots_file, new TextDecoder().decode(readFileSync(CORPUS + 'real/' + c.robots_file)));
      return { robots: bodies.get(c.robots_file)!, ua: c.ua, url: c.url };
    });
    expect(differences(checks)).toEqual([]);
  });
});
