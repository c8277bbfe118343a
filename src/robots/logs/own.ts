/**
 * A string of its own. A slice of a line is kept by V8 as a view of the whole chunk the line was
 * cut from: a key kept for the whole log (a User-Agent, a path, an address) would keep its
 * megabyte chunk alive with it. Kept strings are copied through this.
 */
export function own(s: string): string {
  // Flattening the joined string writes a new copy; the slice is a view of that copy alone.
  return (' ' + s).slice(1);
}
