/**
 * The site tree: the inventory as folders (a root per origin, then each path segment that ends in
 * a slash), each with its URLs' verdict counts per column, children summed into their parents.
 * Nodes live in typed arrays and one map from folder to node: a million URLs cost one slice and
 * one look-up each.
 */
import { originOf } from './reader.js';
import { hashPair } from './url-set.js';

/** Counts kept per node and column: one per list verdict code (allowed, blocked, out of scope, cannot test). */
const CODES = 4;

/** Slots of the recent-folder cache (a power of two). */
const RECENT = 1024;

/** Options of a tree. */
export interface FolderTreeOptions {
  /** Folder levels below a root (deeper URLs count in their ancestor at this depth); unbounded by default. */
  readonly maxDepth?: number;
  /** Nodes at most (then new folders count in their nearest existing ancestor); 1,000,000 by default. */
  readonly maxNodes?: number;
  /** The site: relative URLs are on its origin. */
  readonly site?: string;
}

/** One folder as listings show it. */
export interface FolderSummary {
  readonly node: number;
  /** The root's origin, or a folder's last segment with its slash (`blog/`). */
  readonly label: string;
  /** The folder's full address (`https://example.com/blog/`). */
  readonly folder: string;
  readonly depth: number;
  /** URLs in the folder and below. */
  readonly urls: number;
  /** Per column: allowed, blocked, out of scope, cannot test. */
  readonly counts: readonly (readonly [number, number, number, number])[];
  readonly children: number;
}

/** A tree as plain data (parents before children), for FolderTree.merge. */
export interface TreePart {
  readonly folders: readonly string[];
  readonly labels: readonly string[];
  /** Each node's parent's index in this part, -1 for a root. */
  readonly parents: Int32Array;
  /** Each node's own counts (not its descendants'). */
  readonly own: Int32Array;
  readonly truncated: boolean;
}

/** Folders of the inventory, with verdict counts per column. */
export class FolderTree {
  private readonly maxDepth: number;
  private readonly maxNodes: number;
  private readonly siteOrigin: string;
  private readonly byFolder = new Map<string, number>();
  private parents = new Int32Array(1024);
  private firstChild = new Int32Array(1024);
  private lastChild = new Int32Array(1024);
  private nextSibling = new Int32Array(1024);
  private childCount = new Int32Array(1024);
  private depths = new Uint16Array(1024);
  private own: Int32Array;
  private readonly labels: string[] = [];
  private readonly folders: string[] = [];
  private size = 0;
  private summed: Int32Array | null = null;
  private order: { pre: Int32Array; end: Int32Array } | null = null;
  /** True once a folder was left out for the node limit. */
  truncated = false;
  /** Folders found lately: two 32-bit hashes of the folder's path, its length, the node. */
  /** The folder path's two hashes, as hashPair gives them. */
  private readonly pair = new Int32Array(2);
  private readonly recentA = new Int32Array(RECENT);
  private readonly recentB = new Int32Array(RECENT);
  private readonly recentLength = new Int32Array(RECENT);
  private readonly recentNode = new Int32Array(RECENT);
  /** Per recent folder, the id of the origin as written it was found under (0: none). */
  private readonly recentOrigin = new Int32Array(RECENT);
  /** The last URL's part before its path, and an id new each time it changes. */
  private lastOrigin = '';
  private lastOriginId = 0;

  constructor(readonly columns: number, options: FolderTreeOptions = {}) {
    this.maxDepth = options.maxDepth ?? Infinity;
    this.maxNodes = options.maxNodes ?? 1_000_000;
    this.siteOrigin = (options.site && originOf(options.site)) || '';
    this.own = new Int32Array(1024 * columns * CODES);
  }

  /** How many folders the tree holds. */
  get nodes(): number {
    return this.size;
  }

