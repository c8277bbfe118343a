/**
 * The table of crawlers: requests, blocked ones (and as the crawler's own parser reads the file),
 * verified, spoofed, unverified, robots.txt fetches, first and last seen, and the User-Agent they
 * came with. Most requests first, a page at a time ("show more"), searched by name, operator and
 * User-Agent: a log can name thousands of bots.
 */
import { useId, useMemo, useRef } from 'react';
import { crawlersListed, NO_AGENT, type CrawlerRow } from '../../../src/robots/logs/index.js';
import type { ReaderId } from '../../../src/robots/index.js';
import { ownBlocked } from '../../../src/store/logs/index.js';
import type { LogsTab } from '../../../src/tester/index.js';
import { useT } from '../../i18n/index.js';
import { rowName, utc } from './format.js';
import { MoreRows } from './MoreRows.js';
import { useLogs } from './state.js';
import { useStacked } from './useStacked.js';
import { UserAgent } from './UserAgent.js';
import './logs-tables.css';

/** The rows a filter passes, searched and listed a page at a time; `readers`: those the run counted (a crawler's own parser gets a column when one is). */
export function CrawlerTable({ logs, rows, readers }: { logs: LogsTab; rows: readonly CrawlerRow[]; readers: readonly ReaderId[] }) {
  const tr = useT('logs');
  const searchId = useId();
  const list = useLogs((l) => l.crawlers);
  const listed = useMemo(() => crawlersListed(rows, list, rowName), [rows, list]);
  return (
    <div className="logs-crawler-list" data-testid="logs-crawler-list">
      <div className="logs-paths-search">
        <label htmlFor={searchId}>{tr('logs.crawlers-search')}</label>
        <input id={searchId} type="search" className="field-input" data-testid="logs-crawlers-search" value={list.search} spellCheck={false} autoComplete="off"
          onChange={(e) => logs.searchCrawlers(e.target.value)} />
        <span className="muted" role="status" data-testid="logs-crawlers-count">{tr('logs.crawlers-count', { shown: listed.rows.length, found: listed.found })}</span>
      </div>
      {listed.found === 0 ? <p className="muted" data-testid="logs-crawlers-none">{tr('logs.crawlers-none')}</p> : <Rows rows={listed.rows} readers={readers} own={rows.some((r) => ownBlocked(r, readers) !== null)} />}
      <MoreRows left={listed.left} testId="logs-crawlers-more" onMore={() => logs.moreCrawlers()} />
    </div>
  );
}

/** The listed rows; `own`: whether any row of the whole list has a column for its crawler's own parser (the columns stay as pages are added). */
function Rows({ rows, readers, own: showOwn }: { rows: readonly CrawlerRow[]; readers: readonly ReaderId[]; own: boolean }) {
  const tr = useT('logs');
  const n = (count: number) => tr.number(count);
  const box = useRef<HTMLDivElement>(null);
  useStacked(box, rows);
  const heads = {
    requests: tr('logs.col-requests'), blocked: tr('logs.col-blocked'), own: tr('logs.col-own'), verified: tr('logs.col-verified'),
    spoofed: tr('logs.col-spoofed'), unverified: tr('logs.col-unverified'), robots: tr('logs.col-robots'), seen: tr('logs.col-seen'),
  };
  return (
    // Where the table is wider than its panel, each row's cells stack (useStacked), so it fits at every width.
    <div ref={box} className="logs-fit" role="region" aria-label={tr('logs.results')}>
      <table className="logs-table logs-crawlers" data-testid="logs-table">
        <thead>
          <tr>
            <th scope="col">{tr('logs.col-crawler')}</th>
            <th scope="col" className="num">{heads.requests}</th>
            <th scope="col" className="num">{heads.blocked}</th>
            {showOwn && <th scope="col" className="num">{heads.own}</th>}
            <th scope="col" className="num">{heads.verified}</th>
            <th scope="col" className="num">{heads.spoofed}</th>
            <th scope="col" className="num">{heads.unverified}</th>
            <th scope="col" className="num">{heads.robots}</th>
            <th scope="col" className="time">{heads.seen}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const own = ownBlocked(r, readers);
            const name = rowName(r);
            return (
              <tr key={r.id} data-testid="logs-row" data-crawler={r.id} className={r.disobeying ? 'disobeying' : ''}>
                <th scope="row" className="logs-who">
                  <span className="logs-name">{name}</span>
                  {!r.named && <span className="logs-tag">{tr(r.id === NO_AGENT ? 'logs.no-agent' : 'logs.unnamed')}</span>}
                  {r.ignoresRobotsTxt && <span className="logs-tag">{tr('logs.ignores')}</span>}
                  {r.userAgent && <UserAgent agent={r.userAgent} crawler={name} />}
                </th>
                <td className="num" data-col="requests" data-label={heads.requests}>{n(r.requests)}</td>
                <td className="num" data-col="blocked" data-label={heads.blocked}>{n(r.blocked)}</td>
                {showOwn && <td className="num" data-col="own" data-label={heads.own}>{own === null ? '—' : n(own)}</td>}
                <td className="num" data-col="verified" data-label={heads.verified}>{n(r.verified)}</td>
                <td className="num" data-col="spoofed" data-label={heads.spoofed}>{n(r.spoofed)}</td>
                <td className="num" data-col="unverified" data-label={heads.unverified}>{n(r.unverified)}</td>
                <td className="num" data-col="robots" data-label={heads.robots}>{n(r.robotsFetches)}</td>
                {/* First and last seen share a column, one above the other: two columns of times took the width the counts need. */}
                <td className="time" data-col="seen" data-label={heads.seen}>
                  <span data-col="first">{utc(r.firstSeen)}</span>
                  <span data-col="last">{utc(r.lastSeen)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
