import { Suspense, useCallback, useEffect, useRef } from 'react';
import { lazyPart } from '../lazy-part.js';
import { useTester, useTesterState } from '../context.js';
import { selectKey } from '../../src/robots/index.js';
import { isBusy } from '../../src/store/index.js';
import { isWholeVerdict, type VerdictData } from '../../src/worker/index.js';
import { Explanation, sentenceText } from './Explanation.js';
import { loadNamespace, useT } from '../i18n/index.js';
// The other parsers' chips come after the first verdict: their code and words load alongside, not
// before it (the page's HTML holds the row, and the app takes it over once both are in). Their
// place is kept meanwhile.
const LazyReadersRow = lazyPart(() => Promise.all([import('./ReadersRow.js'), loadNamespace('more')]).then(([m]) => m.ReadersRow));
const ReadersRow = () => (
  <Suspense fallback={<section className="readers" aria-hidden="true" />}>
    <LazyReadersRow />
  </Suspense>
);
import type { UrlPreferences } from '../../src/robots/index.js';
// What the file says about AI use loads with its own strings, only for a file that states some.
const LazyPreferencesLine = lazyPart(() => import('./PreferencesLine.js').then((m) => m.PreferencesLine));
const PreferencesLine = ({ preferences }: { preferences: UrlPreferences | null }) => (preferences ? (
  <Suspense fallback={null}>
    <LazyPreferencesLine preferences={preferences} />
  </Suspense>
) : null);

/** How long a check runs before the verdict shows it is busy. */
const BUSY_AFTER_MS = 150;

/**
 * A callback ref that keeps `aria-busy` on the element while an analysis has been pending for a
 * while. Set on the element directly, as a transient update: a keystroke re-renders nothing here.
 */
function useBusyAttribute(): (el: HTMLElement | null) => void {
  const t = useTester();
  const node = useRef<HTMLElement | null>(null);
  const apply = useCallback((busy: boolean) => {
    const value = String(busy);
    if (node.current && node.current.getAttribute('aria-busy') !== value) node.current.setAttribute('aria-busy', value);
  }, []);
  useEffect(() => {
    // A check that answers within a moment (every keystroke's) is not announced as busy: the
    // verdict neither flickers nor is drawn again; a slow one is marked busy after BUSY_AFTER_MS.
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = t.tester.store.subscribe((s) => {
      if (!isBusy(s)) {
        if (timer) clearTimeout(timer);
        timer = null;
        apply(false);
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          apply(isBusy(t.tester.store.getState()));
        }, BUSY_AFTER_MS);
      }
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [t, apply]);
  return useCallback((el: HTMLElement | null) => {
    node.current = el;
    const s = t.tester.store.getState();
    apply(isBusy(s) && s.shown === null);
  }, [t, apply]);
}

/** The verdict for the current URL and crawler, and its explanation. */
export function VerdictCard() {
  const t = useTester();
  const shown = useTesterState((s) => s.shown);
  const busyRef = useBusyAttribute();
  const active = useTesterState((s) => s.active);
  const count = useTesterState((s) => s.tests.length);
  const tr = useT();
  const found = shown && shown.verdicts.length === count ? shown.verdicts[active] : undefined;
  // A test picked a moment ago has its verdict but not yet its Why: checking until it arrives.
  const v = isWholeVerdict(found) ? found : undefined;
  if (!shown || !v) {
    return (
      <section className="verdict verdict-pending" data-testid="verdict" aria-live="polite" aria-busy="true">
        {tr('common.checking')}
      </section>
    );
  }
  const rule = v.rule;
  if (v.problem) {
    // No verdict without a valid test: say what is missing, never Allowed or Blocked.
    const why = sentenceText(tr, v.explanation.decision);
    return (
      <>
        <section ref={busyRef} className="verdict verdict-invalid" data-testid="verdict" data-verdict="invalid" data-problem={v.problem} data-line={0} aria-live="polite">
          <div className="verdict-head">
            <span className="verdict-icon" aria-hidden="true">?</span>
            <div>
              <div className="verdict-word">{tr('verdict.problem', { problem: selectKey(v.problem) })}</div>
              <div className="verdict-for" data-testid="problem" title={why.length > 200 ? why : undefined}>{why}</div>
            </div>
          </div>
        </section>
        <ReadersRow />
        {v.explanation.notes.length > 0 && <Explanation v={v} />}
      </>
    );
  }
  if (!v.inScope) {
    return (
      <>
      <section ref={busyRef} className="verdict verdict-scope" data-testid="verdict" data-verdict="out-of-scope" data-line={0} aria-live="polite">
        <div className="verdict-head">
          <span className="verdict-icon" aria-hidden="true">↷</span>
          <div>
            <div className="verdict-word">{tr('verdict.out-of-scope')}</div>
            <div className="verdict-for">{sentenceText(tr, v.explanation.decision)}</div>
          </div>
        </div>
        {v.governingRobotsUrl && (
          <p className="deciding-none">{tr.rich('verdict.governing', { url: <code data-testid="governing-robots">{v.governingRobotsUrl}</code> })}</p>
        )}
      </section>
      <ReadersRow />
      </>
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
            <div className="verdict-word">{tr(v.allowed ? 'verdict.allowed' : 'verdict.blocked')}</div>
            <div className="verdict-for" title={v.testedPath.length > 120 ? v.testedPath : undefined}>
              {tr.rich(v.allowed ? 'verdict.may-crawl' : 'verdict.may-not-crawl', { crawler: v.token || tr('verdict.this-crawler'), path: <code>{v.testedPath}</code> })}
            </div>
          </div>
        </div>
        {overridden ? (
          <p className="deciding-none" data-testid="fetch-verdict">{sentenceText(tr, v.explanation.decision)}</p>
        ) : rule && v.line > 0 ? (
          <button type="button" className="deciding" data-testid="deciding-rule" onClick={() => t.reveal(v.line)}>
            <span className="deciding-line">{tr('common.line', { line: v.line })}</span>
            <code>
              {rule.allow ? 'Allow' : 'Disallow'}: {rule.value}
            </code>
            <span className="deciding-go" aria-hidden="true">↗</span>
          </button>
        ) : (
          <p className="deciding-none">{tr('verdict.no-rule', { reason: selectKey(v.reason) })}</p>
        )}
        <PreferencesLine preferences={v.preferences} />
      </section>
      <ReadersRow />
      <Explanation v={v} />
    </>
  );
}
