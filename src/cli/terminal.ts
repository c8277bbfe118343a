/**
 * What the CLI prints for a terminal or a log: the one rule every text listing, report and message
 * goes through. A line may hold text from an input (a URL, a robots.txt line, a CSV cell, a user
 * agent, a file name); its control characters are shown as `\xHH`, so it stays one line and moves
 * no cursor, and it never starts a GitHub Actions workflow command: the runner reads one from any
 * line that starts with `::` once leading white space is trimmed. Machine formats (JSON, CSV) keep
 * their data exact and do not come here; the annotations (github.ts) have their own escaping.
 */
import { showControls } from '../robots/index.js';

/** A line the runner would take for a workflow command: `::` after white space (its trim takes Unicode spaces too). */
const COMMAND_START = /^\s*::/;

/** `line` as it is printed: its control characters shown, and a leading `::` written `\x3a:`. */
export function terminalLine(line: string): string {
  const shown = showControls(line);
  return COMMAND_START.test(shown) ? shown.replace(':', '\\x3a') : shown;
}

/** Lines for a terminal or a log, each through terminalLine and ended by a line feed. */
export function terminalText(lines: Iterable<string>): string {
  let out = '';
  for (const line of lines) out += terminalLine(line) + '\n';
  return out;
}

/** Writes one of the CLI's messages on standard error: `robots-txt-tester: <message>`, through terminalLine. */
export function writeMessage(message: string): void {
  process.stderr.write(`robots-txt-tester: ${terminalLine(message)}\n`);
}
