import { useStore } from 'zustand';
import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';
import { compareWith, uiStore } from '../ui-store.js';

/** "Comparing with …": which version the verdicts are compared with (a link's is unnamed). */
export function CompareSourceLine() {
  const source = useStore(uiStore, (s) => s.compareSource);
  const tr = useT();
  return <strong data-testid="compare-source">{tr('compare.with', { source: tr('compare.source', { kind: source?.kind ?? 'link', name: source?.name ?? '' }) })}</strong>;
}

/**
 * While a comparison is on, every other tab says so (Bulk counts its changes, whatever tab is
 * open), with the way to see it and to stop it.
 */
export function CompareBanner() {
  const t = useTester();
  const comparing = useTesterState((s) => s.compare !== null);
  const tab = useStore(uiStore, (s) => s.tab);
  const tr = useT();
  if (!comparing || tab === 'compare') return null;
  return (
    <div className="compare-banner" role="status" data-testid="compare-banner">
      <span><CompareSourceLine /> · {tr('compare.banner-note')}</span>
      <span className="compare-banner-actions">
        <button type="button" className="link" onClick={() => uiStore.setState({ tab: 'compare' })}>{tr('compare.banner-show')}</button>
        <button type="button" className="link" data-testid="compare-banner-stop" onClick={() => compareWith(t.tester.setCompare, null, null)}>{tr('compare.banner-stop')}</button>
      </span>
    </div>
  );
}
