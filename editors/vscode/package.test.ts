/**
 * The VS Code extension as it would be published: `vsce package` (which bundles the extension and
 * the language server first) builds a .vsix into a temporary folder; its files are read back from
 * the zip, and the bundled server is started on its own and answers `initialize`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const root = join(here, '..', '..');
const vsix = join(mkdtempSync(join(tmpdir(), 'rtt-vsix-')), 'robots-txt-tester.vsix');

/** The names of the files in a zip archive, from its central directory. */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names.sort();
}

/** One JSON-RPC message with its Content-Length header (LSP base protocol). */
const frame = (message: object) => {
  const body = JSON.stringify({ jsonrpc: '2.0', ...message });
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

beforeAll(() => {
  // No repository field: the extension lives in this repository, and publishing needs a person.
  execFileSync(process.execPath, [join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], {
    cwd: here, stdio: ['ignore', 'pipe', 'pipe'],
  });
}, 120_000);

describe('the VS Code extension, packaged by vsce', () => {
  it('is a .vsix holding the manifest, the bundled extension and server, the grammar and the licence', () => {
    expect(statSync(vsix).size).toBeGreaterThan(50_000);
    expect(zipEntries(readFileSync(vsix))).toEqual([
      '[Content_Types].xml', 'extension.vsixmanifest', 'extension/LICENSE.txt', 'extension/dist/extension.js', 'extension/dist/server.js',
      'extension/language-configuration.json', 'extension/package.json', 'extension/readme.md', 'extension/syntaxes/robots-txt.tmLanguage.json',
    ]);
  });

  it('contributes the robots-txt language for files named robots.txt, with its grammar', () => {
    const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
    expect(pkg.contributes.languages[0]).toMatchObject({ id: 'robots-txt', filenames: ['robots.txt'] });
    expect(pkg.activationEvents).toEqual(['onLanguage:robots-txt']);
    const grammar = JSON.parse(readFileSync(join(here, pkg.contributes.grammars[0].path), 'utf8'));
    expect(grammar.scopeName).toBe(pkg.contributes.grammars[0].scopeName);
  });

  it('the bundled server runs on its own (nothing installed beside it) and answers initialize, shutdown and exit', async () => {
    const server = spawn(process.execPath, [join(here, 'dist/server.js'), '--stdio'], { cwd: tmpdir() });
    let out = '';
    const exited = new Promise<number | null>((r) => server.once('exit', r));
    const answered = new Promise<void>((r) => server.stdout.on('data', (d) => {
      out += d;
      if (out.includes('"id":2')) r();
    }));
    server.stdin.write(frame({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }) + frame({ id: 2, method: 'shutdown' }));
    await answered;
    server.stdin.end(frame({ method: 'exit' }));
    expect(await exited).toBe(0);
    const first = JSON.parse(out.split('\r\n\r\n')[1]!.split('Content-Length')[0]!);
    expect(first).toMatchObject({ id: 1, result: { capabilities: { textDocumentSync: { change: 2 } }, serverInfo: { name: 'robots-txt-tester' } } });
  });
});
