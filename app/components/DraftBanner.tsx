import { useTester, useTesterState } from '../context.js';
import { backToDraft } from '../persistence.js';

/** Shown while a shared case is open: the user's own draft is kept and one click away. */
export function DraftBanner() {
  const t = useTester();
  const origin = useTesterState((s) => s.origin);
  if (origin !== 'shared') return null;
  return (
    <div className="banner" data-testid="shared-banner" role="region" aria-label="Shared test case">
      <span>You are viewing a shared test case. Your own draft is saved and untouched.</span>
      <span className="banner-actions">
        <button type="button" className="btn" data-testid="back-to-draft" onClick={() => backToDraft(t)}>
          Back to my draft
        </button>
        <button type="button" className="btn" onClick={() => t.tester.setOrigin('draft')}>
          Keep this as my draft
        </button>
      </span>
    </div>
  );
}
