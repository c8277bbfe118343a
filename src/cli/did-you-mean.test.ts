import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closestName } from './did-you-mean.js';
import { runCli } from './test-helpers.js';

describe('did you mean (the CLI’s own usage)', () => {
  it('names the nearest command or option within reach, and nothing when none is near', () => {
    const commands = ['check', 'diff', 'lines', 'batch', 'history', 'logs', 'audit', 'lsp', 'ai-policy'];
    expect(closestName('chek', commands)).toBe('check');
    expect(closestName('audti', commands)).toBe('audit');
    expect(closestName('AI-Polcy', commands)).toBe('ai-policy');
    expect(closestName('lsq', commands)).toBe('lsp');
    expect(closestName('crawl', commands)).toBeNull();
    expect(closestName('x', commands)).toBeNull();
    expect(closestName('--formt', ['--format', '--ua', '--urls'])).toBe('--format');
    expect(closestName('--uaa', ['--format', '--ua', '--urls'])).toBe('--ua');
  });

  it('a mistyped command, a mistyped option and a missing file are each named first, with exit 2', async () => {
    const robots = join(tmpdir(), `rtt-dym-${process.pid}.txt`);
    writeFileSync(robots, 'User-agent: *\nDisallow: /x\n');
    const command = await runCli(['chek', robots, '/x']);
    expect([command.code, command.err.split('\n')[0]]).toEqual([2, 'robots-txt-tester: unknown command chek (did you mean check?)']);
    const option = await runCli(['check', robots, '--uaa', 'Googlebot', '/x']);
    expect([option.code, option.err.split('\n')[0]]).toEqual([2, 'robots-txt-tester: unknown option --uaa (did you mean --ua?)']);
    // No crawler given either: the missing file is what is named.
    const missing = await runCli(['check', join(tmpdir(), 'rtt-no-such-robots.txt'), '/x']);
    expect(missing.code).toBe(2);
    expect(missing.err.split('\n')[0]).toMatch(/^robots-txt-tester: no such file: .*rtt-no-such-robots\.txt$/);
  });
});
