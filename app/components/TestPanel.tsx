import { useTester, useTesterState } from '../context.js';
import { CrawlerPicker } from './CrawlerPicker.js';
import { TestList } from './TestList.js';
import { VerdictCard } from './VerdictCard.js';

/** URL, crawler, verdict and notices. */
export function TestPanel() {
  const t = useTester();
  const url = useTesterState((s) => s.tests[s.active]!.url);
  const notice = useTesterState((s) => s.notice);
  return (
    <aside className="test-panel" aria-label="Test a URL">
      {notice && (
        <div className={`notice notice-${notice.kind}`} role="status" data-testid="notice">
          <span>{notice.text}</span>
          <button type="button" className="notice-close" aria-label="Dismiss" onClick={() => t.tester.setNotice(null)}>
            ×
          </button>
        </div>
      )}
      <TestList />
      <div className="field">
        <div className="field-label-row">
          <label htmlFor="url-input">URL to test</label>
          <button type="button" className="link" data-testid="add-test" onClick={() => t.tester.addTest()}>
            + Add another URL
          </button>
        </div>
        <input
          id="url-input"
          data-testid="test-url"
          className="field-input"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/page or /page"
          value={url}
          onChange={(e) => t.tester.setUrl(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="crawler-input">Crawler</label>
        <CrawlerPicker />
      </div>
      <VerdictCard />
    </aside>
  );
}
