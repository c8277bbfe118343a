import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPrefixIndex, itemsAt, withItem, withoutItem, type PrefixNode } from './prefix-index.js';

/** The items met walking `path` down the tree, as the matcher walks it. */
function walk(root: PrefixNode<string>, path: string): string[] {
  const seen: string[] = [];
  let node = root;
  let at = 0;
  for (;;) {
    seen.push(...(node.entries ?? []));
    if (at >= path.length || node.children === null) break;
    const child = node.children.get(path.charCodeAt(at));
    if (!child || !path.startsWith(child.label, at)) break;
    at += child.label.length;
    node = child;
  }
  return seen.sort();
}

const unit = fc.constantFrom('a', 'b', 'ab', '/', '.', '%2F', 'é', '\u4e2d');
const prefixes = fc.array(fc.string({ unit, maxLength: 5 }), { maxLength: 12 });
const paths = fc.array(fc.string({ unit, maxLength: 8 }), { minLength: 1, maxLength: 4 });

describe('Property: the prefix index meets exactly the items whose prefix starts a path', () => {
  it('built at once', () => {
    fc.assert(
      fc.property(prefixes, paths, (items, texts) => {
        const root = buildPrefixIndex(items, (p) => p);
        for (const text of texts) expect(walk(root, text)).toEqual(items.filter((p) => text.startsWith(p)).sort());
        for (const p of items) expect(itemsAt(root, p)).toEqual(items.filter((q) => q === p));
      }),
      { numRuns: 2000 },
    );
  });

  it('after items are added and removed, each version unchanged by the next', () => {
    // Items told apart by their place (the matcher's are distinct objects): `prefix|n`.
    const prefixOf = (item: string) => item.slice(0, item.lastIndexOf('|'));
    fc.assert(
      fc.property(prefixes, prefixes, paths, (initial, extra, texts) => {
        const items = initial.map((p, n) => `${p}|${n}`);
        const added = extra.map((p, n) => `${p}|+${n}`);
        const built = buildPrefixIndex(items, prefixOf);
        const before = texts.map((t) => walk(built, t));
        let root = built;
        for (const item of added) root = withItem(root, prefixOf(item), item);
        const [gone] = items;
        if (gone !== undefined) root = withoutItem(root, prefixOf(gone), gone);
        const now = [...items.slice(1), ...added];
        for (const text of texts) expect(walk(root, text)).toEqual(now.filter((item) => text.startsWith(prefixOf(item))).sort());
        expect(texts.map((t) => walk(built, t))).toEqual(before);
      }),
      { numRuns: 2000 },
    );
  });
});
