/** The verdicts that change against the compared version, per crawler. */
import type { SiteSummary } from '../../../src/worker/index.js';
import { useT } from '../../i18n/index.js';
import { columnName } from './labels.js';

/** The changes against the compared version, per crawler. */
export function Changes({ summary, onShow }: { summary: SiteSummary; onShow: () => void }) {
  const tr = useT('site');
  if (!summary.changes) return null;
  return (
    <section className="site-section" aria-labelledby="site-changes-h" data-testid="site-changes">
      <h3 id="site-changes-h">{tr('site.changes')}</h3>
      <p className="muted small">{tr('site.changes-help')}</p>
      {summary.changes.total === 0 ? <p>{tr('site.changes-none')}</p> : (
        <>
          <ul>
            {summary.columns.map((c, i) => {
              const n = summary.changes!.byColumn[i]!;
              return n.changed > 0 && <li key={i}>{tr('site.changes-count', { crawler: columnName(c), changed: n.changed, blocked: n.blocked, unblocked: n.unblocked })}</li>;
            })}
          </ul>
          <button type="button" className="btn btn-small no-print" data-testid="site-changes-show" onClick={onShow}>{tr('site.changes-show')}</button>
        </>
      )}
    </section>
  );
}
