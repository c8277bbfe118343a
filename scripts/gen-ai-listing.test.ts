import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types
import { formatChanges, generateListing, listingChanges, regenerate } from './gen-ai-listing.mjs';

const SCRIPT = fileURLToPath(new URL('./gen-ai-listing.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/ai-robots.json', import.meta.url));
const listing = () => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
const SHA = 'a'.repeat(40);
type Files = Record<string, string>;
const files = (l: Record<string, unknown>): Files => (generateListing(l, { commit: SHA, checked: '2026-11-30' }) as { files: Files }).files;
const rows = (ts: string, fn: string) => [...ts.matchAll(new RegExp(`^ {2}${fn}\\((.*)\\),$`, 'gm'))].map((m) => m[1]);

/** Runs the generator as the scheduled workflow does; its exit code and output. */
function run(args: string[]): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout + err.stderr };
  }
}

describe('the AI listing generator (ai.robots.txt robots.json → ai-listing.ts, ai-directory.ts, ai-pages.ts, ai-unreadable.ts)', () => {
  it('keeps documented crawlers with purposes, stance and training-control tokens; the others as a directory’s names; lists the names Google cannot read', () => {
    const f = files(listing());
    expect(rows(f['ai-listing.ts']!, 'row')).toEqual([
      "'ExampleTrainBot', 'Example Labs', 'training', 'yes'",
      "'Example-Extended', 'Example Search', 'training', 'yes', true",
      "'ExampleAsk-User', 'Example Ask', 'user', 'no'",
      "'ExampleAnswers', 'answers.example', 'search', 'unclear'",
      "'Documented Bot 1.0', 'Doc Co', 'training', 'yes'",
    ]);
    // Every other name is kept, marked as a directory's, with its page there and, for an agent without a token, how it identifies itself.
    expect(rows(f['ai-directory.ts']!, 'dir')).toEqual([
      "'Shadowy Bot 2.0', '', 'training', 'https://knownagents.com/agents/shadowy'",
      "'AskDirectoryBot', '', 'search', 'https://knownagents.com/agents/askdirectorybot'",
      "'Operator', 'OpenAI', 'user', 'https://knownagents.com/agents/operator', { signatureAgent: 'https://chatgpt.com' }",
    ]);
    expect(f['ai-unreadable.ts']).toContain("UNREADABLE_LISTED_NAMES: readonly string[] = ['Shadowy Bot 2.0', 'Documented Bot 1.0']");
    expect(f['ai-pages.ts']).toContain(`AI_LISTING_SOURCE = 'https://github.com/ai-robots-txt/ai.robots.txt/blob/${SHA}/robots.json'`);
    expect(f['ai-pages.ts']).toContain("'example-extended': 'https://search.example/bots#extended',");
    expect(f['ai-pages.ts']).not.toContain('knownagents');
  });

  it('corrects the listing’s purposes from the operators’ pages, more than one where the operator says so', () => {
    const corrected = {
      Amazonbot: { operator: 'Amazon', respect: 'Yes', function: 'Service improvement and enabling answers for Alexa users.', frequency: '', description: 'See https://developer.amazon.com/amazonbot' },
      'meta-webindexer': { operator: '[Meta](https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/)', respect: 'Unclear at this time.', function: 'AI Assistants', frequency: '', description: '' },
      YandexAdditional: { operator: '[Yandex](https://yandex.ru)', respect: 'Yes', function: 'Scrapes/analyzes data for the YandexGPT LLM.', frequency: '', description: '' },
    };
    expect(rows(files(corrected)['ai-listing.ts']!, 'row')).toEqual([
      "'Amazonbot', 'Amazon', 'training other', 'yes'",
      "'meta-webindexer', 'Meta', 'search', 'unclear'",
      "'YandexAdditional', 'Yandex', 'search', 'yes'",
    ]);
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

  it('reports what changed: names added and removed, purposes, stances and sources', () => {
    const before = listing();
    const after: Record<string, unknown> = { ...before };
    delete after['ExampleAnswers'];
    after['NewBot'] = { operator: '[New](https://new.example/bot)', respect: 'Yes', function: 'Training data.', frequency: '', description: '' };
    // The directory's name gets an operator page; the training crawler is now said not to obey.
    after['AskDirectoryBot'] = { ...(before['AskDirectoryBot'] as object), operator: '[Ask Co](https://ask.example/bot)' };
    after['ExampleTrainBot'] = { ...(before['ExampleTrainBot'] as object), respect: 'No' };
    const changes = listingChanges(files(before), files(after));
    expect(changes.added.map((c: { name: string }) => c.name)).toEqual(['NewBot']);
    expect(changes.removed.map((c: { name: string }) => c.name)).toEqual(['ExampleAnswers']);
    expect(changes.stances).toEqual([{ name: 'ExampleTrainBot', from: 'yes', to: 'no' }]);
    expect(changes.sources).toEqual([{ name: 'AskDirectoryBot', from: 'directory https://knownagents.com/agents/askdirectorybot', to: 'https://ask.example/bot' }]);
    expect(changes.purposes).toEqual([]);
    const text = formatChanges(changes, SHA) as string;
    expect(text).toContain('### Added\n\n- `NewBot` (New): training; operator\'s page https://new.example/bot');
    expect(text).toContain('### Removed\n\n- `ExampleAnswers` (answers.example)');
    expect(text).toContain('- `AskDirectoryBot`: listed by a directory only (https://knownagents.com/agents/askdirectorybot) → operator\'s page https://ask.example/bot');
    expect(formatChanges(listingChanges(files(before), files(before)), SHA)).toContain('No crawler changed.');
  });

  it('runs unattended from the command line: --check says whether the files would change (exit 1), --report writes what changed, bad input exits 2', () => {
    const out = mkdtempSync(join(tmpdir(), 'gen-ai-listing-'));
    const report = join(out, 'report.md');
    expect(run(['--json', FIXTURE, '--commit', SHA, '--checked', '2026-11-30', '--out', out, '--check'])).toMatchObject({ code: 1 });
    expect(run(['--json', FIXTURE, '--commit', SHA, '--checked', '2026-11-30', '--out', out, '--report', report])).toMatchObject({ code: 0, out: expect.stringContaining('files written') });
    expect(readFileSync(report, 'utf8')).toContain('- `ExampleTrainBot` (Example Labs): training; operator\'s page https://labs.example/crawler');
    expect(run(['--json', FIXTURE, '--commit', SHA, '--out', out, '--check'])).toMatchObject({ code: 0, out: expect.stringContaining('unchanged') });
    const broken = join(out, 'broken.json');
    writeFileSync(broken, '{"a":');
    expect(run(['--json', broken, '--commit', SHA, '--out', out]).code).toBe(2);
    expect(run(['--json', FIXTURE, '--out', out]).code).toBe(2);
    expect(run(['--json', FIXTURE, '--commit', 'main', '--out', out]).code).toBe(2);
  });

  it('the generated modules are valid TypeScript the crawler profiles read (imported as written)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gen-ai-listing-'));
    regenerate(listing(), { commit: SHA, checked: '2026-11-30', out });
    const mod = (await import(join(out, 'ai-listing.ts'))) as { AI_LISTING: { name: string; controlToken: boolean; purposes: string[] }[] };
    expect(mod.AI_LISTING.filter((r) => r.controlToken).map((r) => r.name)).toEqual(['Example-Extended']);
    expect(mod.AI_LISTING[0]!.purposes).toEqual(['training']);
    const dir = (await import(join(out, 'ai-directory.ts'))) as { DIRECTORY_LISTING: { name: string; tokenless?: object }[] };
    expect(dir.DIRECTORY_LISTING.find((d) => d.name === 'Operator')!.tokenless).toEqual({ signatureAgent: 'https://chatgpt.com' });
  });
});
