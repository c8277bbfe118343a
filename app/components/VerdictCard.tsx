import { useCallback, useEffect, useRef } from 'react';
import { useTester, useTesterState } from '../context.js';
import type { VerdictData } from '../../src/worker/index.js';
import { Explanation } from './Explanation.js';

/**
 * A callback ref that keeps `aria-busy` on the element while an analysis is pending. Set on the
 * element directly, as a transient update: a keystroke re-renders nothing here.
 */
function useBusyAttribute(): (el: HTMLElement | null) => void {
  const t = useTester();
  const node = useRef<HTMLElement | null>(null);
  const apply = useCallback((busy: boolean) => {
    const value = String(busy);
    if (node.current && node.current.getAttribute('aria-busy') !== value) node.current.setAttribute('aria-busy', value);
  }, []);
  useEffect(() => t.tester.store.subscribe((s) => apply(s.busy)), [t, apply]);
  return useCallback((el: HTMLElement | null) => {
    node.current = el;
    apply(t.tester.store.getState().busy);
  }, [t, apply]);
}

const PROBLEM_HEADS: Record<NonNullable<VerdictData['problem']>, string> = {
  'no-crawler': 'No crawler to test',
  'unknown-profile': 'Unknown crawler',
  'no-url': 'No URL to test',
  'not-http': 'Not a web URL',
  'relative-no-site': 'Relative URL: no site to resolve it',
  'invalid-url': 'Not a valid URL',
};

/** The verdict for the current URL and crawler, and its explanation. */
export function VerdictCard() {
  const t = useTester();
  const shown = useTesterState((s) => s.shown);
  const busyRef = useBusyAttribute();
  const active = useTesterState((s) => s.active);
  const count = useTesterState((s) => s.tests.length);
  const v = shown && shown.verdicts.length === count ? shown.verdicts[active] : undefined;
  if (!shown || !v) {
    return (
      <section className="verdict verdict-pending" data-testid="verdict" aria-live="polite" aria-busy="true">
        Checking…
      </section>
    );
  }
  const rule = v.rule;
  if (v.problem) {
    // No verdict without a valid test: say what is missing, never Allowed or Blocked.
    return (
      <>
        <section ref={busyRef} className="verdict verdict-invalid" data-testid="verdict" data-verdict="invalid" data-problem={v.problem} data-line={0} aria-live="polite">
          <div className="verdict-head">
            <span className="verdict-icon" aria-hidden="true">?</span>
            <div>
              <div className="verdict-word">{PROBLEM_HEADS[v.problem]}</div>
              <div className="verdict-for" data-testid="problem" title={v.explanation.decision.text.length > 200 ? v.explanation.decision.text : undefined}>{v.explanation.decision.text}</div>
            </div>
          </div>
        </section>
        {v.explanation.notes.length > 0 && <Explanation v={v} />}
      </>
    );
  }
  if (!v.inScope) {
    return (
      <section ref={busyRef} className="verdict verdict-scope" data-testid="verdict" data-verdict="out-of-scope" data-line={0} aria-live="polite">
        <div className="verdict-head">
          <span className="verdict-icon" aria-hidden="true">↷</span>
          <div>
            <div className="verdict-word">Not covered by this robots.txt</div>
            <div className="verdict-for">{v.scopeReason}</div>
          </div>
        </div>
        {v.governingRobotsUrl && (
          <p className="deciding-none">Test it against <code data-testid="governing-robots">{v.governingRobotsUrl}</code> instead.</p>
        )}
      </section>
    );
  }
  const overridden = v.fetch !== null || v.reason === 'ignores-robots-txt';
  return (
    <>
      <section
        className={`verdict ${v.allowed ? 'verdict-allowed' : 'verdict-blocked'}`}
        data-testid="verdict"
        data-verdict={v.allowed ? 'allowed' : 'disallowed'}
        data-line={v.line}
        data-revision={shown.revision}
        aria-live="polite"
        ref={busyRef}
      >
        <div className="verdict-head">
          <span className="verdict-icon" aria-hidden="true">{v.allowed ? '✓' : '✕'}</span>
          <div>
            <div className="verdict-word">{v.allowed ? 'Allowed' : 'Blocked'}</div>
            <div className="verdict-for" title={v.testedPath.length > 120 ? v.testedPath : undefined}>
              {v.token || 'This crawler'} {v.allowed ? 'may crawl' : 'may not crawl'} <code>{v.testedPath}</code>
            </div>
          </div>
        </div>
        {overridden ? (
          <p className="deciding-none" data-testid="fetch-verdict">{v.explanation.decision.text}</p>
        ) : rule && v.line > 0 ? (
          <button type="button" className="deciding" data-testid="deciding-rule" onClick={() => t.reveal(v.line)}>
            <span className="deciding-line">Line {v.line}</span>
            <code>
              {rule.allow ? 'Allow' : 'Disallow'}: {rule.value}
            </code>
            <span className="deciding-go" aria-hidden="true">↗</span>
          </button>
        ) : (
          <p className="deciding-none">No rule decided: {v.reason === 'no-matching-rule' ? 'no rule matches this URL' : v.reason === 'global-ignored' ? 'this crawler ignores the * group' : 'no group applies to this crawler'}.</p>
        )}
      </section>
      <Explanation v={v} />
    </>
  );
}
