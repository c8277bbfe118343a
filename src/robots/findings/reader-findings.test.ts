import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRobotsTxt, type RobotsTxt } from '../google/index.js';
import { READERS, type ReaderId } from '../readers/index.js';
import { lines } from '../test-helpers.js';
import { diagnose, diagnoseWithoutReadersInSteps, diagnostic, readerFindingsInSteps, type Diagnostic } from './diagnostics.js';
import { mergeReaderFindings } from './merge-findings.js';

const run = <T>(steps: Generator<void, T, void>): T => {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
};
/** diagnose's list, worked out in two parts (as the app does: the analysis worker and the readers worker) and merged. */
const split = (robots: RobotsTxt) => mergeReaderFindings(run(diagnoseWithoutReadersInSteps(robots)), run(readerFindingsInSteps(robots)));

const corpus = join(__dirname, '../../../../shared/corpus/real');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the findings the other readers decide, apart from the rest (the app works them out in the readers worker)', () => {
  it('merged, the two parts are diagnose’s list: the same findings, order, wording and line texts', () => {
    const files = [
      // Substring-agent groups beside other findings on their lines, a BOM, CR line ends, a stray rule.
      '\uFEFFDisallow: /stray\rUser-agent: Googlebot\rDisallow: /g\r\rUser-agent: *\rDisallow: /x\rUser-agent: Googlebot\rAllow: /g/x',
      lines('User-agent: Googlebot', 'Disallow: /g', '', 'User-agent: bot', 'Disallow: /b', 'User-agent: *', 'Disallow: /x', 'Disallow: /x'),
      // Past the cap: 1,200 duplicate rules beside the readers' findings.
      lines('User-agent: Googlebot', 'Disallow: /g', '', 'User-agent: *', ...Array.from({ length: 1200 }, () => 'Disallow: /p')),
      '',
      lines('Disallow: /nothing-but-rules'),
    ];
    for (const text of files) {
      const robots = parseRobotsTxt(text);
      expect(split(robots), text.slice(0, 40)).toEqual(diagnose(robots));
    }
    expect(diagnose(parseRobotsTxt(files[0]!)).map((d) => d.code)).toEqual(expect.arrayContaining(['substring-agent', 'bom', 'cr-line-endings']));
  });

  it('merged, the two parts are diagnose’s list for every real robots.txt of the corpus', () => {
    const names = readdirSync(corpus).filter((f) => f.endsWith('.txt'));
    expect(names.length).toBeGreaterThan(40);
    let withReaders = 0;
    for (const name of names) {
      const robots = parseRobotsTxt(readFileSync(join(corpus, name), 'utf8'));
      const whole = diagnose(robots);
      if (whole.some((d) => d.code === 'substring-agent')) withReaders++;
      expect(split(robots), name).toEqual(whole);
    }
    expect(withReaders).toBeGreaterThan(0);
  });

  it('the rest of the findings parse the file with no other reader; theirs are the readers’ alone', () => {
    const robots = parseRobotsTxt(lines('User-agent: Googlebot', 'Disallow: /g', '', 'User-agent: *', 'Disallow: /x'));
    const parses = (['python-urllib', 'python-urllib-rfc9309', 'scrapy-protego'] as ReaderId[]).map((r) => vi.spyOn(READERS[r], 'parse'));
    const own = run(diagnoseWithoutReadersInSteps(robots));
    expect(parses.map((p) => p.mock.calls.length)).toEqual([0, 0, 0]);
    expect(own.map((d) => d.code)).not.toContain('substring-agent');
    const theirs = run(readerFindingsInSteps(robots));
    expect(parses.map((p) => p.mock.calls.length)).toEqual([1, 1, 1]);
    expect(theirs.map((d) => [d.line, d.code, d.lineText])).toEqual([[1, 'substring-agent', 'User-agent: Googlebot']]);
  });

  it('takes each reader’s parse from the caller when given (the readers worker’s, kept for its chips)', () => {
    const robots = parseRobotsTxt(lines('User-agent: Googlebot', 'Disallow: /g', '', 'User-agent: *', 'Disallow: /x'));
    const asked: ReaderId[] = [];
    const theirs = run(readerFindingsInSteps(robots, (reader) => {
      asked.push(reader);
      return READERS[reader].parse(robots.text);
    }));
    expect(asked).toEqual(['python-urllib', 'python-urllib-rfc9309', 'scrapy-protego']);
    expect(theirs.map((d) => d.code)).toEqual(['substring-agent']);
  });

  it('the notes of findings past the cap come after every finding, in the order of their kinds’ first findings', () => {
    const d = (line: number, code: 'duplicate-rule' | 'substring-agent'): Diagnostic => diagnostic(line, 0, 0, code, {});
    const note = (of: Diagnostic): Diagnostic => diagnostic(of.line, 0, 0, 'more-findings', { count: 1, code: of.code });
    const [dup3, dup5, sub1, sub4] = [d(3, 'duplicate-rule'), d(5, 'duplicate-rule'), d(1, 'substring-agent'), d(4, 'substring-agent')];
    expect(mergeReaderFindings([dup3, dup5, note(dup5)], [sub1, sub4, note(sub4)])).toEqual([sub1, dup3, sub4, dup5, note(sub4), note(dup5)]);
    expect(mergeReaderFindings([dup3, note(dup3)], [sub4, note(sub4)])).toEqual([dup3, sub4, note(dup3), note(sub4)]);
  });
});
