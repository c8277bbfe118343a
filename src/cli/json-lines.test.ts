/**
 * JSON Lines for `batch` and `lines --batch`: one answer per line whatever the
 * line holds, and no answer lost to a later line.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerLines, jsonLine, splitLines, type InputLine } from './json-lines.js';

async function* pieces(...parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

async function lines(parts: string[], max?: number): Promise<InputLine[]> {
  const out: InputLine[] = [];
  for await (const l of splitLines(pieces(...parts), max)) out.push(l);
  return out;
}

const deepId = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('splitLines', () => {
  it('splits at LF, CRLF and CR, as readline does, wherever the pieces break', async () => {
    expect(await lines(['a\nb\r\nc\rd'])).toEqual([{ line: 'a' }, { line: 'b' }, { line: 'c' }, { line: 'd' }]);
    expect(await lines(['a\r', '\nb\r', 'c\n'])).toEqual([{ line: 'a' }, { line: 'b' }, { line: 'c' }]);
    expect(await lines(['a\n\nb'])).toEqual([{ line: 'a' }, { line: '' }, { line: 'b' }]);
  });
  it('the same lines for any split of the text into pieces', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r') }), fc.array(fc.nat(20)), async (text, cuts) => {
      const at = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
      const parts = [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length));
      const whole = text.split(/\r\n|\r|\n/);
      if (whole.at(-1) === '') whole.pop();
      expect(await lines(parts)).toEqual(whole.map((line) => ({ line })));
    }));
  });
  it('a line longer than the limit is counted, not held; the lines around it are read', async () => {
    expect(await lines(['ok\n', 'x'.repeat(6), 'x'.repeat(6), '\nnext\n'], 10)).toEqual([{ line: 'ok' }, { tooLong: 12 }, { line: 'next' }]);
  });
});

describe('jsonLine', () => {
  it('writes any value it can; one it cannot (an id nested 100,000 deep) becomes an error answer', () => {
    expect(jsonLine({ id: 1, allowed: true })).toBe('{"id":1,"allowed":true}\n');
    const line = jsonLine({ id: JSON.parse(deepId(100_000)), allowed: true });
    expect(JSON.parse(line)).toMatchObject({ id: null, error: expect.stringContaining('cannot be written as JSON') });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(JSON.parse(jsonLine({ id: cycle }))).toMatchObject({ id: null });
  });
});

describe('answerLines', () => {
  it('an answer that throws answers its own line; the answers before and after are written', async () => {
    let written = '';
    const count = await answerLines(pieces('1\n2\n3\n'), {
      answer: (l) => {
        if (l === '2') throw new RangeError('Invalid array length');
        return { id: Number(l) };
      },
      write: async (t) => void (written += t),
    });
    expect(count).toBe(3);
    expect(written).toBe('{"id":1}\n{"id":null,"error":"internal error on this line: Invalid array length"}\n{"id":3}\n');
  });
  it('answers buffered before a failing write are written first', async () => {
    let written = '';
    async function* failing(): AsyncGenerator<string> {
      yield 'a\nb\n';
      throw new Error('the input broke off');
    }
    await expect(answerLines(failing(), { answer: (l) => ({ id: l }), write: async (t) => void (written += t) })).rejects.toThrow('broke off');
    expect(written).toBe('{"id":"a"}\n{"id":"b"}\n');
  });
});

describe('batch and lines --batch through the binary', () => {
  const request = (id: unknown, url = '/x') => JSON.stringify({ id, robots: 'User-agent: *\nDisallow: /x\n', ua: 'a', url });
  const run = (command: string[], input: string) => spawnSync(process.execPath, ['lib/cli.js', ...command], { input, encoding: 'utf8', maxBuffer: 1 << 28 });

  it('batch: a deeply nested "id" answers its own line with an error; the lines before and after are answered', () => {
    const r = run(['batch'], [request(1), `{"id":${deepId(200_000)},"robots":"","ua":"a","url":"/"}`, request(3)].join('\n') + '\n');
    expect(r.status).toBe(0);
    const answers = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(answers).toEqual([
      { id: 1, allowed: false, line: 2 },
      { id: null, error: expect.stringContaining('the answer cannot be written as JSON') },
      { id: 3, allowed: false, line: 2 },
    ]);
    expect(r.stderr).toBe('');
  });
  it('batch: a 2,000,000-character URL, for every reader, is answered, and the answers before it kept', () => {
    const readers = ['google', 'bing', 'python-urllib', 'python-urllib-rfc9309', 'scrapy-protego', 'scrapy-protego-0.6', 'robots-parser', 'crawler-commons'];
    const long = '/x' + 'a'.repeat(2_000_000);
    const input = readers.flatMap((reader, i) => [
      JSON.stringify({ id: `${i}a`, robots: 'User-agent: *\nDisallow: /x\n', ua: 'a', url: 'https://a.test/x', reader }),
      JSON.stringify({ id: `${i}b`, robots: 'User-agent: *\nDisallow: /x\n', ua: 'a', url: `https://a.test${long}`, reader }),
    ]).join('\n') + '\n';
    const r = run(['batch'], input);
    expect(r.status).toBe(0);
    const answers = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(answers.map((a) => a.id)).toEqual(readers.flatMap((_, i) => [`${i}a`, `${i}b`]));
    expect(answers.filter((a) => 'error' in a)).toEqual([]);
  });
  it('lines --batch: a deeply nested "id" does not lose the answers before it', () => {
    const r = run(['lines', '--batch'], [JSON.stringify({ id: 1, robots: 'Disallow: /' }), `{"id":${deepId(200_000)},"robots":""}`].join('\n') + '\n');
    expect(r.status).toBe(0);
    const answers = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(answers[0]).toMatchObject({ id: 1, lines: [{ line: 1, tag: 'disallow' }] });
    expect(answers[1]).toMatchObject({ id: null, error: expect.stringContaining('cannot be written as JSON') });
  });
});

describe('batch and lines --batch answer each line as it is read', () => {
  /** Runs the binary, feeding one line at a time through a pipe and waiting for each answer before the next. */
  async function converse(command: string[], lines: readonly string[]): Promise<string[]> {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['lib/cli.js', ...command], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdout.setEncoding('utf8');
    let got = '';
    child.stdout.on('data', (d: string) => {
      got += d;
    });
    const answers: string[] = [];
    const next = () => new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer while the input waits (after ${answers.length} answers)`)), 5000);
      const look = () => {
        const nl = got.indexOf('\n');
        if (nl < 0) return;
        clearTimeout(timer);
        child.stdout.off('data', look);
        const line = got.slice(0, nl);
        got = got.slice(nl + 1);
        resolve(line);
      };
      child.stdout.on('data', look);
      look();
    });
    try {
      for (const line of lines) {
        child.stdin.write(line + '\n');
        // The input stays open: the answer must come without more input or its end.
        answers.push(await next());
      }
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.on('close', resolve));
    }
    return answers;
  }
  it('batch: a program that feeds one request and waits gets its answer', async () => {
    const ask = (id: number, url: string) => JSON.stringify({ id, robots: 'User-agent: *\nDisallow: /x\n', ua: 'a', url });
    const answers = await converse(['batch'], [ask(1, '/x'), ask(2, '/y'), ask(3, '/x/z')]);
    expect(answers.map((a) => JSON.parse(a))).toEqual([{ id: 1, allowed: false, line: 2 }, { id: 2, allowed: true, line: 0 }, { id: 3, allowed: false, line: 2 }]);
  }, 30_000);
  it('lines --batch: each body answered while the input waits', async () => {
    const answers = await converse(['lines', '--batch'], [JSON.stringify({ id: 'a', robots: 'User-agent: *\nDisallow: /x' }), JSON.stringify({ id: 'b', robots: 'Disalow: /y' })]);
    expect(answers.map((a) => JSON.parse(a).id)).toEqual(['a', 'b']);
  }, 30_000);
});

