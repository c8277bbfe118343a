/**
 * The Logs tab's blocked paths searched and sorted: a search finds the paths that contain what was
 * typed, as typed (paths are case-sensitive, as robots.txt rules are); a column's header sorts by
 * it, and a second press turns the order round.
 */
import type { BlockedPath } from './view.js';

/** The columns the paths sort by. */
export type PathColumn = 'crawler' | 'path' | 'line' | 'requests';

/** How the paths are sorted. */
export interface PathOrder {
  readonly by: PathColumn;
  readonly descending: boolean;
}

/** The order the view lists them in: most fetched first. */
export const MOST_FETCHED: PathOrder = { by: 'requests', descending: true };

/** The order after a column's sort button is pressed: the same column turns round; another starts most fetched first for counts, A to Z otherwise. */
export function pathOrderPressed(order: PathOrder, column: PathColumn): PathOrder {
  return order.by === column ? { by: column, descending: !order.descending } : { by: column, descending: column === 'requests' };
}

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The paths that contain `search` (all when it is empty), in `order`; rows alike in that column keep
 * the view's order (most fetched first). `nameOf` gives a crawler's name as shown (its id by default).
 */
export function pathsFound(paths: readonly BlockedPath[], search: string, order: PathOrder, nameOf: (crawler: string) => string = (id) => id): BlockedPath[] {
  const found = search === '' ? [...paths] : paths.filter((p) => p.path.includes(search));
  const compare: (a: BlockedPath, b: BlockedPath) => number =
    order.by === 'crawler' ? (a, b) => text(nameOf(a.crawler).toLowerCase(), nameOf(b.crawler).toLowerCase())
      : order.by === 'path' ? (a, b) => text(a.path, b.path)
        : order.by === 'line' ? (a, b) => a.version - b.version || a.line - b.line
          : (a, b) => a.count - b.count;
  const sign = order.descending ? -1 : 1;
  // Array.prototype.sort is stable: ties keep the view's order.
  return found.sort((a, b) => sign * compare(a, b));
}
