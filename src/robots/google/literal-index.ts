/**
 * An index over wildcard patterns whose literal prefix says little (`/*.pdf$`, `/*?sort=`): each
 * is filed under its longest literal piece, and an Aho–Corasick automaton finds, in one pass over
 * a path, every piece the path contains. Only patterns whose piece occurs are then matched — a
 * necessary condition, so answers are unchanged, and the work per check is linear in the path
 * plus the candidates, however many such rules a group has.
 */

/** The automaton: states as parallel arrays; `out[s]` lists the pieces that end at state `s`. */
export interface LiteralIndex<T> {
  readonly next: Map<number, number>[];
  readonly fail: Int32Array;
  /**
   * Every state's move on every ASCII unit, failure links followed already: `moves[s * width +
   * classOf[c]]` (class 0: a unit no piece holds, which leads back to the start). Null when the
   * pieces hold a unit beyond ASCII or the table would be too big: `next` and `fail` are walked.
   */
  readonly moves: Int32Array | null;
  readonly classOf: Uint8Array;
  readonly width: number;
  readonly out: (readonly number[] | null)[];
  /** Items by piece id. */
  readonly items: readonly (readonly T[])[];
  /** Items with no literal piece at all (`/*`), or added after the build: candidates for every path. */
  readonly always: readonly T[];
  /** Piece ids by piece. */
  readonly ids: ReadonlyMap<string, number>;
  /** Per piece, the last query that reported it (dedupes repeated occurrences). */
  readonly seen: Int32Array;
  query: number;
}

/** Builds the index; `pieceOf` names an item's literal piece ('' when it has none). */
export function buildLiteralIndex<T>(list: readonly T[], pieceOf: (item: T) => string): LiteralIndex<T> {
  const ids = new Map<string, number>();
  const items: T[][] = [];
  const always: T[] = [];
  for (const item of list) {
    const piece = pieceOf(item);
    if (piece === '') {
      always.push(item);
      continue;
    }
    let id = ids.get(piece);
    if (id === undefined) {
      id = items.length;
      ids.set(piece, id);
      items.push([]);
    }
    items[id]!.push(item);
  }
  // The trie of pieces.
  const next: Map<number, number>[] = [new Map()];
  const own: number[][] = [[]];
  for (const [piece, id] of ids) {
    let s = 0;
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      let t = next[s]!.get(c);
      if (t === undefined) {
        t = next.length;
        next.push(new Map());
        own.push([]);
        next[s]!.set(c, t);
      }
      s = t;
    }
    own[s]!.push(id);
  }
  // Failure links, breadth first; each state reports its own pieces and its failure state's.
  const fail = new Int32Array(next.length);
  const out: (readonly number[] | null)[] = new Array(next.length).fill(null);
  const queue: number[] = [];
  for (const t of next[0]!.values()) {
    fail[t] = 0;
    queue.push(t);
  }
  out[0] = null;
  for (let qi = 0; qi < queue.length; qi++) {
    const s = queue[qi]!;
    const inherited = out[fail[s]!];
    out[s] = own[s]!.length === 0 ? inherited ?? null : inherited ? [...own[s]!, ...inherited] : own[s]!;
    for (const [c, t] of next[s]!) {
      let f = fail[s]!;
      while (f !== 0 && !next[f]!.has(c)) f = fail[f]!;
      const g = next[f]!.get(c);
      fail[t] = g !== undefined && g !== t ? g : 0;
      queue.push(t);
    }
  }
  return { next, fail, ...movesOf(next, fail, queue), out, items, always, ids, seen: new Int32Array(items.length).fill(-1), query: 0 };
}

// Above this many cells (4 MB) the table of moves is not built: the maps are walked instead.
const MAX_MOVES = 1 << 20;

/**
 * The table of moves (see LiteralIndex.moves), from the trie and its failure links; `order`: the
 * states but the start, breadth first (a state's failure state is filled before it).
 */
function movesOf(next: readonly Map<number, number>[], fail: Int32Array, order: readonly number[]): Pick<LiteralIndex<unknown>, 'moves' | 'classOf' | 'width'> {
  // The units the pieces hold, numbered from 1: a path's other units all move to the start.
  const classOf = new Uint8Array(128);
  let width = 1;
  for (const m of next) {
    for (const c of m.keys()) {
      if (c >= 128) return { moves: null, classOf, width: 0 };
      if (classOf[c] === 0) classOf[c] = width++;
    }
  }
  if (next.length * width > MAX_MOVES) return { moves: null, classOf, width: 0 };
  const units: number[] = [];
  for (let c = 0; c < 128; c++) if (classOf[c] !== 0) units.push(c);
  const moves = new Int32Array(next.length * width);
  for (const c of units) moves[classOf[c]!] = next[0]!.get(c) ?? 0;
  for (const s of order) {
    const row = s * width;
    const failRow = fail[s]! * width;
    for (const c of units) {
      const k = classOf[c]!;
      moves[row + k] = next[s]!.get(c) ?? moves[failRow + k]!;
    }
  }
  return { moves, classOf, width };
}

/** Calls `visit` once for every item whose piece occurs in `text`, and for every item without one. */
export function forEachCandidate<T>(index: LiteralIndex<T>, text: string, visit: (item: T) => void): void {
  for (const item of index.always) visit(item);
  if (index.items.length === 0) return;
  const q = ++index.query;
  const { next, fail, out, seen, items, moves, classOf, width } = index;
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (moves !== null) {
      // No piece holds a unit beyond ASCII: one leads back to the start.
      s = c < 128 ? moves[s * width + classOf[c]!]! : 0;
    } else {
      let t = next[s]!.get(c);
      while (t === undefined && s !== 0) {
        s = fail[s]!;
        t = next[s]!.get(c);
      }
      s = t ?? 0;
    }
    const found = out[s];
    if (found === null || found === undefined) continue;
    for (const id of found) {
      if (seen[id] === q) continue;
      seen[id] = q;
      for (const item of items[id]!) visit(item);
    }
  }
}

/**
 * The index with `removed` taken out and `added` put in, sharing the automaton: an added item
 * whose piece the automaton knows is filed under it, any other joins `always` (still a correct
 * candidate list). `index` itself is unchanged.
 */
export function replaceLiteralItems<T>(index: LiteralIndex<T>, removed: readonly T[], added: readonly T[], pieceOf: (item: T) => string): LiteralIndex<T> {
  const items = index.items.slice();
  let always = index.always;
  const drop = new Set(removed);
  for (const item of removed) {
    const id = index.ids.get(pieceOf(item));
    if (id !== undefined && items[id]!.includes(item)) items[id] = items[id]!.filter((x) => !drop.has(x));
    else always = always.filter((x) => !drop.has(x));
  }
  for (const item of added) {
    const id = index.ids.get(pieceOf(item));
    if (id !== undefined) items[id] = [...items[id]!, item];
    else always = [...always, item];
  }
  // Its own scratch marks: two versions of an index never share a query count.
  return { ...index, items, always, seen: new Int32Array(items.length).fill(-1), query: 0 };
}
