import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

/** The test cases (URL × crawler) when there are several: pick one, remove one. */
export function TestList() {
  const t = useTester();
  const tests = useTesterState((s) => s.tests);
  const active = useTesterState((s) => s.active);
  const verdicts = useTesterState((s) => s.shown?.verdicts);
  const tr = useT();
  if (tests.length < 2) return null;
  return (
    <ul className="test-list" data-testid="test-list" aria-label={tr('test.list')}>
      {tests.map((row, i) => {
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
    </ul>
  );
}
