/**
 * CSV written as spreadsheets read it, for the app and the CLI: a direct writer, fast enough for
 * millions of rows — quoting, CRLF, and cells a spreadsheet could run as a formula neutralised
 * whatever they hold.
 */

/** What the app writes first, so Excel reads the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** What ends each record. */
export const CSV_NEWLINE = '\r\n';

// What a spreadsheet may read as the start of a formula: = + - @ (OWASP's CSV injection list),
// and their full-width and small forms, which East Asian input and some spreadsheets take for them.
const FORMULA_START = new Set([0x3d, 0x2b, 0x2d, 0x40, 0xff1d, 0xff0b, 0xff0d, 0xff20, 0xfe66, 0xfe62, 0xfe63, 0xfe6b]);

/** White space and control characters a spreadsheet may skip before a formula. */
function skippable(c: number): boolean {
  return c <= 0x20 || c === 0x7f || c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029
    || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * True when a spreadsheet could run the cell: it starts with a tab or a carriage return
 * (OWASP), or its first character after white space and control characters starts a formula.
 */
export function isFormulaLike(cell: string): boolean {
  const c0 = cell.charCodeAt(0);
  // Most cells start with a letter, a digit or a slash: nothing more to look at.
  if ((c0 > 0x40 && c0 < 0x7f) || (c0 >= 0x2f && c0 <= 0x39)) return false;
  if (c0 === 0x09 || c0 === 0x0d) return true;
  let i = 0;
  while (i < cell.length && skippable(cell.charCodeAt(i))) i++;
  return i < cell.length && FORMULA_START.has(cell.charCodeAt(i));
}

const NEEDS_QUOTES = /[",;\t\r\n]/;
const QUOTE = /"/g;

/**
 * One cell as CSV: a formula-like cell gets a leading `'` (the spreadsheet shows it as text) and
 * quotes; a cell holding a separator, a quote, a line break or edge spaces is quoted.
 */
export function csvCell(value: string): string {
  if (value === '') return '';
  if (isFormulaLike(value)) return `"'${value.replace(QUOTE, '""')}"`;
  const first = value.charCodeAt(0);
  // Edge spaces survive only quoted; a leading byte-order mark would be taken for the file's.
  if (NEEDS_QUOTES.test(value) || first === 0x20 || first === 0xfeff || value.charCodeAt(value.length - 1) === 0x20) return `"${value.replace(QUOTE, '""')}"`;
  return value;
}

/** One record: the cells, comma-separated, ending in CRLF. */
export function csvRecord(cells: readonly string[]): string {
  let out = '';
  for (let i = 0; i < cells.length; i++) out += (i === 0 ? '' : ',') + csvCell(cells[i]!);
  return out + CSV_NEWLINE;
}

/** A whole table: the header, then every row; with a byte-order mark for spreadsheets when `bom`. */
export function csvTable(header: readonly string[], rows: Iterable<readonly string[]>, options: { readonly bom?: boolean } = {}): string {
  const parts = [options.bom ? CSV_BOM : '', csvRecord(header)];
  for (const row of rows) parts.push(csvRecord(row));
  return parts.join('');
}
