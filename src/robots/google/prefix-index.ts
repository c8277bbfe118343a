/**
 * A radix tree over literal prefixes: items are filed at the node of their prefix, so walking a
 * path down the tree meets exactly the items whose prefix starts the path. Versions share
 * structure: adding or removing an item copies only the nodes on the way to it.
 */

/** A node: the units it adds to its parent's prefix, its children by their label's first unit, its items. */
export interface PrefixNode<T> {
  label: string;
  children: Map<number, PrefixNode<T>> | null;
  entries: T[] | null;
}

/** Builds the tree; `prefixOf` names an item's literal prefix ('' files it at the root). */
export function buildPrefixIndex<T>(items: readonly T[], prefixOf: (item: T) => string): PrefixNode<T> {
  const root: PrefixNode<T> = { label: '', children: null, entries: null };
  for (const item of items) {
    const key = prefixOf(item);
    let node = root;
    let i = 0;
    for (;;) {
      if (i === key.length) {
        (node.entries ??= []).push(item);
        break;
      }
      const c = key.charCodeAt(i);
      const child = node.children?.get(c);
      if (!child) {
        (node.children ??= new Map()).set(c, { label: key.slice(i), children: null, entries: [item] });
        break;
      }
      const label = child.label;
      let k = 1;
      while (k < label.length && i + k < key.length && label.charCodeAt(k) === key.charCodeAt(i + k)) k++;
      if (k < label.length) {
        const mid: PrefixNode<T> = { label: label.slice(0, k), children: new Map([[label.charCodeAt(k), child]]), entries: null };
        child.label = label.slice(k);
        node.children!.set(c, mid);
        node = mid;
      } else {
        node = child;
      }
      i += k;
    }
  }
  return root;
}

/** The tree with `item` filed under `key`, copying only the path to it; `root` itself is unchanged. */
export function withItem<T>(root: PrefixNode<T>, key: string, item: T): PrefixNode<T> {
  return withItemBelow(root, key, 0, item);
}

/** The tree without `item` (filed under `key`), copying only the path to it; `root` itself is unchanged. */
export function withoutItem<T>(root: PrefixNode<T>, key: string, item: T): PrefixNode<T> {
  return withoutItemBelow(root, key, 0, item);
}

/** `node` (whose label ends at `key[i]`) with `item` filed under `key`, copying only the path to it. */
function withItemBelow<T>(node: PrefixNode<T>, key: string, i: number, item: T): PrefixNode<T> {
  if (i === key.length) return { ...node, entries: [...(node.entries ?? []), item] };
  const c = key.charCodeAt(i);
  const children = new Map(node.children ?? []);
  const child = node.children?.get(c);
  if (!child) {
    children.set(c, { label: key.slice(i), children: null, entries: [item] });
    return { ...node, children };
  }
  const label = child.label;
  let k = 1;
  while (k < label.length && i + k < key.length && label.charCodeAt(k) === key.charCodeAt(i + k)) k++;
  const below = k < label.length
    ? { label: label.slice(0, k), children: new Map([[label.charCodeAt(k), { ...child, label: label.slice(k) }]]), entries: null }
    : child;
  children.set(c, withItemBelow(below, key, i + k, item));
  return { ...node, children };
}

/** `node` (whose label ends at `key[i]`) without `item` (filed under `key`), copying only the path to it. */
function withoutItemBelow<T>(node: PrefixNode<T>, key: string, i: number, item: T): PrefixNode<T> {
  if (i === key.length) return { ...node, entries: node.entries ? node.entries.filter((e) => e !== item) : null };
  const c = key.charCodeAt(i);
  const child = node.children?.get(c);
  if (!child) return node;
  const children = new Map(node.children!);
  children.set(c, withoutItemBelow(child, key, i + child.label.length, item));
  return { ...node, children };
}

/** The items filed under exactly `key` (none when the tree has no node for it). */
export function itemsAt<T>(root: PrefixNode<T> | null, key: string): readonly T[] {
  let node = root;
  let at = 0;
  while (node !== null && at < key.length) {
    const child: PrefixNode<T> | undefined = node.children?.get(key.charCodeAt(at));
    if (!child || !key.startsWith(child.label, at)) return [];
    at += child.label.length;
    node = child;
  }
  return node?.entries ?? [];
}
