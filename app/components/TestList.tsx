import { useState } from 'react';
import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

/**
 * Rows shown at first and added by each "show more": a link may carry 10,000 tests, and a row for
 * each would hold the page for seconds on every verdict.
 */
const ROWS_PER_STEP = 100;

/** The test cases (URL × crawler) when there are several: pick one, remove one. */
export function TestList() {
  const t = useTester();
  const tests = useTesterState((s) => s.tests);
  const active = useTesterState((s) => s.active);
  const verdicts = useTesterState((s) => s.shown?.verdicts);
  const tr = useT();
  const [shown, setShown] = useState(ROWS_PER_STEP);
  if (tests.length < 2) return null;
  // The first rows, and the active test wherever it is.
  const rows = tests.length <= shown ? tests.map((_, i) => i) : [...Array.from({ length: shown }, (_, i) => i), ...(active >= shown ? [active] : [])];
  const hidden = tests.length - rows.length;
  return (
    <ul className="test-list" data-testid="test-list" aria-label={tr('test.list')}>
      {rows.map((i) => {
        const row = tests[i]!;
        const v = verdicts?.length === tests.length ? verdicts[i] : undefined;
        const state = !v ? 'pending' : v.problem ? 'invalid' : !v.inScope ? 'out-of-scope' : v.allowed ? 'allowed' : 'disallowed';
        return (
          <li key={i} className={`test-row${i === active ? ' active' : ''}`} data-testid="test-row" data-verdict={state}>
            <button type="button" className="test-pick" aria-current={i === active} onClick={() => t.tester.selectTest(i)}>
              <span className={`dot dot-${state}`} aria-hidden="true" />
              <span className="test-url">{row.url || tr('test.no-url')}</span>
              <span className="test-ua">{row.crawlerText}</span>
              <span className="test-verdict">{tr('test.state', { state: state.replace(/-/g, '_') })}</span>
            </button>
            <button type="button" className="test-remove" aria-label={tr('test.remove', { n: i + 1 })} onClick={() => t.tester.removeTest(i)}>
              ×
            </button>
          </li>
        );
      })}
      {hidden > 0 && (
        <li className="test-row">
          <button type="button" className="test-more" data-testid="test-more" onClick={() => setShown(shown + ROWS_PER_STEP)}>
            {tr('test.more', { shown: Math.min(ROWS_PER_STEP, hidden), hidden })}
          </button>
        </li>
      )}
    </ul>
  );
}
