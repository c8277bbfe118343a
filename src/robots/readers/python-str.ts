/**
 * Python's `str` as CPython's parsers see a robots.txt: `splitlines()`, `strip()` and `isspace()`
 * differ from JavaScript's (more line breaks, other white space), and exactness needs them.
 */

/** A line as `str.splitlines()` yields it, with where it starts in the text. */
export interface PyLine {
  readonly text: string;
  readonly start: number;
}

// str.splitlines() breaks at these (CRLF is one break): Python's Unicode line boundaries.
function isPyLineBreak(c: number): boolean {
  return (c >= 0x0a && c <= 0x0d) || (c >= 0x1c && c <= 0x1e) || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** `text.splitlines()` with each line's start offset; no empty line after a final break. */
export function pySplitLines(text: string): PyLine[] {
  const lines: PyLine[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isPyLineBreak(c)) {
      lines.push({ text: text.slice(start, i), start });
      i += c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      start = i;
    } else {
      i++;
    }
  }
  if (start < text.length) lines.push({ text: text.slice(start), start });
  return lines;
}

/** `c.isspace()` for one UTF-16 unit (every Python white space is in the BMP). */
export function pyIsSpace(c: number): boolean {
  return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) || c === 0x85 || c === 0xa0 || c === 0x1680
    || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** `s.strip()`: Python's white space, not JavaScript's (which adds U+FEFF and lacks U+001C–U+001F, U+0085). */
export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && pyIsSpace(s.charCodeAt(a))) a++;
  while (b > a && pyIsSpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** `s.split(sep, 1)` as a pair, or null when `sep` is absent. */
export function pySplitOnce(s: string, sep: string): [string, string] | null {
  const i = s.indexOf(sep);
  return i < 0 ? null : [s.slice(0, i), s.slice(i + sep.length)];
}

/** `len(s)` in code points, as Python counts. */
export function pyLen(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      n++;
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/** A line without its `#` comment, stripped (Protego and robotparser alike). */
export function pyUncommented(raw: string): string {
  const hash = raw.indexOf('#');
  return pyStrip(hash >= 0 ? raw.slice(0, hash) : raw);
}

/**
 * CPython robotparser's reading of a line: comment cut, stripped, split at the first colon,
 * the key stripped and lower-cased, the value stripped; null when no colon (the line is skipped).
 */
export function pyKeyValue(raw: string): [key: string, value: string] | null {
  const kv = pySplitOnce(pyUncommented(raw), ':');
  return kv ? [pyStrip(kv[0]).toLowerCase(), pyStrip(kv[1])] : null;
}
