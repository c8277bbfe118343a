/**
 * A list of audited rows searched and sorted: the URLs holding a text as typed, ordered by a
 * column. Works on row indexes (a selection of the audit), reading each row through its caller.
 */

/** The columns a list of rows sorts by; 'inventory' is the order the inventory lists them in. */
export type RowSortKey = 'inventory' | 'url' | 'verdict' | 'line';

/** How a list of rows is ordered. */
export interface RowSort {
  readonly key: RowSortKey;
  readonly descending: boolean;
}

/** The inventory's order: the list as read. */
export const INVENTORY_ORDER: RowSort = { key: 'inventory', descending: false };

/** What a sort reads of row `i`: its URL, its verdict code and its deciding line in the column listed. */
export interface RowKeys {
  url(i: number): string;
  verdict(i: number): number;
  line(i: number): number;
}

/** The rows of `selected` whose URL holds `search` exactly as typed (case and spaces kept; '' keeps every row). */
export function searchRows(selected: Int32Array, search: string, url: (i: number) => string): Int32Array {
  if (search === '') return selected;
  const out = new Int32Array(selected.length);
  let k = 0;
  for (const i of selected) if (url(i).includes(search)) out[k++] = i;
  return out.slice(0, k);
}

/** `selected` ordered by `sort`; rows that tie keep the inventory's order, whichever the direction. */
export function sortRows(selected: Int32Array, sort: RowSort, keys: RowKeys): Int32Array {
  if (sort.key === 'inventory') return sort.descending ? selected.slice().reverse() : selected;
  const sign = sort.descending ? -1 : 1;
  const rows = Array.from(selected);
  if (sort.key === 'url') {
    const url = new Map(rows.map((i) => [i, keys.url(i)]));
    // Code-unit order: the order a URL's bytes sort in, the same in every language.
    rows.sort((a, b) => {
      const x = url.get(a)!;
      const y = url.get(b)!;
      return (x < y ? -sign : x > y ? sign : 0) || a - b;
    });
  } else {
    const of = sort.key === 'verdict' ? keys.verdict : keys.line;
    rows.sort((a, b) => sign * (of(a) - of(b)) || a - b);
  }
  return Int32Array.from(rows);
}
