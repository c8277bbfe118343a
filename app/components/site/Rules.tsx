/** Rule impact: what each rule of the file decides in the inventory. */
import { ruleImpactView, type RuleImpactOrder } from '../../../src/store/index.js';
import type { SiteSummary } from '../../../src/worker/index.js';
import { useTester, useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';
import { LineLink } from './LineLink.js';
import { SortHeader } from './SortHeader.js';

/** Rule impact: what each rule decides; rules that match nothing or never win. */
export function Rules({ summary }: { summary: SiteSummary }) {
  const tr = useT('site');
  const t = useTester();
  const order = useTesterState((s) => s.siteRules);
  const rules = ruleImpactView(summary.rules, order);
  const sorted = (key: RuleImpactOrder['key']) => (order.key !== key ? null : order.descending ? 'descending' : 'ascending');
  return (
    <section className="site-section" aria-labelledby="site-rules-h">
      <h3 id="site-rules-h">{tr('site.rules')}</h3>
      <p className="muted small">{tr('site.rules-help')}</p>
      {summary.rules.length > 0 && (
        <label className="site-filters no-print">
          <input type="checkbox" data-testid="site-rules-hide-idle" checked={order.hideIdle} onChange={(e) => t.tester.hideIdleSiteRules(e.target.checked)} />
          {tr('site.rules-hide-idle', { count: summary.rules.length - summary.rules.filter((r) => r.decides > 0).length })}
        </label>
      )}
      {summary.rules.length === 0 ? <p className="empty-state">{tr('site.rules-none')}</p> : (
        <div className="table-scroll site-scroll">
          <table className="site-table site-rules" data-testid="site-rules">
            <thead>
              <tr>
                <SortHeader testId="site-rules-sort-line" sorted={sorted('line')} onSort={() => t.tester.sortSiteRules('line')}>{tr('site.col-line')}</SortHeader>
                <SortHeader testId="site-rules-sort-verdict" sorted={sorted('verdict')} onSort={() => t.tester.sortSiteRules('verdict')}>{tr('site.col-rule')}</SortHeader>
                <SortHeader testId="site-rules-sort-decides" sorted={sorted('decides')} onSort={() => t.tester.sortSiteRules('decides')}>{tr('site.col-decides')}</SortHeader>
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => (
                <tr key={r.line} data-line={r.line} data-unused={r.unused ?? ''} className={r.unused || !r.applies ? 'site-rule-idle' : ''}>
                  <td data-label={tr('site.col-line')}><LineLink line={r.line} /></td>
                  <td data-label={tr('site.col-rule')}><code className={r.allow ? 'allow' : 'block'}>{r.text}</code></td>
                  <td data-label={tr('site.col-decides')}>
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
