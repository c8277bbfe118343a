/** Rule impact: what each rule of the file decides in the inventory. */
import type { SiteSummary } from '../../../src/worker/index.js';
import { useT } from '../../i18n/index.js';
import { LineLink } from './LineLink.js';

/** Rule impact: what each rule decides; rules that match nothing or never win. */
export function Rules({ summary }: { summary: SiteSummary }) {
  const tr = useT('site');
  return (
    <section className="site-section" aria-labelledby="site-rules-h">
      <h3 id="site-rules-h">{tr('site.rules')}</h3>
      <p className="muted small">{tr('site.rules-help')}</p>
      {summary.rules.length === 0 ? <p className="empty-state">{tr('site.rules-none')}</p> : (
        <div className="table-scroll site-scroll">
          <table className="site-table" data-testid="site-rules">
            <thead>
              <tr><th scope="col">{tr('site.col-line')}</th><th scope="col">{tr('site.col-rule')}</th><th scope="col">{tr('site.col-decides')}</th></tr>
            </thead>
            <tbody>
              {summary.rules.map((r) => (
                <tr key={r.line} data-line={r.line} data-unused={r.unused ?? ''} className={r.unused || !r.applies ? 'site-rule-idle' : ''}>
                  <td><LineLink line={r.line} /></td>
                  <td><code className={r.allow ? 'allow' : 'block'}>{r.text}</code></td>
                  <td>
                    {tr('site.rule-decides', { count: r.decides })}
                    {!r.applies ? <span className="muted"> · {tr('site.rule-not-applied')}</span>
                      : r.unused === 'never-wins' ? <span className="site-warn"> · {tr('site.rule-never-wins')}</span>
                        : r.unused === 'matches-nothing' ? <span className="muted"> · {tr('site.rule-matches-nothing')}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
