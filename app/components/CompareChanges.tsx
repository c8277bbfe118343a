import { useState } from 'react';
import { selectKey, type VerdictSide } from '../../src/robots/index.js';
import { verdictName } from '../../src/store/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT, type Translator } from '../i18n/index.js';
import { uiStore } from '../ui-store.js';

/** Rows listed at first and added by each "show more". */
const PAGE = 100;

/** One side of a change: its verdict in words and the line that decided it. */
function Side({ side, tr, testId, label }: { side: VerdictSide; tr: Translator; testId: string; label: string }) {
  return (
    <span role="cell" className={`compare-side row-${verdictName(side.verdict)}`} data-testid={testId} data-label={label} data-verdict={verdictName(side.verdict)} data-line={side.line}>
      <strong>{tr('bulk.verdict', { verdict: selectKey(verdictName(side.verdict)) })}</strong>{' '}
      {side.line > 0 ? <code>{tr('matrix.rule', { line: side.line, rule: side.lineText })}</code> : <span className="muted">{tr('compare.no-rule')}</span>}
    </span>
  );
}

/**
 * Every verdict that changes between the version compared with and the text, for the Test tab's
 * crawlers, on the paths the two versions' rules tell apart (and the Test tab's URLs): no URL list
 * needed. A path opens its test in the Test tab.
 */
export function CompareChanges() {
  const t = useTester();
  const found = useTesterState((s) => s.compareChanges);
  const current = useTesterState((s) => s.compareChanges !== null && s.compareChanges.revision === s.revision);
  const [limit, setLimit] = useState(PAGE);
  const tr = useT();
  if (found === null) return <p className="muted" data-testid="compare-finding">{tr('compare.finding')}</p>;
  const crawlers = new Intl.ListFormat(tr.language, { type: 'conjunction' }).format(found.crawlerLabels);
  return (
    <section className="compare-changes" data-testid="compare-changes" aria-busy={!current} aria-labelledby="compare-changes-h">
      <h3 id="compare-changes-h" className="compare-changes-head" data-testid="compare-found" data-count={found.changes.length}>
        {tr('compare.found', { count: found.changes.length, crawlers, tried: found.tried })}
      </h3>
      {found.changes.length > 0 && (
        <div role="table" className={`compare-table${current ? '' : ' stale'}`} aria-label={tr('compare.found-label')}>
          <div role="row" className="compare-row compare-row-head">
            <span role="columnheader">{tr('compare.col-path')}</span>
            <span role="columnheader">{tr('test.crawler')}</span>
            <span role="columnheader">{tr('compare.other-label')}</span>
            <span role="columnheader">{tr('compare.current-label')}</span>
          </div>
          {found.changes.slice(0, limit).map((c) => (
            <div role="row" key={`${c.url}\u0000${c.crawler}`} className="compare-row" data-testid="compare-change" data-url={c.url} data-crawler={found.crawlerLabels[c.crawler]}>
              <span role="cell" className="compare-path">
                <button type="button" className="link" title={tr('compare.open-test')} onClick={() => {
                  t.tester.showTest(c.url, found.crawlerLabels[c.crawler]!, found.crawlers[c.crawler]!);
                  uiStore.setState({ tab: 'test' });
                }}><bdi>{c.url}</bdi></button>
              </span>
              <span role="cell" className="compare-crawler">{found.crawlerLabels[c.crawler]}</span>
              <Side side={c.before} tr={tr} testId="compare-before" label={tr('compare.other-label')} />
              <Side side={c.after} tr={tr} testId="compare-after" label={tr('compare.current-label')} />
            </div>
          ))}
        </div>
      )}
      {found.changes.length > limit && (
        <button type="button" className="link" data-testid="compare-more" onClick={() => setLimit(limit + PAGE)}>
          {tr('compare.more', { count: Math.min(PAGE, found.changes.length - limit) })}
        </button>
      )}
    </section>
  );
}
