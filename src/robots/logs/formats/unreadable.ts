/**
 * Why a line that could not be read could not be, where it can be told: a NUL in it, or a time no
 * clock shows. For the few lines kept as samples: the count of unreadable lines does not wait on it.
 */
import { parseLogTime } from '../time.js';

// A time as CLF brackets it, or as ISO 8601 / W3C write it (date, then a space or T, then the time, maybe a zone).
const TIMES = /\[(\d{2}\/[A-Za-z]{3}\/\d{4}:\d{2}:\d{2}:\d{2}(?: [+-]\d{4})?)\]|\b(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)(?![\d:])/g;

/** The count of NULs a text starts with (logrotate's copytruncate leaves a log starting with them). */
export function leadingNuls(text: string): number {
  let i = 0;
  while (text.charCodeAt(i) === 0) i++;
  return i;
}

/**
 * A log's first line as it is read: past the NULs logrotate's copytruncate leaves, and past a UTF-8
 * byte-order mark. A mark anywhere else (a file's joined after another) is part of its line, so a
 * line reads the same wherever the log is cut into chunks.
 */
export function firstLineText(line: string): string {
  const text = line.slice(leadingNuls(line));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Why `line` could not be read, in a few words; '' when it cannot be told. */
export function unreadableReason(line: string): string {
  if (line.indexOf('\u0000') >= 0) return 'it holds a NUL character';
  for (const m of line.matchAll(TIMES)) {
    const written = m[1] ?? m[2]!;
    if (Number.isNaN(parseLogTime(written))) return `no clock shows its time, ${JSON.stringify(written)}`;
  }
  return '';
}
