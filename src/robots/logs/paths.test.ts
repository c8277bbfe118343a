import { describe, expect, it } from 'vitest';
import { MOST_FETCHED, pathOrderPressed, pathsFound } from './paths.js';
import type { BlockedPath } from './view.js';

const path = (crawler: string, p: string, count: number, line = 2, version = 0): BlockedPath => ({ crawler, path: p, line, version, count, userAgent: `${crawler}/1.0` });
// In the view's order: most fetched first.
const PATHS = [path('googlebot', '/private/a', 9), path('gptbot', '/Private/b', 4, 5), path('bingbot', '/cart?x=1', 4, 3), path('googlebot', '/old', 1, 2, 1)];

describe('the Logs tab\'s blocked paths: a search as typed and sortable columns', () => {
  it('an empty search and the first order list the view\'s paths as they are', () => {
    expect(pathsFound(PATHS, '', MOST_FETCHED)).toEqual(PATHS);
  });
  it('the search keeps the paths containing what was typed, as typed: case counts (RFC 9309 §2.2.2 matches paths case-sensitively), no pattern', () => {
    expect(pathsFound(PATHS, 'rivate', MOST_FETCHED).map((p) => p.path)).toEqual(['/private/a', '/Private/b']);
    expect(pathsFound(PATHS, '/private', MOST_FETCHED).map((p) => p.path)).toEqual(['/private/a']);
    expect(pathsFound(PATHS, '?x=', MOST_FETCHED).map((p) => p.path)).toEqual(['/cart?x=1']);
    expect(pathsFound(PATHS, '/*', MOST_FETCHED)).toEqual([]);
  });
  it('each column sorts; a tie keeps the view\'s order; a crawler sorts by the name shown, whatever its case', () => {
    const names: Record<string, string> = { googlebot: 'Googlebot', gptbot: 'GPTBot', bingbot: 'bingbot' };
    expect(pathsFound(PATHS, '', { by: 'crawler', descending: false }, (id) => names[id]!).map((p) => p.crawler)).toEqual(['bingbot', 'googlebot', 'googlebot', 'gptbot']);
    expect(pathsFound(PATHS, '', { by: 'path', descending: false }).map((p) => p.path)).toEqual(['/Private/b', '/cart?x=1', '/old', '/private/a']);
    expect(pathsFound(PATHS, '', { by: 'line', descending: false }).map((p) => [p.version, p.line])).toEqual([[0, 2], [0, 3], [0, 5], [1, 2]]);
    expect(pathsFound(PATHS, '', { by: 'requests', descending: false }).map((p) => p.path)).toEqual(['/old', '/Private/b', '/cart?x=1', '/private/a']);
  });
  it('a header pressed again turns its order round; another column starts most fetched first for counts, A to Z otherwise', () => {
    expect(pathOrderPressed(MOST_FETCHED, 'requests')).toEqual({ by: 'requests', descending: false });
    expect(pathOrderPressed(MOST_FETCHED, 'path')).toEqual({ by: 'path', descending: false });
    expect(pathOrderPressed({ by: 'path', descending: false }, 'path')).toEqual({ by: 'path', descending: true });
    expect(pathOrderPressed({ by: 'path', descending: true }, 'requests')).toEqual(MOST_FETCHED);
  });
  it('the list given is left as it was', () => {
    const given = [...PATHS];
    pathsFound(PATHS, 'a', { by: 'path', descending: true });
    expect(PATHS).toEqual(given);
  });
});
