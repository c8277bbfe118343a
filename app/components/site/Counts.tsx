/** The audit's counts per crawler, with the blocked URLs of the inventory first. */
import type { SiteSummary } from '../../../src/worker/index.js';
import { useT } from '../../i18n/index.js';
import { columnName } from './labels.js';
import { LineLink } from './LineLink.js';

/** Blocked URLs listed per crawler above the counts (the URL list holds every one). */
const BLOCKED_SHOWN = 20;

/** Counts per crawler, with the blocked URLs of the inventory first. */
export function Counts({ summary }: { summary: SiteSummary }) {
  const tr = useT('site');
  const blocked = summary.columns.filter((c) => c.counts.blocked > 0);
  return (
    <>
      <section className="site-section" aria-labelledby="site-blocked-h">
        <h3 id="site-blocked-h">{tr('site.blocked-first')}</h3>
        {blocked.length === 0 ? <p className="site-ok" data-testid="site-blocked-none">{tr('site.blocked-none')}</p> : (
          <div data-testid="site-blocked">
            {blocked.map((c) => (
              <details key={`${c.id}-${c.reader}`} className="site-blocked" open={blocked.length <= 3}>
                <summary>{tr('site.blocked-count', { crawler: columnName(c), count: c.counts.blocked })}</summary>
                <ul>
                  {c.blocked.slice(0, BLOCKED_SHOWN).map((b) => (
                    <li key={b.url}><code className="site-url">{b.url}</code> <LineLink line={b.line} /></li>
                  ))}
                </ul>
              </details>
            ))}
          </div>
        )}
      </section>
      <section className="site-section" aria-labelledby="site-verdicts-h">
        <h3 id="site-verdicts-h">{tr('site.verdicts')}</h3>
        <div className="table-scroll">
          <table className="site-table" data-testid="site-counts">
            <thead>
              <tr>
                <th scope="col">{tr('site.col-crawler')}</th>
                <th scope="col">{tr('site.col-allowed')}</th>
                <th scope="col">{tr('site.col-blocked')}</th>
                <th scope="col">{tr('site.col-out')}</th>
                <th scope="col">{tr('site.col-cannot')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.columns.map((c) => (
                <tr key={`${c.id}-${c.reader}`} data-crawler={c.id} data-reader={c.reader}>
                  <th scope="row">{columnName(c)}</th>
                  <td className="num allow">{tr.number(c.counts.allowed)}</td>
                  <td className="num block">{tr.number(c.counts.blocked)}</td>
                  <td className="num">{tr.number(c.counts.outOfScope)}</td>
                  <td className="num">{tr.number(c.counts.cannotTest)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {summary.columns.some((c) => c.counts.outOfScope > 0) && <p className="muted small">{tr('site.out-help')}</p>}
      </section>
    </>
  );
}
