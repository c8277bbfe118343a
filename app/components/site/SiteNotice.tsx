/** What happened to the Site tab's worker (replaced, failed) or an export, said in the tab until dismissed. */
import { useTester, useTesterState } from '../../context.js';
import { useT, wordMessage } from '../../i18n/index.js';

/** The tab's notice, if any. */
export function SiteNotice() {
  const t = useTester();
  const tr = useT('site');
  const notice = useTesterState((s) => s.siteNotice);
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.kind} no-print`} role="status" data-testid="site-notice" data-message={notice.message.id}>
      <div className="notice-body">
        <span>{wordMessage(tr, notice.message)}</span>
      </div>
      <button type="button" className="notice-close" aria-label={tr('common.dismiss')} onClick={() => t.tester.setSiteNotice(null)}>×</button>
    </div>
  );
}
