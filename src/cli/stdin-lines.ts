/** Standard input's JSON Lines answered line by line (`batch`, `lines --batch`), until it ends or an interrupt. */
import { answerLines } from './json-lines.js';
import { interruptCode, onInterrupt, writeOut } from './output.js';

/** Answers standard input's JSON Lines (see answerLines); resolves to the exit code (an interrupt's, else 0). */
export async function answerStandardInput(answer: (line: string) => unknown): Promise<number> {
  process.stdin.setEncoding('utf8');
  // An interrupt stops the reading; the answers already made are written.
  const unregister = onInterrupt(() => process.stdin.destroy());
  try {
    await answerLines(process.stdin as AsyncIterable<string>, { answer, write: writeOut, stopped: () => interruptCode() !== null });
  } catch (e) {
    if (interruptCode() === null) throw e;
  } finally {
    unregister();
  }
  return interruptCode() ?? 0;
}
