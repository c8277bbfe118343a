import { describe, expect, it } from 'vitest';
import { FolderTree } from './tree.js';

/** The folder address a URL belongs to, written out the long way: origin and path up to its last slash before any query. */
function folderOf(url: string, maxDepth = Infinity): string {
  const u = new URL(url);
  const path = u.pathname;
  let parts = path.slice(0, path.lastIndexOf('/') + 1).split('/').slice(1, -1);
  if (parts.length > maxDepth) parts = parts.slice(0, maxDepth);
  return `${u.origin}/${parts.map((p) => `${p}/`).join('')}`;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe('FolderTree.place (the site tree\'s folders)', () => {
  it('puts each URL in its own folder however folders alternate and look alike (same length, same last characters)', () => {
    const sections = ['products', 'blog', 'docs', 'shop', 'private', 'a', 'b', 'ab', 'ba'];
    const urls = Array.from({ length: 20_000 }, (_, k) => {
      const host = k % 11 === 0 ? 'https://other.example' : 'https://www.example.com';
      return `${host}/${sections[k % sections.length]}/c-${k % 97}/${k % 3 === 0 ? `x${k % 13}/` : ''}item-${k}.html${k % 7 === 0 ? '?ref=a/b' : ''}`;
    });
    // Written otherwise than their canonical folder: host case, a default port, user info, a fragment.
    urls.push('https://WWW.example.com/blog/c-1/x.html', 'https://www.example.com:443/blog/c-1/y.html', 'https://u@www.example.com/blog/c-1/z', 'https://www.example.com/blog/c-1/f#a/b/c', 'http://www.example.com/blog/c-1/h');
    for (const maxDepth of [Infinity, 2]) {
      const tree = new FolderTree(1, { maxDepth });
      for (const url of urls) {
        const node = tree.place(url, pathOf(url));
        expect(tree.summary(node).folder).toBe(folderOf(url, maxDepth));
      }
    }
  });
});
