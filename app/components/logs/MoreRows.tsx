/** The button under a table shown a page at a time: "Show N more (M left)" while rows are left. */
import { CRAWLERS_PAGE } from '../../../src/robots/logs/index.js';
import { useT } from '../../i18n/index.js';

/** Shows the next page of a table's rows (`left` of them not shown yet); nothing when none is left. */
export function MoreRows({ left, testId, onMore }: { left: number; testId: string; onMore: () => void }) {
  const tr = useT('logs');
  if (left <= 0) return null;
  return (
    <button type="button" className="link logs-more" data-testid={testId} onClick={onMore}>
      {tr('logs.crawlers-more', { count: Math.min(left, CRAWLERS_PAGE), left })}
    </button>
  );
}
