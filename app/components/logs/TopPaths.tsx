/** The blocked paths fetched most, with each one's deciding line (and whether an earlier version of the file decided) and a User-Agent it came with; searched as typed, sorted by any column. */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { MOST_FETCHED, pathOrderPressed, pathsFound, type CrawlerRow, type LogView, type PathColumn, type PathOrder } from '../../../src/robots/logs/index.js';
import { useT } from '../../i18n/index.js';
import { MiddleCut } from '../MiddleCut.js';
import { rowName } from './format.js';
import { SortHeader } from './SortHeader.js';
import { useStacked } from './useStacked.js';
import { UserAgent } from './UserAgent.js';
import './logs-tables.css';

/** Rows shown before "show all". */
const SHOWN = 10;

/** The paths of a view; `crawlers`: every crawler of the result (their names); `lineTexts`: each version's deciding lines' texts. */
export function TopPaths({ top, crawlers, lineTexts }: { top: LogView['top']; crawlers: readonly CrawlerRow[]; lineTexts: readonly Readonly<Record<number, string>>[] }) {
  const tr = useT('logs');
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<PathOrder>(MOST_FETCHED);
  const [all, setAll] = useState(false);
  const names = useMemo(() => new Map(crawlers.map((r) => [r.id, rowName(r)])), [crawlers]);
  const name = (id: string) => names.get(id) ?? id;
  const found = useMemo(() => pathsFound(top, search, order, (id) => names.get(id) ?? id), [top, search, order, names]);
  // One array per change of what is listed: the table is measured again only when it changes.
  const shown = useMemo(() => (all ? found : found.slice(0, SHOWN)), [all, found]);
  const box = useRef<HTMLDivElement>(null);
  useStacked(box, shown);
  // "Show all" goes once pressed: focus moves to the first path it brought, not to the page's top.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null) return;
    box.current?.querySelectorAll<HTMLElement>('[data-testid=logs-path]')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [shown]);
  const heads = { crawler: tr('logs.col-crawler'), path: tr('logs.col-path'), line: tr('logs.col-line'), requests: tr('logs.col-requests') };
  const sort = (column: PathColumn) => setOrder((o) => pathOrderPressed(o, column));
  return (
    <div className="logs-top">
      <h3>{tr('logs.top-title')}</h3>
      <div className="logs-paths-search">
        <label htmlFor={searchId}>{tr('logs.paths-search')}</label>
        <input id={searchId} type="search" className="field-input" data-testid="logs-paths-search" value={search} spellCheck={false} autoComplete="off"
          onChange={(e) => {
            setSearch(e.target.value);
            setAll(false);
          }} />
        <span className="muted" role="status" data-testid="logs-paths-count">{tr('logs.paths-count', { shown: shown.length, found: found.length })}</span>
      </div>
      {found.length === 0 ? <p className="muted" data-testid="logs-paths-none">{tr('logs.paths-none')}</p> : (
        <div ref={box} className="logs-fit" role="region" aria-label={tr('logs.top-title')}>
          <table className="logs-table logs-paths" data-testid="logs-top">
            <thead>
              <tr>
                <SortHeader column="crawler" label={heads.crawler} order={order} onSort={sort} />
                <SortHeader column="path" label={heads.path} order={order} onSort={sort} />
                <SortHeader column="line" label={heads.line} order={order} onSort={sort} />
                <SortHeader column="requests" label={heads.requests} order={order} onSort={sort} className="num" />
              </tr>
            </thead>
            <tbody>
              {shown.map((t) => (
                <tr key={`${t.crawler}\u0000${t.version}\u0000${t.path}`} data-testid="logs-path-row">
                  <th scope="row" className="logs-who">
                    <span className="logs-name">{name(t.crawler)}</span>
                    {t.userAgent && <UserAgent agent={t.userAgent} crawler={name(t.crawler)} />}
                  </th>
                  <td data-col="path" data-label={heads.path}>
                    {/* Cut in the middle to fit; focusable, and whole on focus. */}
                    <span className="logs-cut" tabIndex={0} data-testid="logs-path">
                      <MiddleCut text={t.path} className="logs-path" keep={24} />
                    </span>
                  </td>
                  <td data-col="line" data-label={heads.line}>
                    {t.version === 0 ? tr('logs.top-line', { line: t.line }) : tr('logs.top-version', { line: t.line })}
                    {t.line > 0 && <code className="logs-line">{lineTexts[t.version]?.[t.line] ?? ''}</code>}
                  </td>
                  <td className="num" data-col="count" data-label={heads.requests}>{tr('logs.top-count', { count: t.count })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {found.length > shown.length && (
        <button type="button" className="link" data-testid="logs-paths-all" onClick={() => {
          focusFrom.current = shown.length;
          setAll(true);
        }}>{tr('logs.paths-all', { count: found.length })}</button>
      )}
    </div>
  );
}
