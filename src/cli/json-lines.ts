/**
 * JSON Lines in and out for `batch` and `lines --batch`: one answer per input line, in order,
 * whatever a line holds. A line too long to read, an answer that cannot be written as JSON (an
 * id nested too deeply) or an answer that fails gets an error answer of its own; the answers
 * before it are never lost.
 */
import { englishNumber } from '../robots/index.js';

/** The longest input line read (in characters); a longer one is skipped as it streams, never held. */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

/** One input line, or the length of one too long to read. */
export type InputLine = { readonly line: string } | { readonly tooLong: number };

/**
 * Splits text pieces into lines (LF, CRLF or CR, as readline does), holding at most `max`
 * characters of a line: a longer one is reported by its length and its text dropped.
 */
export async function* splitLines(pieces: AsyncIterable<string>, max = MAX_LINE_CHARS): AsyncGenerator<InputLine> {
  let held: string[] = [];
  let heldChars = 0;
  let overflow = 0;
  let afterCr = false;
  const end = (): InputLine => {
    const out: InputLine = overflow > 0 ? { tooLong: overflow + heldChars } : { line: held.join('') };
    held = [];
    heldChars = 0;
    overflow = 0;
    return out;
  };
  const keep = (text: string) => {
    if (text === '') return;
    if (overflow > 0 || heldChars + text.length > max) {
      // Too long: count it, keep none of it.
      overflow += heldChars + text.length;
      held = [];
      heldChars = 0;
      return;
    }
    held.push(text);
    heldChars += text.length;
  };
  for await (const piece of pieces) {
    let at = 0;
    // A CR ending the last piece and an LF starting this one are one line break.
    if (afterCr && piece.startsWith('\n')) at = 1;
    afterCr = false;
    for (;;) {
      const lf = piece.indexOf('\n', at);
      const cr = piece.indexOf('\r', at);
      const brk = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (brk < 0) {
        keep(piece.slice(at));
        break;
      }
      keep(piece.slice(at, brk));
      yield end();
      if (piece[brk] === '\r') {
        if (brk + 1 === piece.length) afterCr = true;
        else if (piece[brk + 1] === '\n') at = brk + 2;
        else at = brk + 1;
        if (afterCr) break;
      } else {
        at = brk + 1;
      }
    }
  }
  if (heldChars > 0 || overflow > 0) yield end();
}

/** `value` as one line of JSON; a value that cannot be written (too deep, a cycle) becomes an error answer. */
export function jsonLine(value: unknown): string {
  try {
    return JSON.stringify(value) + '\n';
  } catch (e) {
    return JSON.stringify({ id: null, error: `the answer cannot be written as JSON (${(e as Error).message}): give a plain "id"` }) + '\n';
  }
}

/** What answering a stream of lines needs: the answer to a line, and where the text goes. */
export interface LineAnswering {
  readonly answer: (line: string) => unknown;
  readonly write: (text: string) => Promise<void>;
  /** True once the run should stop (an interrupt): the answers made so far are written. */
  readonly stopped?: () => boolean;
}

/**
 * Answers every line of `pieces` in order, one JSON line each (an empty line: an error answer),
 * writing in blocks of about 64 KiB, and whatever is answered before waiting for more input: a
 * program that feeds one line and waits gets its answer. What was answered is written even when
 * a later step fails.
 */
export async function answerLines(pieces: AsyncIterable<string>, { answer, write, stopped }: LineAnswering): Promise<number> {
  let out = '';
  let count = 0;
  // Every line of a piece is answered before the next piece is asked for: the answers go out
  // then, since the input may pause there (a busy stream still writes once per piece read).
  async function* flushingBetween(source: AsyncIterable<string>): AsyncGenerator<string> {
    for await (const piece of source) {
      yield piece;
      if (out !== '') {
        const block = out;
        out = '';
        await write(block);
      }
    }
  }
  try {
    for await (const input of splitLines(flushingBetween(pieces))) {
      if (stopped?.()) break;
      let reply: unknown;
      if ('tooLong' in input) {
        reply = { id: null, error: `input line of ${englishNumber(input.tooLong)} characters: longer than ${englishNumber(MAX_LINE_CHARS)}, not read` };
      } else if (input.line.trim() === '') {
        reply = { id: null, error: 'empty input line' };
      } else {
        try {
          reply = answer(input.line);
        } catch (e) {
          // Answers never throw; if one does, that line says so and the run goes on.
          reply = { id: null, error: `internal error on this line: ${(e as Error).message}` };
        }
      }
      out += jsonLine(reply);
      count++;
      if (out.length > 1 << 16) {
        const block = out;
        out = '';
        await write(block);
      }
    }
  } finally {
    await write(out);
  }
  return count;
}
