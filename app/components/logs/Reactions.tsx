/** How each crawler met each change of the file: its first robots.txt fetch after it, how long that took, its first request the new file blocks, its requests within the cache window. */
import type { CrawlerRow, ReactionRow } from '../../../src/robots/logs/index.js';
import { useT } from '../../i18n/index.js';
import { rowName, utc } from './format.js';

const MINUTE = 60_000;

/** The reactions of a view, a table per change; `crawlers`: the view's rows (their names). */
export function Reactions({ reactions, crawlers }: { reactions: readonly ReactionRow[]; crawlers: readonly CrawlerRow[] }) {
  const tr = useT('logs');
  const name = (id: string) => {
    const row = crawlers.find((r) => r.id === id);
    return row ? rowName(row) : id;
  };
  const changes = [...new Set(reactions.map((r) => r.version))];
  return (
    <div className="logs-reactions" data-testid="logs-reactions">
      <h3>{tr('logs.reactions-title')}</h3>
      {changes.map((version) => {
        const rows = reactions.filter((r) => r.version === version);
        const label = tr('logs.reactions-change', { date: utc(rows[0]!.since) });
        return (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={label} key={version}>
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
                {rows.map((r) => {
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
        );
      })}
    </div>
  );
}
