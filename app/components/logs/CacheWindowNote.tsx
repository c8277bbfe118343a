/** Beside the obeyed/disobeyed verdict: the requests within the cache window after a change, which are neither. */
import type { CrawlerRow } from '../../../src/robots/logs/index.js';
import { useT } from '../../i18n/index.js';

/** The count of a run's rows' requests within the cache window (nothing when none). */
export function CacheWindowNote({ rows }: { rows: readonly CrawlerRow[] }) {
  const tr = useT('logs');
  const count = rows.reduce((n, r) => n + (r.ignoresRobotsTxt ? 0 : r.cacheWindow), 0);
  if (count === 0) return null;
  return <p className="logs-verdict cached" data-testid="logs-cache-window">{tr('logs.cache-window', { count })}</p>;
}
