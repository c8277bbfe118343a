import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types
import { generateListing, regenerate } from './gen-ai-listing.mjs';

const SCRIPT = fileURLToPath(new URL('./gen-ai-listing.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/ai-robots.json', import.meta.url));
const listing = () => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
const SHA = 'a'.repeat(40);

/** Runs the generator as the scheduled workflow does; its exit code and output. */
function run(args: string[]): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout + err.stderr };
  }
}

describe('the AI listing generator (ai.robots.txt robots.json → ai-listing.ts, ai-pages.ts)', () => {
  it('keeps documented crawlers, with purpose, stance and training-control tokens; lists the names Google cannot read', () => {
    const { listingTs, pagesTs, count } = generateListing(listing(), { commit: SHA, checked: '2026-11-30' });
    expect(count).toBe(5);
    const rows = [...listingTs.matchAll(/^ {2}row\((.*)\),$/gm)].map((m) => m[1]);
    expect(rows).toEqual([
      "'ExampleTrainBot', 'Example Labs', 'training', 'yes'",
      "'Example-Extended', 'Example Search', 'training', 'yes', true",
      "'ExampleAsk-User', 'Example Ask', 'user', 'no'",
      "'ExampleAnswers', 'answers.example', 'search', 'unclear'",
      "'Documented Bot 1.0', 'Doc Co', 'training', 'yes'",
    ]);
    expect(listingTs).toContain("UNREADABLE_LISTED_NAMES: readonly string[] = ['Shadowy Bot 2.0', 'Documented Bot 1.0']");
    expect(pagesTs).toContain(`AI_LISTING_SOURCE = 'https://github.com/ai-robots-txt/ai.robots.txt/blob/${SHA}/robots.json'`);
    expect(pagesTs).toContain("'example-extended': 'https://search.example/bots#extended',");
    expect(pagesTs).not.toContain('shadowy');
  });

  it('writes only when the crawlers change: a new commit or date alone leaves the files as they are', () => {
    const out = mkdtempSync(join(tmpdir(), 'gen-ai-listing-'));
    expect(regenerate(listing(), { commit: SHA, checked: '2026-11-30', out }).state).toBe('changed');
    const written = statSync(join(out, 'ai-listing.ts')).mtimeMs;
    expect(regenerate(listing(), { commit: 'b'.repeat(40), checked: '2026-12-07', out }).state).toBe('unchanged');
    expect(statSync(join(out, 'ai-listing.ts')).mtimeMs).toBe(written);
    expect(readFileSync(join(out, 'ai-pages.ts'), 'utf8')).toContain("AI_PAGES_CHECKED = '2026-11-30'");
    const more = { ...listing(), NewBot: { operator: '[New](https://new.example/bot)', respect: 'Yes', function: 'Training data.', frequency: '', description: '' } };
    expect(regenerate(more, { commit: 'c'.repeat(40), checked: '2026-12-14', out }).state).toBe('changed');
    expect(readFileSync(join(out, 'ai-listing.ts'), 'utf8')).toContain("row('NewBot', 'New', 'training', 'yes'),");
    expect(readFileSync(join(out, 'ai-pages.ts'), 'utf8')).toContain("AI_PAGES_CHECKED = '2026-12-14'");
  });

  it('runs unattended from the command line: --check says whether the files would change (exit 1), bad input exits 2', () => {
    const out = mkdtempSync(join(tmpdir(), 'gen-ai-listing-'));
    expect(run(['--json', FIXTURE, '--commit', SHA, '--checked', '2026-11-30', '--out', out, '--check'])).toMatchObject({ code: 1 });
    expect(run(['--json', FIXTURE, '--commit', SHA, '--checked', '2026-11-30', '--out', out])).toMatchObject({ code: 0, out: expect.stringContaining('files written') });
    expect(run(['--json', FIXTURE, '--commit', SHA, '--out', out, '--check'])).toMatchObject({ code: 0, out: expect.stringContaining('unchanged') });
    const broken = join(out, 'broken.json');
    writeFileSync(broken, '{"a":');
    expect(run(['--json', broken, '--commit', SHA, '--out', out]).code).toBe(2);
    expect(run(['--json', FIXTURE, '--out', out]).code).toBe(2);
    expect(run(['--json', FIXTURE, '--commit', 'main', '--out', out]).code).toBe(2);
  });

  it('the generated module is valid TypeScript the crawler profiles read (imported as written)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gen-ai-listing-'));
    regenerate(listing(), { commit: SHA, checked: '2026-11-30', out });
    const mod = (await import(join(out, 'ai-listing.ts'))) as { AI_LISTING: { name: string; controlToken: boolean }[] };
    expect(mod.AI_LISTING.filter((r) => r.controlToken).map((r) => r.name)).toEqual(['Example-Extended']);
  });
});
