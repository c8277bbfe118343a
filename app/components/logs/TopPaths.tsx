/** The blocked paths fetched most, with each one's deciding line (and whether an earlier version of the file decided). */
import type { CrawlerRow, LogView } from '../../../src/robots/logs/index.js';
import { useT } from '../../i18n/index.js';
import { rowName } from './format.js';

/** The paths of a view; `crawlers`: every crawler of the result (their names); `lineTexts`: each version's deciding lines' texts. */
export function TopPaths({ top, crawlers, lineTexts }: { top: LogView['top']; crawlers: readonly CrawlerRow[]; lineTexts: readonly Readonly<Record<number, string>>[] }) {
  const tr = useT('logs');
  const name = (id: string) => {
    const row = crawlers.find((r) => r.id === id);
    return row ? rowName(row) : id;
  };
  return (
    <div className="logs-top">
      <h3>{tr('logs.top-title')}</h3>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={tr('logs.top-title')}>
        <table className="logs-table" data-testid="logs-top">
          <thead>
            <tr>
              <th scope="col">{tr('logs.col-crawler')}</th>
              <th scope="col">{tr('logs.col-path')}</th>
              <th scope="col">{tr('logs.col-line')}</th>
              <th scope="col" className="num">{tr('logs.col-requests')}</th>
            </tr>
          </thead>
          <tbody>
            {top.map((t) => (
              <tr key={`${t.crawler}\u0000${t.version}\u0000${t.path}`}>
                <td>{name(t.crawler)}</td>
                <td><code className="logs-path">{t.path}</code></td>
                <td>
                  {t.version === 0 ? tr('logs.top-line', { line: t.line }) : tr('logs.top-version', { line: t.line })}
                  {t.line > 0 && <code className="logs-line">{lineTexts[t.version]?.[t.line] ?? ''}</code>}
                </td>
                <td className="num">{tr('logs.top-count', { count: t.count })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
