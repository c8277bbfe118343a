import { useStore } from 'zustand';
import { useTester, useTesterState } from '../context.js';
import { linkStore } from '../link-store.js';
import { backToDraft } from '../persistence.js';
import { useT } from '../i18n/index.js';

/**
 * Shown while a shared case is open: the user's own draft is kept and one click away. Shown too
 * while another tab autosaves the draft open here: changes here are not saved, unless taken over.
 */
export function DraftBanner() {
  const t = useTester();
  const origin = useTesterState((s) => s.origin);
  const elsewhere = useStore(linkStore, (s) => s.draftElsewhere);
  const tr = useT();
  if (origin === 'draft' && elsewhere) {
    return (
      <div className="banner" data-testid="draft-elsewhere" role="region" aria-label={tr('banner.label')}>
        <span>{tr('banner.draft-elsewhere')}</span>
        <span className="banner-actions">
          <button type="button" className="btn" data-testid="take-over-draft" onClick={() => linkStore.getState().takeOverDraft()}>
            {tr('banner.take-over')}
          </button>
        </span>
      </div>
    );
  }
  if (origin !== 'shared') return null;
  return (
    <div className="banner" data-testid="shared-banner" role="region" aria-label={tr('banner.label')}>
      <span>{tr('banner.text')}</span>
      <span className="banner-actions">
        <button type="button" className="btn" data-testid="back-to-draft" onClick={() => backToDraft(t)}>
          {tr('banner.back')}
        </button>
        <button type="button" className="btn" onClick={() => t.tester.setOrigin('draft')}>
          {tr('banner.keep')}
        </button>
      </span>
    </div>
  );
}
