/**
 * URLs and paths as CSV cells, written straight when they need nothing of csvCell: a cell that
 * starts with a letter or a slash and holds only printable ASCII other than a quote, comma or
 * semicolon is its own cell (no formula, nothing to quote).
 */
import { csvCell } from '../share/csv/index.js';

/** The characters a CSV cell holds as they are: printable ASCII other than a quote, comma or semicolon (a character class's body). */
export const PLAIN_UNITS = '\\x21\\x23-\\x2b\\x2d-\\x3a\\x3c-\\x7e';
/** Any other character. */
const UNPLAIN = new RegExp(`[^${PLAIN_UNITS}]`);

/** Whether a cell starts with a letter or a slash (never a formula, nor white space). */
export function startsPlain(cell: string): boolean {
  const c0 = cell.charCodeAt(0);
  return (c0 >= 0x61 && c0 <= 0x7a) || (c0 >= 0x41 && c0 <= 0x5a) || c0 === 0x2f;
}

/**
 * A URL as a CSV cell, as csvCell writes it: a URL that starts with a letter or a slash and holds
 * only printable ASCII other than a quote, comma or semicolon is its own cell (no formula, nothing
 * to quote); anything else goes through csvCell.
 */
export function urlCell(url: string): string {
  // One regular expression looks at the characters: half the time of a loop over them.
  return startsPlain(url) && !UNPLAIN.test(url) ? url : csvCell(url);
}

/**
 * A tested path as a CSV cell, as csvCell writes it. The path is most often the end of its URL:
 * when that URL was its own cell and the path starts with a slash, so is the path.
 */
export function pathCell(path: string, url: string, urlAsCell: string): string {
  return urlAsCell === url && path.charCodeAt(0) === 0x2f && url.endsWith(path) ? path : urlCell(path);
}
