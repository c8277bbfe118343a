/**
 * Output of the `lines` command: Google's per-line reading (reportLines) as a table, as JSON
 * Lines, or answering a JSON Lines batch of bodies.
 */
import { reportLines, showControls, type ReportedLine } from '../robots/index.js';
import { csvTable } from '../share/csv/index.js';
import { terminalText } from './terminal.js';

const FLAGS = ['typo', 'empty', 'comment', 'hasComment', 'directive', 'tooLong', 'missingColon'] as const;

/** Every line of `text` as one JSON object per output line. */
export function linesJson(text: string): string {
  return reportLines(text).map((l) => JSON.stringify(l)).join('\n') + '\n';
}

/** A line's text in the table: its control characters shown (they would break the table), cut at 60 characters. */
function shown(text: string): string {
  const clean = showControls(text);
  return clean.length > 60 ? clean.slice(0, 59) + '…' : clean;
}

/** Every line as CSV: the reporter's fields, then this tester's kind, severity and codes. */
export function linesCsv(text: string): string {
  const fields = ['line', 'tag', ...FLAGS, 'kind', 'severity', 'codes'];
  return csvTable(fields, reportLines(text).map((l) => [String(l.line), l.tag, ...FLAGS.map((f) => String(l[f])), l.kind, l.severity ?? '', l.codes.join(' ')]));
}

/** A readable table: line, tag, the reporter's flags that are set, severity and codes, the text. */
export function formatLinesTable(text: string): string {
  const reported = reportLines(text);
  const texts = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const rows = reported.map((l: ReportedLine) => [
    String(l.line),
    l.tag,
    FLAGS.filter((f) => l[f]).join(',') || '-',
    l.severity ? `${l.severity}: ${l.codes.join(',')}` : '',
    shown(texts[l.line - 1] ?? ''),
  ]);
  const head = ['LINE', 'TAG', 'FLAGS', 'FINDINGS', 'TEXT'];
  // A file of blank lines has hundreds of thousands of rows: measured in a loop, not spread into Math.max.
  const widths = head.map((h) => h.length);
  for (const r of rows) r.forEach((cell, i) => (widths[i] = Math.max(widths[i]!, cell.length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return terminalText([fmt(head), ...rows.map(fmt)]);
}

/** Answers one `lines --batch` input line: `{"id","robots"}` → `{"id","lines"}`. Never throws. */
export function answerLinesLine(line: string): Record<string, unknown> {
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return { id: null, error: `malformed JSON: ${(e as Error).message}` };
  }
  if (typeof req !== 'object' || req === null || Array.isArray(req)) return { id: null, error: 'input line is not a JSON object' };
  const r = req as Record<string, unknown>;
  const id = 'id' in r ? r.id : null;
  if (typeof r.robots !== 'string') return { id, error: '"robots" must be a string (the robots.txt body)' };
  return { id, lines: reportLines(r.robots) };
}
