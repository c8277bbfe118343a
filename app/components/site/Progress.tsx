/** The Site tab's run under way: a progress bar with its count. */
import { useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';

/** The run's progress bar with its count (nothing when no run is under way). */
export function Progress() {
  const tr = useT('site');
  const progress = useTesterState((s) => s.siteProgress);
  if (!progress) return null;
  const words = tr('site.progress', { phase: progress.phase, urls: progress.urls, checked: progress.checked });
  return (
    <div className="site-progress" data-testid="site-progress">
      <progress max={Math.max(1, progress.urls)} value={progress.phase === 'reading' ? undefined : progress.checked} aria-label={words} />
      <span role="status">{words}</span>
    </div>
  );
}
