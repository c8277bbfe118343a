import { MAX_ROBOTS_BYTES } from '../../src/robots/index.js';
import { useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

/** Size, lines, groups and rules of the file, and the 500 KiB limit when it matters. */
export function FileSummaryBar() {
  const s = useTesterState((st) => st.shown?.summary);
  const t = useT();
  if (!s) return <div className="summary" />;
  const pct = Math.min(100, (s.byteSize / MAX_ROBOTS_BYTES) * 100);
  return (
    <div className="summary" data-testid="file-summary">
      <span>{t('summary.bytes', { count: s.byteSize })}</span>
      <span>{t('summary.lines', { count: s.lineCount })}</span>
      <span>{t('summary.groups', { count: s.groupCount })}</span>
      <span>{t('summary.rules', { count: s.ruleCount })}</span>
      {s.ignoredCount + s.invalidCount > 0 && (
        <span className="summary-warn">{t('summary.ignored', { count: s.ignoredCount + s.invalidCount })}</span>
      )}
      {s.limitCut ? (
        <span className="summary-limit" data-testid="limit-notice" role="status">
          {t('summary.over-limit', { line: s.limitCut.line })}
        </span>
      ) : pct > 50 ? (
        <span className="summary-warn">{t('summary.share-of-limit', { percent: t.number(Math.round(pct)) })}</span>
      ) : null}
    </div>
  );
}
