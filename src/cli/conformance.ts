/**
 * The conformance runner: runs labelled JSONL cases — verdicts through the batch contract, per-line
 * readings through `reportLines` — and reports every case that differs. Ends with
 * `N passed, M failed`; exit code 1 on any failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decodeRobotsBytes, reportLines, type ReportedLine } from '../robots/index.js';
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
  lines?: unknown;
  reader?: unknown;
}

/** The reporter's fields that lines-cases.jsonl labels. */
const REPORTER_FIELDS = ['line', 'tag', 'typo', 'empty', 'comment', 'hasComment', 'directive', 'tooLong', 'missingColon'] as const;

/** The differences between labelled lines and ours, as readable strings (empty when they agree). */
export function compareLines(expected: readonly Record<string, unknown>[], got: readonly ReportedLine[]): string[] {
  const diffs: string[] = [];
  if (expected.length !== got.length) diffs.push(`expected ${expected.length} lines, got ${got.length}`);
  const n = Math.min(expected.length, got.length);
  for (let i = 0; i < n && diffs.length < 5; i++) {
    const e = expected[i]!;
    const g = got[i]! as unknown as Record<string, unknown>;
    const bad = REPORTER_FIELDS.filter((f) => f in e && e[f] !== g[f]);
    if (bad.length > 0) diffs.push(`line ${i + 1}: ${bad.map((f) => `${f} expected ${String(e[f])} got ${String(g[f])}`).join(', ')}`);
  }
  return diffs;
}

function run(files: string[]): number {
  let passed = 0;
  let failed = 0;
  let linesChecked = 0;
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
        // lines-cases.jsonl names files of ../corpus/real/ from beside conformance/.
        const near = join(dirname(file), 'real', c.robots_file);
        const path = existsSync(near) ? near : join(dirname(file), '..', 'corpus', 'real', c.robots_file);
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
      if (Array.isArray(c.lines)) {
        const diffs = typeof robots === 'string' ? compareLines(c.lines as Record<string, unknown>[], reportLines(robots)) : ['no robots body'];
        linesChecked += c.lines.length;
        if (diffs.length === 0) passed++;
        else {
          failed++;
          process.stdout.write(`FAIL ${String(c.id)}  per-line reading\n  ${diffs.join('\n  ')}\n`);
        }
        continue;
      }
      const got = answerRequest({ id: c.id, robots, ua: c.ua, url: c.url, reader: c.reader }, cache);
      // Another reader's case may label no line, or robots-parser's -1 for "no rule".
      const lineOk = (g: number) => c.line === undefined ? (c.reader ?? 'google') !== 'google' : g === c.line || (g === 0 && c.line === -1);
      const ok = 'allowed' in got && got.allowed === c.allowed && lineOk(got.line);
      if (ok) {
        passed++;
      } else {
        failed++;
        const gotText = 'error' in got ? `error ${got.error}` : `allowed=${got.allowed} line=${got.line}`;
        process.stdout.write(
          `FAIL ${String(c.id)}${c.reader ? ` [${String(c.reader)}]` : ''}  ${String(c.note ?? '')}\n  expected allowed=${String(c.allowed)} line=${String(c.line)}; got ${gotText}\n`,
        );
      }
    }
  }
  if (linesChecked > 0) process.stdout.write(`per-line readings: ${linesChecked} labelled lines compared\n`);
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
