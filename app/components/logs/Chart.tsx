/** Requests over time per crawler: one small bar chart each, not blocked and blocked stacked. */
import type { LogChart } from '../../../src/robots/logs/index.js';
import type { Translator } from '../../i18n/index.js';
import { DAY, utc } from './format.js';

/** The chart of a view (its series by crawler, named by `names`). */
export function Chart({ chart, names, tr }: { chart: LogChart; names: ReadonlyMap<string, string>; tr: Translator }) {
  const from = utc(chart.start);
  const to = utc(chart.start + chart.size * chart.buckets);
  const width = chart.buckets * 10;
  return (
    <figure className="logs-chart" data-testid="logs-chart">
      <figcaption>
        <strong>{tr('logs.chart-title')}</strong>
        <span className="logs-legend"><i className="logs-key logs-key-ok" />{tr('logs.chart-allowed')}</span>
        <span className="logs-legend"><i className="logs-key logs-key-blocked" />{tr('logs.chart-blocked')}</span>
      </figcaption>
      {chart.series.map((s) => {
        let total = 0;
        let blocked = 0;
        let max = 1;
        for (const [ok, no] of s.counts) {
          total += ok + no;
          blocked += no;
          max = Math.max(max, ok + no);
        }
        const name = names.get(s.id) ?? s.id;
        return (
          <div className="logs-series" key={s.id} data-testid="logs-series" data-crawler={s.id}>
            <div className="logs-series-name">{name} <span className="muted">{tr.number(total)}</span></div>
            <svg viewBox={`0 0 ${width} 40`} preserveAspectRatio="none" role="img" aria-label={tr('logs.chart-label', { crawler: name, total, blocked, from, to })}>
              {s.counts.map(([ok, no], b) => {
                const hOk = (ok / max) * 38;
                const hNo = (no / max) * 38;
                return (
                  <g key={b}>
                    {hOk > 0 && <rect className="logs-bar-ok" x={b * 10 + 1} width={8} y={40 - hOk - hNo} height={hOk} />}
                    {hNo > 0 && <rect className="logs-bar-blocked" x={b * 10 + 1} width={8} y={40 - hNo} height={hNo} />}
                  </g>
                );
              })}
            </svg>
          </div>
        );
      })}
      <div className="logs-axis muted"><span>{from}</span><span>{chart.size >= DAY ? '' : 'UTC'}</span><span>{to}</span></div>
    </figure>
  );
}
