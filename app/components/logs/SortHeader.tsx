/** A column header of the blocked paths whose button sorts by that column (aria-sort says how they are sorted). */
import type { PathColumn, PathOrder } from '../../../src/robots/logs/index.js';

/** The header of `column`, labelled `label`; `order`: how the paths are sorted now. */
export function SortHeader({ column, label, order, onSort, className }: { column: PathColumn; label: string; order: PathOrder; onSort: (column: PathColumn) => void; className?: string }) {
  const sorted = order.by === column;
  return (
    <th scope="col" className={className} aria-sort={sorted ? (order.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="logs-sort" data-testid={`logs-sort-${column}`} onClick={() => onSort(column)}>
        {label}
        <span className="logs-sort-mark" aria-hidden="true">{sorted ? (order.descending ? '▼' : '▲') : '↕'}</span>
      </button>
    </th>
  );
}
