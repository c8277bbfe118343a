/** A list of the crawl report as a table: its first rows, and all of them on demand. */
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n/index.js';

/** Rows shown before "Show all". */
const FIRST = 20;
/** Rows shown at most (the JSON has them all). */
const MOST = 2000;

/** One list of the report: a heading, what it means, its table (or "none"). */
export function CrawlRows<T>({ id, title, help, rows, head, cells }: {
  id: string;
  title: string;
  help?: string;
  rows: readonly T[];
  head: readonly string[];
  cells: (row: T) => ReactNode[];
}) {
  const tr = useT('site');
  const [all, setAll] = useState(false);
  const shown = rows.slice(0, all ? MOST : FIRST);
  return (
    <section className="site-section crawl-list" aria-labelledby={`${id}-h`} data-testid={id} data-count={rows.length}>
      <h4 id={`${id}-h`}>{title} <span className="pill">{rows.length.toLocaleString(tr.language)}</span></h4>
      {help && <p className="muted small">{help}</p>}
      {rows.length === 0 ? <p className="small site-ok">{tr('site.crawl-none')}</p> : (
        <div className="site-scroll">
          <table className="site-table crawl-table">
            <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
            <tbody>{shown.map((row, i) => <tr key={i}>{cells(row).map((c, k) => <td key={k} data-label={head[k]}>{c}</td>)}</tr>)}</tbody>
          </table>
        </div>
      )}
      {rows.length > shown.length && !all && (
        <button type="button" className="btn btn-small no-print" data-testid={`${id}-all`} onClick={() => setAll(true)}>{tr('site.crawl-show-all', { count: Math.min(rows.length, MOST) })}</button>
      )}
    </section>
  );
}
