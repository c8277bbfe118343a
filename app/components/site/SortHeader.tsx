/** A sortable column's header: a button that sorts by it, the direction said by aria-sort and an arrow. */
import type { ReactNode } from 'react';

/** A `<th>` whose button sorts the table by this column; `sorted`: the direction it is sorted in, null when another column sorts. */
export function SortHeader({ sorted, onSort, children, testId }: { sorted: 'ascending' | 'descending' | null; onSort: () => void; children: ReactNode; testId: string }) {
  return (
    <th scope="col" aria-sort={sorted ?? undefined}>
      <button type="button" className="site-sort" data-testid={testId} onClick={onSort}>
        {children}<span aria-hidden="true">{sorted === 'ascending' ? ' ↑' : sorted === 'descending' ? ' ↓' : ''}</span>
      </button>
    </th>
  );
}
