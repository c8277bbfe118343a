import { describe, expect, it } from 'vitest';
import { diagnose, parseRobotsTxt } from '../robots/index.js';
import { diagnoseInSlices } from './diagnose.js';

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

  it('stops at the first pause after the text changed, and before starting when it already had', async () => {
    const robots = parseRobotsTxt(file);
    let clock = 0;
    let pauses = 0;
    const stopped = await diagnoseInSlices(robots, '', { stop: () => pauses >= 2, pause: async () => void pauses++, sliceMs: 3, now: () => clock++ });
    expect([stopped, pauses]).toEqual([null, 2]);
    expect(await diagnoseInSlices(robots, '', { stop: () => true, pause: async () => void pauses++ })).toBeNull();
  });
});
