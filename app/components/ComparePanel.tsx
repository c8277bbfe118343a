import { lazy, Suspense, useMemo, useRef } from 'react';
import { decodeRobotsBytes } from '../../src/robots/index.js';
import { countBulk } from '../../src/store/index.js';
import { useTester, useTesterState } from '../context.js';
import { loadSavedVersion, openedVersion } from '../persistence.js';
import { uiStore } from '../ui-store.js';

// The merge view is only needed when comparing: load it then.
const MergeEditor = lazy(() => import('./MergeEditor.js'));

/** Compare the robots.txt with another version: a side-by-side diff and the verdicts that change. */
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
  return (
    <div className="compare">
      <p className="muted">Compare this robots.txt with another version — the one live now, or a proposed change — and see which verdicts flip before you deploy.</p>
      <div className="compare-sources">
        <button type="button" className="btn btn-small" data-testid="compare-opened" onClick={() => t.tester.setCompare(openedVersion())}>
          The version I opened
        </button>
        <button type="button" className="btn btn-small" data-testid="compare-saved" disabled={saved === null} title={saved === null ? 'Save robots.txt once to keep a version' : undefined} onClick={() => saved !== null && t.tester.setCompare(saved)}>
          My last saved version
        </button>
        <button type="button" className="btn btn-small" onClick={() => fileInput.current?.click()}>Open a file…</button>
        <button type="button" className="btn btn-small" data-testid="compare-paste" onClick={() => t.tester.setCompare(compare ?? '')}>
          Paste a version
        </button>
        {compare !== null && (
          <button type="button" className="link" data-testid="compare-stop" onClick={() => t.tester.setCompare(null)}>Stop comparing</button>
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
            if (file) t.tester.setCompare(decodeRobotsBytes(new Uint8Array(await file.arrayBuffer())));
          }}
        />
      </div>
      {compare !== null && (
        <>
          <div className="compare-summary" data-testid="compare-summary">
            {!hasUrls ? (
              <span>Add URLs in the Bulk tab to see which verdicts change.</span>
            ) : changed === null ? (
              <span className="muted">Checking the URL list against both versions…</span>
            ) : (
              <>
                <strong>{changed.toLocaleString('en-US')}</strong> verdict{changed === 1 ? '' : 's'} change between the versions.{' '}
                <button type="button" className="link" onClick={() => uiStore.setState({ tab: 'bulk' })}>Review them in Bulk</button>
              </>
            )}
          </div>
          <div className="merge-labels"><span>Other version (editable)</span><span>Current robots.txt</span></div>
          <Suspense fallback={<p className="muted">Loading the diff…</p>}>
            <MergeEditor />
          </Suspense>
        </>
      )}
    </div>
  );
}
