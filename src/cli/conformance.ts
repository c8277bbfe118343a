/**
 * The conformance runner: runs labelled JSONL cases through the batch contract and reports every
 * case whose verdict or line differs. Ends with `N passed, M failed`; exit code 1 on any failure.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decodeRobotsBytes } from '../robots/index.js';
import { answerRequest, ParseCache } from './batch.js';

interface Case {
  id?: unknown;
  note?: unknown;
  robots?: unknown;
  robots_file?: unknown;
  ua?: unknown;
  url?: unknown;
  allowed?: unknown;
  line?: unknown;
}

function run(files: string[]): number {
  let passed = 0;
  let failed = 0;
  const cache = new ParseCache();
  const bodies = new Map<string, string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      process.stderr.write(`conformance: cannot read ${file}: ${(e as Error).message}\n`);
      return 2;
    }
    const lines = text.split('\n');
    for (let n = 0; n < lines.length; n++) {
      const raw = lines[n]!;
      if (raw.trim() === '') continue;
      let c: Case;
      try {
        c = JSON.parse(raw) as Case;
      } catch (e) {
        failed++;
        process.stdout.write(`FAIL ${file}:${n + 1}  malformed case: ${(e as Error).message}\n`);
        continue;
      }
      let robots = c.robots;
      if (typeof c.robots_file === 'string') {
        // The body is the file's exact bytes, in the real/ folder beside the JSONL file.
        const path = join(dirname(file), 'real', c.robots_file);
        let body = bodies.get(path);
        if (body === undefined) {
          try {
            body = decodeRobotsBytes(readFileSync(path));
          } catch (e) {
            failed++;
            process.stdout.write(`FAIL ${String(c.id)}  cannot read ${path}: ${(e as Error).message}\n`);
            continue;
          }
          bodies.set(path, body);
        }
        robots = body;
      }
      const got = answerRequest({ id: c.id, robots, ua: c.ua, url: c.url }, cache);
      const ok = 'allowed' in got && got.allowed === c.allowed && got.line === c.line;
      if (ok) {
        passed++;
      } else {
        failed++;
        const gotText = 'error' in got ? `error ${got.error}` : `allowed=${got.allowed} line=${got.line}`;
        process.stdout.write(
          `FAIL ${String(c.id)}  ${String(c.note ?? '')}\n  expected allowed=${String(c.allowed)} line=${String(c.line)}; got ${gotText}\n`,
        );
      }
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: npm run conformance -- <cases.jsonl>...\n');
  process.exitCode = 2;
} else {
  process.exitCode = run(files);
}
