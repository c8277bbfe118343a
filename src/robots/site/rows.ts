/**
 * An audit's rows, kept when asked: every URL's folder node and, per column, its verdict and
 * deciding line now and in the compared version; and which of them a list shows (a column's
 * verdicts, the changed ones, a folder's).
 */
import type { ListVerdictCode } from '../lists/index.js';
import type { FolderTree } from './tree.js';

/**
 * Growable typed columns of every URL's row (kept when asked): its folder node, and per column its
 * verdict and line, now and before. The URLs themselves stay with whoever holds the inventory.
 */
export class AuditRows {
  node = new Int32Array(1024);
  verdict: Uint8Array;
  line: Int32Array;
  before: Uint8Array | null;
  beforeLine: Int32Array | null;

  constructor(readonly columns: number, compared: boolean) {
    this.verdict = new Uint8Array(1024 * columns);
    this.line = new Int32Array(1024 * columns);
    this.before = compared ? new Uint8Array(1024 * columns) : null;
    this.beforeLine = compared ? new Int32Array(1024 * columns) : null;
  }

  reserve(n: number): void {
    if (n <= this.node.length) return;
    let size = this.node.length;
    while (size < n) size *= 2;
    const grow = <T extends Int32Array | Uint8Array>(a: T, make: (k: number) => T, width: number): T => {
      const b = make(size * width);
      b.set(a);
      return b;
    };
    this.node = grow(this.node, (k) => new Int32Array(k), 1);
    this.verdict = grow(this.verdict, (k) => new Uint8Array(k), this.columns);
    this.line = grow(this.line, (k) => new Int32Array(k), this.columns);
    if (this.before) this.before = grow(this.before, (k) => new Uint8Array(k), this.columns);
    if (this.beforeLine) this.beforeLine = grow(this.beforeLine, (k) => new Int32Array(k), this.columns);
  }
}

/** Which rows a list shows. */
export interface RowQuery {
  /** The column (crawler × reader) the verdicts are read in. */
  readonly column: number;
  /** Verdict codes kept ([] for every one). */
  readonly verdicts: readonly ListVerdictCode[];
  /** Only rows whose verdict in the column differs from the compared version's. */
  readonly changed: boolean;
  /** Only URLs in this folder (its address, as the tree names it) and below; '' for every URL. */
  readonly folder: string;
}

/** The indexes, in inventory order, of the first `count` rows `query` selects; none for a column or folder the audit does not have. */
export function selectRows(rows: AuditRows, tree: FolderTree, count: number, query: RowQuery): Int32Array {
  const m = rows.columns;
  const c = query.column;
  if (!Number.isInteger(c) || c < 0 || c >= m) return new Int32Array(0);
  const want = query.verdicts.length === 0 ? null : new Set<number>(query.verdicts);
  const node = query.folder === '' ? -1 : tree.find(query.folder);
  // A folder the tree does not hold (any more) holds no URL.
  if (query.folder !== '' && node < 0) return new Int32Array(0);
  const walk = node >= 0 ? tree.walk() : null;
  const lo = walk ? walk.pre[node]! : 0;
  const hi = walk ? walk.end[node]! : 0;
  const out = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < count; i++) {
    const v = rows.verdict[i * m + c]!;
    if (want && !want.has(v)) continue;
    if (query.changed && (!rows.before || rows.before[i * m + c] === v)) continue;
    if (walk) {
      const at = walk.pre[rows.node[i]!]!;
      if (at < lo || at >= hi) continue;
    }
    out[k++] = i;
  }
  return out.slice(0, k);
}
