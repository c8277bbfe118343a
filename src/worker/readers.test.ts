import { afterEach, describe, expect, it, vi } from 'vitest';
import { diagnose, parseRobotsTxt, READERS } from '../robots/index.js';
import { ReadersAnalyser } from './readers.js';
import { runInSlices } from './slices.js';

const request = (url: string, site: string) => ({
  type: 'readers' as const, id: 1, revision: 1, test: { url, crawler: { kind: 'text' as const, value: 'FooBot' } }, readers: ['robots-parser' as const], site,
});

describe('the readers worker: robots-parser 3.0.1 reads the file as the site’s robots.txt', () => {
  it('the site’s robots.txt URL reaches the reader; each site’s reading is its own (the parse is kept per robots.txt URL)', () => {
    const text = 'User-agent: *\nDisallow: /x\n';
    const readers = new ReadersAnalyser();
    const a = readers.answer(request('/x/1', 'https://a.test'), text);
    expect(a.answers.map((r) => [r.verdict.allowed, r.verdict.line, r.verdict.path, r.verdict.error])).toEqual([[false, 2, '/x/1', null]]);
    // Another site, same text: its own URL on its own origin is answered (a reading kept for a.test would say undefined).
    const b = readers.answer(request('https://b.test:8443/x/2', 'https://b.test:8443'), text);
    expect(b.answers.map((r) => [r.verdict.allowed, r.verdict.line, r.verdict.error])).toEqual([[false, 2, null]]);
    // Google's scope decides for other origins first: no reader verdict is shown there.
    expect(readers.answer(request('https://c.test/x', 'https://a.test'), text).answers).toEqual([]);
  });
});

describe('the readers worker over a matrix of tests', () => {
  it('counts, for each test, the readers that read it otherwise than Google (CPython ≤ 3.12 reads * and $ literally)', () => {
    const foo = { kind: 'text' as const, value: 'FooBot' };
    const tests = [{ url: '/a.pdf', crawler: foo }, { url: '/b.html', crawler: foo }, { url: 'javascript:x', crawler: foo }];
    const answer = new ReadersAnalyser().answer({
      type: 'readers', id: 1, revision: 1, test: tests[0]!, tests, readers: ['python-urllib', 'scrapy-protego'], site: '',
    }, 'User-agent: *\nDisallow: /*.pdf$\n');
    expect(answer.differ).toEqual([1, 0, 0]);
    expect(answer.answers.map((a) => [a.verdict.reader, a.verdict.allowed])).toEqual([['python-urllib', true], ['scrapy-protego', false]]);
  });
});

describe('the readers worker: the chips’ answer in steps', () => {
  it('gives the answer the whole call gives, with a pause before each reader’s parse (each is a whole parse of the text), so a cancel is heard between them', () => {
    const text = 'User-agent: *\nDisallow: /*.pdf$\n\nUser-agent: FooBot\nAllow: /\n';
    const foo = { kind: 'text' as const, value: 'FooBot' };
    const tests = [{ url: '/a.pdf', crawler: foo }, { url: '/b.html', crawler: { kind: 'text' as const, value: 'BarBot' } }];
    const req = { type: 'readers' as const, id: 1, revision: 1, test: tests[1]!, tests, readers: ['python-urllib' as const, 'scrapy-protego' as const, 'robots-parser' as const], site: '' };
    const steps = new ReadersAnalyser().answerInSteps(req, text);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(step.value).toEqual(new ReadersAnalyser().answer(req, text));
    expect(pauses).toBe(req.readers.length + 1);
  });
});

describe('the readers worker: the findings the readers’ parses decide (CPython’s and Protego’s substring match)', () => {
  const text = 'User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /x\n';
  const chips = { type: 'readers' as const, id: 2, revision: 1, test: { url: '/g', crawler: { kind: 'text' as const, value: 'Googlebot-Image' } }, readers: ['python-urllib' as const], site: '' };

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are diagnose’s, from the parses the chips use; the chips are answered between slices', async () => {
    const readers = new ReadersAnalyser();
    const parses = vi.spyOn(READERS['python-urllib'], 'parse');
    let answered = 0;
    const found = await runInSlices(readers.findings(text), {
      stop: () => false, pause: async () => void (answered += readers.answer(chips, text).answers.length), sliceMs: 0,
    });
    // One parse by CPython's reader for both.
    expect(parses).toHaveBeenCalledTimes(1);
    expect(answered).toBeGreaterThan(0);
    expect(found!.map((d) => [d.line, d.code])).toEqual([[1, 'substring-agent']]);
    expect(found).toEqual(diagnose(parseRobotsTxt(text)).filter((d) => d.code === 'substring-agent'));
  });
});
