import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishedCrawlers } from '../src/robots/logs/index.js';
// @ts-expect-error: a plain ES module script, without types
import { formatReport, prefixOf, refresh, SOURCES } from './gen-ip-ranges.mjs';

const SCRIPT = fileURLToPath(new URL('./gen-ip-ranges.mjs', import.meta.url));
type Data = { files: { name: string; creationTime: string | null; copied: string; via?: string; prefixes: string[] }[] };
type Result = { data: Data; changes: { name: string; added: string[]; removed: string[]; new: boolean }[]; kept: { name: string; why: string }[]; skipped: { name: string; entries: string[] }[] };

/** An operator's file as published (Google's shape: creationTime, prefixes of ipv4Prefix / ipv6Prefix). */
const operatorFile = (creationTime: string, ...prefixes: string[]) => JSON.stringify({ creationTime, prefixes: prefixes.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p })) }, null, 2);
const run = (present: Data | null, texts: Record<string, unknown>, copied = '2026-12-01'): Result => refresh(present, texts, { copied }) as Result;

/** Runs the generator as the scheduled workflow does; its exit code and output. */
function cli(args: string[]): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout + err.stderr };
  }
}

describe("the IP ranges generator (operators' files → src/robots/logs/published-ranges.json)", () => {
  it('every source is a file the engine knows by its published name', () => {
    for (const s of SOURCES as { name: string; url: string }[]) {
      expect(publishedCrawlers(s.name), s.name).not.toBeNull();
      expect(s.url).toMatch(/^https:\/\//);
    }
  });
  it('reads a file: prefixes in one written form, IPv4 before IPv6 in address order, each once; entries that are no prefix skipped and named', () => {
    const r = run(null, { 'googlebot.json': operatorFile('2026-11-30T14:45:42.000000', '66.249.64.32/27', '2001:4860:4801:0010::/64', '9.9.9.0/24', '66.249.64.32/27', '66.249.64.0/999') });
    expect(r.data.files).toEqual([{
      name: 'googlebot.json', operator: 'Google', url: SOURCES[0].url, creationTime: '2026-11-30T14:45:42.000000', copied: '2026-12-01',
      prefixes: ['9.9.9.0/24', '66.249.64.32/27', '2001:4860:4801:10::/64'],
    }]);
    expect(r.skipped).toEqual([{ name: 'googlebot.json', entries: ['{"ipv4Prefix":"66.249.64.0/999"}'] }]);
    expect([prefixOf('10.0.0.77/24'), prefixOf('2001:DB8::1/32'), prefixOf('nonsense'), prefixOf(7)]).toEqual(['10.0.0.0/24', '2001:db8::/32', null, null]);
  });
  it('a new creationTime alone is no change; a prefix added or removed is, with what changed', () => {
    const first = run(null, { 'gptbot.json': operatorFile('2026-11-01T00:00:00Z', '20.171.206.0/24', '52.230.152.0/24') });
    expect(run(first.data, { 'gptbot.json': operatorFile('2026-11-30T00:00:00Z', '52.230.152.0/24', '20.171.206.0/24') }).changes).toEqual([]);
    const next = run(first.data, { 'gptbot.json': operatorFile('2026-11-30T00:00:00Z', '20.171.206.0/24', '74.7.175.128/25') }, '2026-12-02');
    expect(next.changes).toMatchObject([{ name: 'gptbot.json', added: ['74.7.175.128/25'], removed: ['52.230.152.0/24'], new: false }]);
    expect(next.data.files[0]).toMatchObject({ creationTime: '2026-11-30T00:00:00Z', copied: '2026-12-02' });
    const report = formatReport(next);
    expect(report).toContain('| gptbot.json | OpenAI | 2 | 1 | 1 | 2026-11-30T00:00:00Z |');
    expect(report).toContain('**gptbot.json** added: `74.7.175.128/25`');
    expect(report).toContain('**gptbot.json** removed: `52.230.152.0/24`');
  });
  it('a file not fetched, not JSON or with no usable prefix keeps its present copy, and the report says why', () => {
    const first = run(null, { 'applebot.json': operatorFile('2026-09-15T10:00:00.000000', '17.241.208.160/27') });
    const r = run(first.data, { 'applebot.json': '<html>moved</html>', 'bingbot.json': { error: 'https://www.bing.com/toolbox/bingbot.json: HTTP 503' }, 'gptbot.json': operatorFile('x', 'no/prefix') });
    expect(r.data).toEqual(first.data);
    expect(r.kept.map((k) => k.name)).toEqual(['bingbot.json', 'gptbot.json', 'applebot.json']);
    expect(formatReport(r)).toContain('- bingbot.json: https://www.bing.com/toolbox/bingbot.json: HTTP 503');
  });
  it('run on local copies: writes the data and the report, --check exits 1 while the copies differ and 0 once written; unchanged copies write nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtt-ip-ranges-'));
    const copies = join(dir, 'copies');
    mkdirSync(copies);
    writeFileSync(join(copies, 'googlebot.json'), operatorFile('2026-11-30T14:45:42.000000', '66.249.64.0/27', '2001:4860:4801:10::/64'));
    writeFileSync(join(copies, 'perplexity-user.json'), operatorFile('2025-09-22T13:01:00.000000', '18.97.9.96/29'));
    const out = join(dir, 'published-ranges.json');
    const args = ['--from', copies, '--out', out, '--copied', '2026-12-01'];
    expect(cli([...args, '--check'])).toMatchObject({ code: 1 });
    const written = cli([...args, '--via', 'googlebot.json=a mirror', '--report', join(dir, 'report.md')]);
    expect(written.code).toBe(0);
    const data = JSON.parse(readFileSync(out, 'utf8')) as Data;
    expect(data.files.map((f) => [f.name, f.prefixes.length, f.via ?? null])).toEqual([['googlebot.json', 2, 'a mirror'], ['perplexity-user.json', 1, null]]);
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('| googlebot.json (new) | Google | 2 | 2 | 0 | 2026-11-30T14:45:42.000000 |');
    const before = readFileSync(out, 'utf8');
    expect(cli([...args, '--check'])).toMatchObject({ code: 0 });
    expect(cli([...args.slice(0, -1), '2026-12-09']).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect(cli(['--copied', 'yesterday']).code).toBe(2);
  });
});
