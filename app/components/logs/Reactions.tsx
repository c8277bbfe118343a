/** How each crawler met each change of the file: its first robots.txt fetch after it, how long that took, its first request the new file blocks, its requests within the cache window. */
import { useMemo, useState } from 'react';
import { CRAWLERS_PAGE, type CrawlerRow, type ReactionRow } from '../../../src/robots/logs/index.js';
import { useT } from '../../i18n/index.js';
import { rowName, utc } from './format.js';
import { MoreRows } from './MoreRows.js';

const MINUTE = 60_000;

/** The reactions of a view, a table per change; `crawlers`: the view's rows (their names). */
export function Reactions({ reactions, crawlers }: { reactions: readonly ReactionRow[]; crawlers: readonly CrawlerRow[] }) {
  const tr = useT('logs');
  const names = useMemo(() => new Map(crawlers.map((r) => [r.id, rowName(r)])), [crawlers]);
  const changes = useMemo(() => {
    const by = new Map<number, ReactionRow[]>();
    for (const r of reactions) {
      const rows = by.get(r.version);
      if (rows) rows.push(r);
      else by.set(r.version, [r]);
    }
    return [...by];
  }, [reactions]);
  return (
    <div className="logs-reactions" data-testid="logs-reactions">
      <h3>{tr('logs.reactions-title')}</h3>
      {changes.map(([version, rows]) => <Change key={version} version={version} rows={rows} name={(id) => names.get(id) ?? id} />)}
    </div>
  );
}

/** One change's table: the crawlers' reactions a page at a time (a log of thousands of bots has a row for each). */
function Change({ version, rows, name }: { version: number; rows: readonly ReactionRow[]; name: (id: string) => string }) {
  const tr = useT('logs');
  const [shown, setShown] = useState(CRAWLERS_PAGE);
  const label = tr('logs.reactions-change', { date: utc(rows[0]!.since) });
  const left = Math.max(0, rows.length - shown);
  return (
    <>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
        <table className="logs-table" data-testid="logs-reactions-change" data-version={version}>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{tr('logs.col-crawler')}</th>
              <th scope="col">{tr('logs.col-robots-after')}</th>
              <th scope="col" className="num">{tr('logs.col-reaction')}</th>
              <th scope="col">{tr('logs.col-first-blocked')}</th>
              <th scope="col" className="num">{tr('logs.col-cache-window')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((r) => {
              const minutes = Math.round((r.robotsFetch - r.since) / MINUTE);
              return (
                <tr key={r.crawler} data-testid="logs-reaction" data-crawler={r.crawler}>
                  <th scope="row">{name(r.crawler)}</th>
                  <td className="time" data-col="fetched">{Number.isNaN(r.robotsFetch) ? tr('logs.no-fetch') : utc(r.robotsFetch)}</td>
                  <td className="num" data-col="reaction">{Number.isNaN(r.robotsFetch) ? '—' : tr('logs.reaction', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}</td>
                  <td className="time" data-col="first-blocked">{utc(r.firstBlocked)}</td>
                  <td className="num" data-col="cache-window">{r.cacheWindow.toLocaleString()}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <MoreRows left={left} testId="logs-reactions-more" onMore={() => setShown(shown + CRAWLERS_PAGE)} />
    </>
  );
}
