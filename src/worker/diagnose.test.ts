import { afterEach, describe, expect, it, vi } from 'vitest';
import { diagnose, mergeReaderFindings, parseRobotsTxt, READER_IDS, READERS, readerFindingsInSteps } from '../robots/index.js';
import { diagnoseInSlices } from './diagnose.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A file with findings all over it: a stray rule, shadowed and duplicate rules, merged groups. */
const file = ['Disallow: /stray', 'User-agent: *', ...Array.from({ length: 600 }, (_, i) => `Disallow: /p${i % 400}/`), 'Allow: /p1/x', 'User-agent: *', 'Disallow: /css/'].join('\n');

describe('diagnostics in slices (the analysis worker stays free for verdicts)', () => {
  it('finds exactly what diagnose finds, pausing whenever a slice ran its time', async () => {
    const robots = parseRobotsTxt(file);
    let clock = 0;
    let pauses = 0;
    // Every step "takes" 1 ms: with 3 ms slices the worker pauses every third step.
    const found = await diagnoseInSlices(robots, '', { stop: () => false, pause: async () => void pauses++, sliceMs: 3, now: () => clock++ });
    expect(found).toEqual(diagnose(robots));
    expect(found!.map((d) => d.code)).toEqual(expect.arrayContaining(['rule-outside-group', 'duplicate-rule', 'merged-groups']));
    expect(pauses).toBeGreaterThan(0);
  });

  it('asks no other reader to parse or check: their findings, the costliest, are the readers worker’s, so a keystroke never waits behind them', async () => {
    // A Googlebot group that CPython's and Protego's substring match gives to Googlebot-Image too.
    const robots = parseRobotsTxt(['User-agent: Googlebot', 'Disallow: /g', '', file].join('\n'));
    const calls = READER_IDS.flatMap((r) => [vi.spyOn(READERS[r], 'parse'), vi.spyOn(READERS[r], 'check')]);
    const found = await diagnoseInSlices(robots, '', { stop: () => false, pause: async () => {} });
    expect(calls.map((c) => c.mock.calls.length)).toEqual(calls.map(() => 0));
    expect(found!.map((d) => d.code)).not.toContain('substring-agent');
    // With the readers' findings merged in, they are diagnose's.
    const steps = readerFindingsInSteps(robots);
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect(step.value.map((d) => d.code)).toEqual(['substring-agent']);
    vi.restoreAllMocks();
    expect(mergeReaderFindings(found!, step.value)).toEqual(diagnose(robots));
  });

  it('stops at the first pause after the text changed, and before starting when it already had', async () => {
    const robots = parseRobotsTxt(file);
    let clock = 0;
    let pauses = 0;
    const stopped = await diagnoseInSlices(robots, '', { stop: () => pauses >= 2, pause: async () => void pauses++, sliceMs: 3, now: () => clock++ });
    expect([stopped, pauses]).toEqual([null, 2]);
    expect(await diagnoseInSlices(robots, '', { stop: () => true, pause: async () => void pauses++ })).toBeNull();
  });
});