  /** The roots (one per origin), in the order first seen. */
  roots(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.size; i++) if (this.parents[i] === -1) out.push(i);
    return out;
  }

  /** A folder's children, in the order first seen. */
  children(node: number): number[] {
    const out: number[] = [];
    for (let c = this.firstChild[node]!; c !== -1; c = this.nextSibling[c]!) out.push(c);
    return out;
  }

  parent(node: number): number {
    return this.parents[node]!;
  }

  /** The node of `folder` (a root's origin + `/`, or a folder's full address), or -1. */
  find(folder: string): number {
    return this.byFolder.get(folder) ?? -1;
  }

  /**
   * The node of the folder holding `url`, made when new; `path` is the URL's path and query as
   * tested (the list checker's). The folder is the path up to its last slash before any query.
   */
  place(url: string, path: string): number {
    let end = path.indexOf('?');
    if (end < 0) end = path.length;
    let cut = path.lastIndexOf('/', end - 1);
    if (cut < 0) cut = 0;
    if (this.maxDepth !== Infinity) {
      // Only maxDepth folders below the root: the (maxDepth+1)-th slash ends the deepest.
      let slash = 0;
      for (let d = 0; d < this.maxDepth && slash < cut; d++) slash = path.indexOf('/', slash + 1);
      if (slash >= 0 && slash < cut) cut = slash;
    }
    const rooted = path.charCodeAt(0) === 0x2f;
    // Most URLs are written as their origin and the path tested: the folder's address is then a
    // prefix of the URL itself (a prefix that is not the canonical address is in no map). Two
    // hashes of that prefix find a recent folder without making or hashing a string; else the
    // map is asked for the prefix.
    const at = url.length - path.length;
    const length = at + cut + 1;
    if (rooted && at > 0) {
      // The URL ends with the path tested (no fragment, nothing rewritten): its prefix is the folder's
      // address. The part before the path (the origin as written) is most often the last URL's:
      // compared at once, and only the folder's path is hashed.
      if (url.startsWith(path, at)) {
        if (at !== this.lastOrigin.length || !url.startsWith(this.lastOrigin)) {
          this.lastOrigin = url.slice(0, at);
          this.lastOriginId++;
        }
        const origin = this.lastOriginId;
        const end = cut + 1;
        hashPair(path, end, 0x811c9dc5 ^ origin, end, this.pair);
        const a = this.pair[0]!;
        const b = this.pair[1]!;
        const slot = (a ^ (a >>> 16)) & (RECENT - 1);
        if (this.recentA[slot] === a && this.recentB[slot] === b && this.recentLength[slot] === end && this.recentOrigin[slot] === origin) return this.recentNode[slot]!;
        const found = this.byFolder.get(url.slice(0, length));
        if (found !== undefined) {
          this.recentA[slot] = a;
          this.recentB[slot] = b;
          this.recentLength[slot] = end;
          this.recentOrigin[slot] = origin;
          this.recentNode[slot] = found;
          return found;
        }
      }
    }
    const origin = originOf(url) ?? this.siteOrigin;
    const folder = rooted ? path.slice(0, cut + 1) : '/';
    const found = this.byFolder.get(origin + folder);
    return found !== undefined ? found : this.make(origin, folder);
  }

  private make(origin: string, folder: string): number {
    let node = this.byFolder.get(origin + '/');
    if (node === undefined) node = this.node(-1, origin || '?', origin + '/');
    if (node < 0) return 0;
    let at = 1;
    while (at < folder.length) {
      const slash = folder.indexOf('/', at);
      const key = origin + folder.slice(0, slash + 1);
      let child = this.byFolder.get(key);
      if (child === undefined) {
        child = this.node(node, folder.slice(at, slash + 1), key);
        if (child < 0) return node;
      }
      node = child;
      at = slash + 1;
    }
    return node;
  }

  /** A new node under `parent`, or -1 past the node limit. */
  private node(parent: number, label: string, folder: string): number {
    if (this.size >= this.maxNodes) {
      this.truncated = true;
      return -1;
    }
    if (this.size === this.parents.length) this.grow();
    const id = this.size++;
    this.parents[id] = parent;
    this.firstChild[id] = -1;
    this.lastChild[id] = -1;
    this.nextSibling[id] = -1;
    this.childCount[id] = 0;
    this.depths[id] = parent < 0 ? 0 : this.depths[parent]! + 1;
    this.labels.push(label);
    this.folders.push(folder);
    this.byFolder.set(folder, id);
    if (parent >= 0) {
      if (this.lastChild[parent] === -1) this.firstChild[parent] = id;
      else this.nextSibling[this.lastChild[parent]!] = id;
      this.lastChild[parent] = id;
      this.childCount[parent]! += 1;
    }
    this.summed = null;
    this.order = null;
    return id;
  }

  private grow(): void {
    const n = this.parents.length * 2;
    const widen = <T extends Int32Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    const i32 = (k: number) => new Int32Array(k);
    this.parents = widen(this.parents, i32);
    this.firstChild = widen(this.firstChild, i32);
    this.lastChild = widen(this.lastChild, i32);
    this.nextSibling = widen(this.nextSibling, i32);
    this.childCount = widen(this.childCount, i32);
    this.depths = widen(this.depths, (k) => new Uint16Array(k));
    this.own = widen(this.own, (k) => new Int32Array(k * this.columns * CODES));
  }

  /** The tree as plain data. */
  part(): TreePart {
    return {
      folders: this.folders.slice(), labels: this.labels.slice(), parents: this.parents.slice(0, this.size),
      own: this.own.slice(0, this.size * this.columns * CODES), truncated: this.truncated,
    };
  }

  /** Adds another tree's folders and counts (by folder address; past the node limit, into the nearest folder held). */
  merge(part: TreePart): void {
    const width = this.columns * CODES;
    const ids = new Int32Array(part.folders.length);
    for (let i = 0; i < part.folders.length; i++) {
      const folder = part.folders[i]!;
      const p = part.parents[i]!;
      let id = this.byFolder.get(folder);
      if (id === undefined) {
        id = this.node(p < 0 ? -1 : ids[p]!, part.labels[i]!, folder);
        if (id < 0) id = p < 0 ? 0 : ids[p]!;
      }
      ids[i] = id;
      for (let k = 0; k < width; k++) this.own[id * width + k]! += part.own[i * width + k]!;
    }
    if (part.truncated) this.truncated = true;
    this.summed = null;
  }

  /** Counts one URL of `node` with verdict `code` in `column`. */
  count(node: number, column: number, code: number): void {
    this.own[(node * this.columns + column) * CODES + code]! += 1;
    this.summed = null;
  }

  /** Counts per node and column with every folder's descendants added in (cached until the tree changes). */
  totals(): Int32Array {
    if (this.summed) return this.summed;
    const width = this.columns * CODES;
    const sum = this.own.slice(0, this.size * width);
    // Children are always made after their parent: one pass from the last node adds each into its parent.
    for (let i = this.size - 1; i > 0; i--) {
      const p = this.parents[i]!;
      if (p < 0) continue;
      for (let k = 0; k < width; k++) sum[p * width + k]! += sum[i * width + k]!;
    }
    return (this.summed = sum);
  }

  /** One folder with its counts (descendants included). */
  summary(node: number): FolderSummary {
    const t = this.totals();
    const width = this.columns * CODES;
    const counts: [number, number, number, number][] = [];
    let urls = 0;
    for (let c = 0; c < this.columns; c++) {
      const at = node * width + c * CODES;
      counts.push([t[at]!, t[at + 1]!, t[at + 2]!, t[at + 3]!]);
    }
    // Every column counts every URL once.
    if (this.columns > 0) urls = counts[0]!.reduce((a, b) => a + b, 0);
    return { node, label: this.labels[node]!, folder: this.folders[node]!, depth: this.depths[node]!, urls, counts, children: this.childCount[node]! };
  }

  /**
   * Each node's place in a depth-first walk and the end of its subtree: a URL whose folder is `n`
   * is under folder `f` when `pre[f] <= pre[n] < end[f]`.
   */
  walk(): { readonly pre: Int32Array; readonly end: Int32Array } {
    if (this.order) return this.order;
    const pre = new Int32Array(this.size);
    const end = new Int32Array(this.size);
    let next = 0;
    const stack: number[] = [];
    for (const r of this.roots().reverse()) stack.push(r);
    // A node is pushed once as itself (>= 0) and once, below its children, as its end (~node).
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n < 0) {
        end[~n] = next;
        continue;
      }
      pre[n] = next++;
      stack.push(~n);
      const kids = this.children(n);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
    return (this.order = { pre, end });
  }
}
