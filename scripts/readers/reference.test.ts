/**
 * Each exact reader against the real parser it reproduces, on generated files (a property test
 * over fixed seeds): CPython's urllib.robotparser and Protego run in Python when present,
 * robots-parser is the npm package itself; and every reader against the five parsers' labelled
 * answers on 600 real files (`../shared/realworld/readers/`). Authority: the parsers' own behaviour.
 *
 * What runs here: /usr/bin/python3 is CPython 3.11 (the `python-urllib` reader's own parser);
 * Debian's python3-protego is 0.2.1, older than both Protego readers, so only what 0.2.1 and 0.6
 * read alike is asked of it (PYTHONPATH=<protego 0.6.x>/src asks everything of 0.6), and nothing
 * here can run Protego 0.7 — its reader is checked by the restated cases of protego.test.ts and
 * by the real-world labels, where each difference from 0.6.1 is traced to its cause below.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READERS, type ReaderId } from '../../src/robots/index.js';
import { protegoLegacyCase, readerCase } from './generated-cases.js';

const SCRIPT = fileURLToPath(new URL('./reference.py', import.meta.url));
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

describe.runIf(existsSync('/usr/bin/python3'))('the reference script', () => {
  it('answers under /usr/bin/python3 (if it did not, every test of a Python parser below would be skipped)', () => {
    expect(versions?.python).toMatch(/^3\./);
  });
});

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

describe.runIf(versions?.protego)('scrapy-protego-0.6: Protego, run here', () => {
  // Debian ships Protego 0.2.1 and the reader is 0.6: with an older Protego only the files both
  // read alike are asked (see protegoLegacyCase); with 0.6 (PYTHONPATH=<protego>/src), all.
  it(`agrees on ${RUNS} generated files${versions?.protegoCurrent ? '' : ' (Protego 0.2.1: the features both read alike)'}`, () => {
    const checks = generated(versions?.protegoCurrent ? readerCase : protegoLegacyCase);
    expect(mismatches('scrapy-protego-0.6', checks, viaPython('scrapy-protego', checks)).slice(0, 5)).toEqual([]);
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

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

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
  it.runIf(versions?.protegoCurrent)('scrapy-protego-0.6 agrees with Protego 0.6', () => {
    expect(mismatches('scrapy-protego-0.6', checks, viaPython('scrapy-protego', checks)).slice(0, 3)).toEqual([]);
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

const REALWORLD = fileURLToPath(new URL('../../../shared/realworld/readers/', import.meta.url));
const hasRealWorld = existsSync(REALWORLD + 'cases.jsonl');

interface RealCase { readonly id: string; readonly body: number; readonly ua: string; readonly url: string; readonly [label: string]: unknown }

/** Each reader's answers on the labelled cases, and the cases where they differ from the label. */
function realWorld(reader: ReaderId, label: string, bodies: readonly string[], cases: readonly RealCase[], url = (u: string) => u) {
  const parsed = new Map<number, unknown>();
  const differ: { id: string; url: string; ua: string; want: unknown; got: [boolean, number, string] }[] = [];
  for (const c of cases) {
    if (!parsed.has(c.body)) parsed.set(c.body, READERS[reader].parse(bodies[c.body]!));
    const v = READERS[reader].check(parsed.get(c.body), c.ua, url(c.url));
    const want = c[label] as boolean | [boolean, number];
    const [allowed, line] = Array.isArray(want) ? want : [want, null];
    if (v.reason === 'unparsable' || v.allowed !== allowed || (line !== null && v.line !== line)) {
      differ.push({ id: c.id, url: c.url, ua: c.ua, want, got: [v.allowed, v.line, v.reason] });
    }
  }
  return differ;
}

describe.runIf(hasRealWorld)('600 real files read by the real parsers (../shared/realworld/readers/, 37,600 labelled cases)', () => {
  const { readFileSync } = require('node:fs') as typeof import('node:fs');
  const read = (name: string) => (hasRealWorld ? readFileSync(REALWORLD + name, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
  const bodies = read('bodies.jsonl').map((b: { robots: string }) => b.robots);
  const cases = read('cases.jsonl') as RealCase[];

  it.each<[ReaderId, string]>([
    ['google', 'google'], ['python-urllib', 'python-urllib'], ['scrapy-protego-0.6', 'scrapy-protego'], ['robots-parser', 'robots-parser'], ['crawler-commons', 'crawler-commons'],
  ])('%s answers every case as its parser (label %s), deciding line included where labelled', (reader, label) => {
    // Google's label is for the URL as a crawler requests it (WHATWG-serialised).
    const differ = realWorld(reader, label, bodies, cases, reader === 'google' ? (u) => { try { return new URL(u).href; } catch { return u; } } : undefined);
    expect({ cases: cases.length, differ: differ.slice(0, 3) }).toEqual({ cases: 37600, differ: [] });
  });

  it('scrapy-protego (0.7) answers as the 0.6.1 labels except where a path holds “=”: 0.7 fixed that (“Fixed matching of URLs whose path contains =”)', () => {
    const differ = realWorld('scrapy-protego', 'scrapy-protego', bodies, cases);
    // Each difference is that change: 0.7 reads a path with "=" and a rule with "=" in its path decides.
    const unexplained = differ.filter((d) => {
      const c = cases.find((k) => k.id === d.id)!;
      const rule = bodies[c.body]!.split(/\r\n|\r|\n/)[d.got[1] - 1] ?? '';
      const path = /^[a-z]+:\/\/[^/?#]*([^?#]*)/s.exec(c.url)?.[1] ?? '';
      return !path.includes('=') || !/^[^?]*=/.test(rule.slice(rule.indexOf(':') + 1));
    });
    const byFile = new Map<string, number>();
    for (const d of differ) byFile.set(d.id.replace(/^pr-|-\d+$/g, ''), (byFile.get(d.id.replace(/^pr-|-\d+$/g, '')) ?? 0) + 1);
    expect({ differ: differ.length, files: byFile.size, unexplained: unexplained.slice(0, 3) }).toEqual({ differ: 483, files: 28, unexplained: [] });
    expect(Object.fromEntries([...byFile].sort())).toEqual(PROTEGO_07_EQUALS_IN_PATH);
  });
});

/** The labelled cases Protego 0.7 reads otherwise than 0.6.1, per file: all of them a path with “=”. */
const PROTEGO_07_EQUALS_IN_PATH = {
  'fineartamerica.com': 25, 'patient.info': 6, 'processing.org': 43, 'timesofindia.indiatimes.com': 9, 'www.alhayat.com': 21, 'www.booktopia.com.au': 51, 'www.cnet.com': 6,
  'www.covers.com': 46, 'www.dell.com': 28, 'www.deviantart.com': 10, 'www.ebags.com': 5, 'www.fux.com': 14, 'www.ikea.com': 8, 'www.johnlewis.com': 13, 'www.lanebryant.com': 10,
  'www.madewell.com': 20, 'www.mapquest.com': 24, 'www.notonthehighstreet.com': 5, 'www.open.ac.uk': 26, 'www.squarespace.com': 19, 'www.sulekha.com': 2, 'www.tampabay.com': 6,
  'www.thesprucepets.com': 14, 'www.tillys.com': 42, 'www.timetrade.com': 11, 'www.usherbrooke.ca': 5, 'www.verywellfit.com': 13, 'www.wowhead.com': 1,
};
