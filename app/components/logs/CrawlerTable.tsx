/** The table of crawlers: requests, blocked ones (and as the crawler's own parser reads the file), verified, spoofed, unverified, robots.txt fetches, first and last seen. */
import type { CrawlerRow } from '../../../src/robots/logs/index.js';
import type { ReaderId } from '../../../src/robots/index.js';
import { ownBlocked } from '../../../src/store/logs/index.js';
import { useT } from '../../i18n/index.js';
import { rowName, utc } from './format.js';

/** The rows a filter passes; `readers`: those the run counted (a crawler's own parser gets a column when one is). */
export function CrawlerTable({ rows, readers }: { rows: readonly CrawlerRow[]; readers: readonly ReaderId[] }) {
  const tr = useT('logs');
  const showOwn = rows.some((r) => ownBlocked(r, readers) !== null);
  return (
    // Focusable so the keyboard can scroll a table wider than the panel.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={tr('logs.results')}>
      <table className="logs-table" data-testid="logs-table">
        <thead>
          <tr>
            <th scope="col">{tr('logs.col-crawler')}</th>
            <th scope="col" className="num">{tr('logs.col-requests')}</th>
            <th scope="col" className="num">{tr('logs.col-blocked')}</th>
            {showOwn && <th scope="col" className="num">{tr('logs.col-own')}</th>}
            <th scope="col" className="num">{tr('logs.col-verified')}</th>
            <th scope="col" className="num">{tr('logs.col-spoofed')}</th>
            <th scope="col" className="num">{tr('logs.col-unverified')}</th>
            <th scope="col" className="num">{tr('logs.col-robots')}</th>
            <th scope="col">{tr('logs.col-first')}</th>
            <th scope="col">{tr('logs.col-last')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const own = ownBlocked(r, readers);
            return (
              <tr key={r.id} data-testid="logs-row" data-crawler={r.id} className={!r.ignoresRobotsTxt && r.blocked > 0 ? 'disobeying' : ''}>
                <th scope="row">
                  {rowName(r)}
                  {!r.named && <span className="logs-tag">{tr('logs.unnamed')}</span>}
                  {r.ignoresRobotsTxt && <span className="logs-tag">{tr('logs.ignores')}</span>}
                </th>
                <td className="num" data-col="requests">{r.requests.toLocaleString()}</td>
                <td className="num" data-col="blocked">{r.blocked.toLocaleString()}</td>
                {showOwn && <td className="num" data-col="own">{own === null ? '—' : own.toLocaleString()}</td>}
                <td className="num" data-col="verified">{r.verified.toLocaleString()}</td>
                <td className="num" data-col="spoofed">{r.spoofed.toLocaleString()}</td>
                <td className="num" data-col="unverified">{r.unverified.toLocaleString()}</td>
                <td className="num" data-col="robots">{r.robotsFetches.toLocaleString()}</td>
                <td className="time">{utc(r.firstSeen)}</td>
                <td className="time">{utc(r.lastSeen)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
