/**
 * Each exact reader against the real parser it reproduces, on generated files (a property test
 * over fixed seeds): CPython's urllib.robotparser and Protego run in Python when present,
 * robots-parser is the npm package itself. Authority: the parsers' own behaviour.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READERS, type ReaderId } from './index.js';
import { protegoLegacyCase, readerCase } from './testing/generate.js';

const SCRIPT = fileURLToPath(new URL('./testing/reference.py', import.meta.url));
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const RUNS = Number(process.env.READER_RUNS ?? 300);
const SEED = Number(process.env.READER_SEED ?? 20261124);

interface Check { readonly robots: string; readonly ua: string; readonly url: string }
type Answer = { allowed: boolean } | { error: string };

function python(args: string[], input = ''): string | null {
  const r = spawnSync(PYTHON, [SCRIPT, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return r.status === 0 ? r.stdout : null;
}
const versions = (() => {
  const out = python(['--versions']);
  return out ? (JSON.parse(out) as { python: string; protego: string | null; protegoCurrent: boolean; rfc9309: boolean }) : null;
})();

function generated(arbitrary = readerCase): Check[] {
  return fc.sample(arbitrary, { numRuns: RUNS, seed: SEED }).flatMap((c) => c.checks.map((k) => ({ robots: c.robots, ...k })));
}

/** Every mismatch between a reader and the real parser's answers, as plain data. */
function mismatches(reader: ReaderId, checks: readonly Check[], answers: readonly Answer[]) {
  const out: object[] = [];
  const parsed = new Map<string, unknown>();
  checks.forEach((c, i) => {
    if (!parsed.has(c.robots)) parsed.set(c.robots, READERS[reader].parse(c.robots));
    const ours = READERS[reader].check(parsed.get(c.robots), c.ua, c.url);
    const want = answers[i]!;
    const same = 'error' in want ? ours.reason === 'unparsable' : ours.reason !== 'unparsable' && ours.allowed === want.allowed;
    if (!same) out.push({ ...c, want, got: { allowed: ours.allowed, reason: ours.reason, line: ours.line, path: ours.path } });
  });
  return out;
}

function viaPython(reader: ReaderId, checks: readonly Check[]): Answer[] {
  const out = python([], checks.map((c) => JSON.stringify({ reader, ...c })).join('\n') + '\n');
  if (out === null) throw new Error('the reference script failed');
  return out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Answer);
}

const pythonOk = versions !== null && Number(versions.python.split('.')[1]) <= 12;

describe.runIf(pythonOk)('python-urllib: CPython urllib.robotparser (3.12 and earlier), run here', () => {
  it(`agrees on ${RUNS} generated files`, () => {
    const checks = generated();
    expect(mismatches('python-urllib', checks, viaPython('python-urllib', checks)).slice(0, 5)).toEqual([]);
  });
});

describe.runIf(versions?.rfc9309)('python-urllib-rfc9309: the RFC 9309 rewrite (module given by ROBOTPARSER_RFC9309)', () => {
  it(`agrees on ${RUNS} generated files`, () => {
    const checks = generated();
    expect(mismatches('python-urllib-rfc9309', checks, viaPython('python-urllib-rfc9309', checks)).slice(0, 5)).toEqual([]);
  });
});

describe.runIf(versions?.protego)('scrapy-protego: Protego, run here', () => {
  // Debian ships Protego 0.2.1 and the reader is 0.6: with an older Protego only the files both
  // read alike are asked (see protegoLegacyCase); with 0.6 (PYTHONPATH=<protego>/src), all.
  it(`agrees on ${RUNS} generated files${versions?.protegoCurrent ? '' : ' (Protego 0.2.1: the features both read alike)'}`, () => {
    const checks = generated(versions?.protegoCurrent ? readerCase : protegoLegacyCase);
    expect(mismatches('scrapy-protego', checks, viaPython('scrapy-protego', checks)).slice(0, 5)).toEqual([]);
  });
});

describe('robots-parser: the npm package robots-parser 3 itself', () => {
  const robotsParser = require('robots-parser') as (url: string, text: string) => { isAllowed(url: string, ua?: string): boolean | undefined };
  it(`agrees on ${RUNS} generated files`, () => {
    const checks = generated();
    const answers: Answer[] = checks.map((c) => {
      const allowed = robotsParser(new URL('/robots.txt', c.url).href, c.robots).isAllowed(c.url, c.ua);
      return allowed === undefined ? { error: 'undefined' } : { allowed };
    });
    expect(mismatches('robots-parser', checks, answers).slice(0, 5)).toEqual([]);
  });
});

const CORPUS = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url));

/** The shared real-world corpus as checks: each file with the crawler and URL of each labelled case. */
function corpusChecks(): Check[] {
  const { readFileSync } = require('node:fs') as typeof import('node:fs');
  const decoder = new TextDecoder();
  const bodies = new Map<string, string>();
  return readFileSync(CORPUS + 'real-cases.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => {
    const c = JSON.parse(l) as { robots_file: string; ua: string; url: string };
    let robots = bodies.get(c.robots_file);
    if (robots === undefined) bodies.set(c.robots_file, (robots = decoder.decode(readFileSync(CORPUS + 'real/' + c.robots_file))));
    return { robots, ua: c.ua, url: c.url };
  });
}
const require = createRequire(import.meta.url);

const hasCorpus = existsSync(CORPUS + 'real-cases.jsonl');
describe.runIf(hasCorpus)('the shared real-world corpus, every labelled crawler and URL', () => {
  // A skipped describe still runs its body to collect its tests.
  const checks = hasCorpus ? corpusChecks() : [];
  it.runIf(pythonOk)('python-urllib agrees with CPython', () => {
    expect(mismatches('python-urllib', checks, viaPython('python-urllib', checks)).slice(0, 3)).toEqual([]);
  });
  it.runIf(versions?.rfc9309)('python-urllib-rfc9309 agrees with the rewrite', () => {
    expect(mismatches('python-urllib-rfc9309', checks, viaPython('python-urllib-rfc9309', checks)).slice(0, 3)).toEqual([]);
  });
  it.runIf(versions?.protegoCurrent)('scrapy-protego agrees with Protego 0.6', () => {
    expect(mismatches('scrapy-protego', checks, viaPython('scrapy-protego', checks)).slice(0, 3)).toEqual([]);
  });
  it('robots-parser agrees with the package', () => {
    const robotsParser = require('robots-parser') as (url: string, text: string) => { isAllowed(url: string, ua?: string): boolean | undefined };
    const answers: Answer[] = checks.map((c) => {
      const allowed = robotsParser(new URL('/robots.txt', c.url).href, c.robots).isAllowed(c.url, c.ua);
      return allowed === undefined ? { error: 'undefined' } : { allowed };
    });
    expect(mismatches('robots-parser', checks, answers).slice(0, 3)).toEqual([]);
  });
});
