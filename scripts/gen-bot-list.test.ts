import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./gen-bot-list.mjs', import.meta.url));

/** Runs the generator; its exit code and output. */
function run(args: string[]): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout + err.stderr };
  }
}

// Entries in crawler-user-agents' own shape (pattern, instances), as its JSON gives them.
const LIST = [
  { pattern: 'Slurp', instances: ['Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)'] },
  { pattern: '[wW]get', instances: ['Wget/1.21.1'] },
  { pattern: 'archive\\.org_bot', instances: [] },
  { pattern: 'yandex\\.com\\/bots', instances: ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'] },
  { pattern: 'spider', instances: ['some spider/1.0'] },
  { pattern: '(unclosed', instances: ['x'] },
];

describe('the bot list generator (crawler-user-agents.json → bot-list.ts)', () => {
  it('each pattern with the name it matches in its first example, else the plain pattern; URLs, generic words and broken patterns left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtt-bot-list-'));
    const json = join(dir, 'crawler-user-agents.json');
    const out = join(dir, 'bot-list.ts');
    writeFileSync(json, JSON.stringify(LIST));
    expect(run(['--json', json, '--out', out])).toEqual({ code: 0, out: `gen-bot-list: 3 bots written to ${out}\n` });
    const rows = [...readFileSync(out, 'utf8').matchAll(/^ {2}\[(.*)\],$/gm)].map((m) => JSON.parse(`[${m[1]}]`));
    expect(rows).toEqual([['Slurp', 'Slurp'], ['[wW]get', 'Wget'], ['archive\\.org_bot', 'archive.org_bot']]);
    expect(run(['--json', json, '--out', out, '--check']).code).toBe(0);
    writeFileSync(json, JSON.stringify(LIST.slice(1)));
    expect(run(['--json', json, '--out', out, '--check']).code).toBe(1);
    expect(run(['--json', join(dir, 'none.json'), '--out', out]).code).toBe(2);
  });
});
