import { Suspense, useMemo, useRef, useState } from 'react';
import { lazyPart } from '../lazy-part.js';
import { decodeRobotsBytes } from '../../src/robots/index.js';
import { countBulk } from '../../src/store/index.js';
import { useTester, useTesterState } from '../context.js';
import { loadSavedVersion, openedVersion } from '../persistence.js';
import { compareWith, uiStore } from '../ui-store.js';
import { useT } from '../i18n/index.js';
import { CompareSourceLine } from './CompareBanner.js';
import { CompareChanges } from './CompareChanges.js';

// The merge view is only needed when comparing: load it then.
const MergeEditor = lazyPart(() => import('./MergeEditor.js').then((m) => m.default));
// The Wayback Machine's versions: only when asked for.
const WaybackHistory = lazyPart(() => import('./WaybackHistory.js').then((m) => m.default));

/** Compare the robots.txt with another version: the verdicts that change (found without a URL list) and a side-by-side diff. */
export function ComparePanel() {
  const t = useTester();
  const compare = useTesterState((s) => s.compare);
  const bulk = useTesterState((s) => s.bulk);
  const bulkUrls = useTesterState((s) => s.bulkUrls);
  // Counted once per bulk result, not on every store change (every keystroke).
  const changed = useMemo(
    () => (bulk && bulk.result.compareVerdict.length > 0 ? countBulk(bulk.result, bulk.urls, {}).changed : null),
    [bulk],
  );
  const hasUrls = useMemo(() => bulkUrls.trim() !== '', [bulkUrls]);
  const fileInput = useRef<HTMLInputElement>(null);
  const saved = loadSavedVersion();
  const [history, setHistory] = useState(false);
  const tr = useT('history');
  return (
    <div className="compare">
      <p className="muted">{tr('compare.intro')}</p>
      <div className="compare-sources">
        <button type="button" className="btn btn-small" data-testid="compare-opened" onClick={() => compareWith(t.tester.setCompare, openedVersion(), { kind: 'opened' })}>
          {tr('compare.opened')}
        </button>
        <button type="button" className="btn btn-small" data-testid="compare-saved" disabled={saved === null} title={saved === null ? tr('compare.saved-none') : undefined} onClick={() => saved !== null && compareWith(t.tester.setCompare, saved, { kind: 'saved' })}>
          {tr('compare.saved')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => fileInput.current?.click()}>{tr('compare.file')}</button>
        {/* While comparing too: the pane empties, ready for the next version to be pasted. */}
        <button type="button" className="btn btn-small" data-testid="compare-paste" onClick={() => compareWith(t.tester.setCompare, '', { kind: 'paste' })}>
          {tr('compare.paste')}
        </button>
        <button type="button" className="btn btn-small" data-testid="history-open" aria-expanded={history} onClick={() => setHistory(!history)}>
          {tr('history.open')}
        </button>
        {compare !== null && (
          <button type="button" className="link" data-testid="compare-stop" onClick={() => compareWith(t.tester.setCompare, null, null)}>{tr('compare.stop')}</button>
        )}
        <input
          ref={fileInput}
          type="file"
          accept=".txt,text/plain"
          hidden
          data-testid="compare-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) compareWith(t.tester.setCompare, decodeRobotsBytes(new Uint8Array(await file.arrayBuffer())), { kind: 'file', name: file.name });
          }}
        />
      </div>
      {history && (
        <Suspense fallback={<p className="muted">{tr('history.listing')}</p>}>
          <WaybackHistory />
        </Suspense>
      )}
      {compare !== null && (
        <>
          <div className="compare-summary" data-testid="compare-summary">
            <div className="compare-source-line"><CompareSourceLine /></div>
            {/* Bulk's list, when there is one: its URLs compared too. */}
            {hasUrls && (changed === null ? (
              <span className="muted">{tr('compare.checking')}</span>
            ) : (
              <>
                {tr.rich('compare.changed', { count: changed, strong: <strong>{tr.number(changed)}</strong> })}{' '}
                <button type="button" className="link" onClick={() => uiStore.setState({ tab: 'bulk' })}>{tr('compare.review')}</button>
              </>
            ))}
          </div>
          <CompareChanges />
          <div className="merge-labels"><span>{tr('compare.other')}</span><span>{tr('compare.current')}</span></div>
          <Suspense fallback={<p className="muted">{tr('compare.loading')}</p>}>
            <MergeEditor />
          </Suspense>
        </>
      )}
    </div>
  );
}
