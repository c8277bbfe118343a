import { useStore } from 'zustand';
import { useTester, useTesterState } from '../context.js';
import { diagnosticsFilterStore, uiStore, type PanelTab } from '../ui-store.js';
import { diagnosticsView } from '../../src/store/index.js';
import { Suspense, useEffect, useMemo } from 'react';
import { lazyPart } from '../lazy-part.js';
import { ContextFields } from './ContextFields.js';
import { CrawlerPicker } from './CrawlerPicker.js';
import { CompareBanner } from './CompareBanner.js';

// The other tabs load when first opened.
const BulkPanel = lazyPart(() => import('./BulkPanel.js').then((m) => m.BulkPanel));
const AiPanel = lazyPart(() => import('./AiPanel.js').then((m) => m.AiPanel));
const ComparePanel = lazyPart(() => import('./ComparePanel.js').then((m) => m.ComparePanel));
const DiagnosticsPanel = lazyPart(() => import('./DiagnosticsPanel.js').then((m) => m.DiagnosticsPanel));
const LogsPanel = lazyPart(() => import('./logs/LogsPanel.js').then((m) => m.LogsPanel));
const SitePanel = lazyPart(() => import('./site/SitePanel.js').then((m) => m.SitePanel));
// The matrix of several tests: a case of one test never loads it.
const TestList = lazyPart(() => import('./TestList.js').then((m) => m.default));
// Asked only after a file is opened while comparing.
const CompareQuestion = lazyPart(() => import('./CompareQuestion.js').then((m) => m.default));
import { AddCrawler } from './AddCrawler.js';
// The ways to get a file the page may not read show when a fetch was refused: their code loads then.
const FetchHelp = lazyPart(() => import('./FetchHelp.js').then((m) => m.FetchHelp));
import { useT, wordMessage } from '../i18n/index.js';
import { VerdictCard } from './VerdictCard.js';

/** The path actually tested, beside the URL field, when it is not what was typed. */
function TestedPath({ url }: { url: string }) {
  const tested = useTesterState((s) => {
    const v = s.shown?.verdicts.length === s.tests.length ? s.shown.verdicts[s.active] : undefined;
    return v && !v.problem && v.url === url ? v.testedPath : null;
  });
  const t = useT();
  if (tested === null || tested === url) return null;
  return (
    <p className="tested-path clamp" id="url-tested" data-testid="tested-path-field">
      {t.rich('test.tested-path', { path: <code>{tested}</code> })}
    </p>
  );
}

/** The host of an absolute http(s) URL, else null. */
function hostOf(url: string): URL | null {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * A notice when the URL is on another host than the file's sitemaps name (RFC 9309 2.3: each
 * host has its own robots.txt) and no site is set: the file may be another site's.
 */
function HostMismatch({ url }: { url: string }) {
  const t = useTester();
  const site = useTesterState((s) => s.site);
  const sitemap = useTesterState((s) => s.shown?.sitemaps.find((m) => m.valid && hostOf(m.url))?.url ?? null);
  const tr = useT();
  if (site.trim() !== '' || sitemap === null) return null;
  const tested = hostOf(url);
  const file = hostOf(sitemap);
  if (!tested || !file || tested.host === file.host) return null;
  return (
    <p className="host-mismatch" data-testid="host-mismatch" role="status">
      {tr('test.other-host', { urlHost: tested.host, fileHost: file.host })}{' '}
      <button type="button" className="link" onClick={() => t.tester.setSite(file.origin)}>{tr('test.other-host-set', { origin: file.origin })}</button>
    </p>
  );
}

function SingleTest() {
  const t = useTester();
  const url = useTesterState((s) => s.tests[s.active]!.url);
  const several = useTesterState((s) => s.tests.length > 1);
  const tr = useT();
  return (
    <>
      {several && (
        <Suspense fallback={null}>
          <TestList />
        </Suspense>
      )}
      <div className="field">
        <div className="field-label-row">
          <label htmlFor="url-input">{tr('test.url')}</label>
          <button
            type="button"
            className="link"
            data-testid="add-test"
            onClick={() => {
              t.tester.addTest();
              // The next thing to do is type the new URL.
              requestAnimationFrame(() => document.getElementById('url-input')?.focus());
            }}
          >
            {tr('test.add')}
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
          placeholder={tr('test.url-placeholder')}
          value={url}
          onChange={(e) => t.tester.setUrl(e.target.value)}
          aria-describedby="url-tested"
        />
        <TestedPath url={url} />
        <HostMismatch url={url} />
      </div>
      <div className="field">
        <div className="field-label-row">
          <label htmlFor="crawler-input">{tr('test.crawler')}</label>
        </div>
        <CrawlerPicker />
        <AddCrawler />
      </div>
      <VerdictCard />
    </>
  );
}

/** A count as wide as most a tab shows (digits are as wide as each other). */
const WIDE_COUNT = 88;

/** Notices, the site and fetch context, and the tabs: test, bulk, AI access, diagnostics, site, compare, logs. */
export function TestPanel() {
  const t = useTester();
  const notice = useTesterState((s) => s.notice);
  const tr = useT();
  useEffect(() => {
    if (!notice) return;
    // Escape closes what it opened: the notice, unless something nearer used the key.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) t.tester.setNotice(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [notice, t]);
  const tab = useStore(uiStore, (s) => s.tab);
  const compareAsk = useStore(uiStore, (s) => s.compareAsk);
  const diagnostics = useTesterState((s) => s.diagnostics);
  const diagFilter = useStore(diagnosticsFilterStore);
  // The tab counts the cards its panel lists: one per kind of finding the filter shows.
  const diagCount = useMemo(() => diagnosticsView(diagnostics ?? [], diagFilter).groups.length, [diagnostics, diagFilter]);
  const sitemapCount = useTesterState((s) => s.shown?.sitemaps.length ?? 0);
  // A tab whose count fills in later (the findings come a moment after the verdict) is as wide as
  // its label with a two-digit count from the start: the tabs after it do not move.
  const tabs: [PanelTab, string, string?][] = [
    ['test', tr('tab.test')],
    ['bulk', tr('tab.bulk')],
    ['ai', tr('tab.ai')],
    ['diagnostics', tr('tab.diagnostics', { count: diagCount }), tr('tab.diagnostics', { count: WIDE_COUNT })],
    ['site', tr('tab.sitemaps', { count: sitemapCount }), tr('tab.sitemaps', { count: WIDE_COUNT })],
    ['compare', tr('tab.compare')],
    ['logs', tr('tab.logs')],
  ];
  return (
    <aside className="test-panel" aria-label={tr('panel.label')}>
      {notice && (
        <div className={`notice notice-${notice.kind}`} role="status" data-testid="notice">
          <div className="notice-body">
            <span>{wordMessage(tr, notice.message)}</span>
            {notice.details?.map((d) => <p key={d.id} className="notice-detail" data-testid="notice-detail" data-code={d.id}>{wordMessage(tr, d)}</p>)}
            {notice.fetchHelp && <Suspense fallback={null}><FetchHelp robotsUrl={notice.fetchHelp} /></Suspense>}
          </div>
          <button type="button" className="notice-close" aria-label={tr('common.dismiss')} onClick={() => t.tester.setNotice(null)}>
            ×
          </button>
        </div>
      )}
      <ContextFields />
      <div className="tabs" role="tablist" aria-label={tr('panel.views')} onKeyDown={(e) => {
        // WAI-ARIA tabs: arrows move between tabs (and open them), Home and End jump to the ends.
        const at = tabs.findIndex(([id]) => id === tab);
        const next = e.key === 'ArrowRight' ? (at + 1) % tabs.length : e.key === 'ArrowLeft' ? (at - 1 + tabs.length) % tabs.length
          : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : -1;
        if (next < 0) return;
        e.preventDefault();
        const id = tabs[next]![0];
        uiStore.setState({ tab: id });
        document.getElementById(`tab-${id}`)?.focus();
      }}>
        {tabs.map(([id, label, reserve]) => (
          <button
            key={id}
            data-reserve={reserve}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            data-testid={`tab-${id}`}
            className="tab"
            onClick={() => uiStore.setState({ tab: id })}
          >
            {label}
          </button>
        ))}
      </div>
      {compareAsk !== null && (
        <Suspense fallback={null}>
          <CompareQuestion />
        </Suspense>
      )}
      <CompareBanner />
      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
        {tab === 'test' && <SingleTest />}
        <Suspense fallback={<p className="muted">{tr('common.loading')}</p>}>
          {tab === 'bulk' && <BulkPanel />}
          {tab === 'ai' && <AiPanel />}
          {tab === 'diagnostics' && <DiagnosticsPanel />}
          {tab === 'site' && <SitePanel />}
          {tab === 'compare' && <ComparePanel />}
          {tab === 'logs' && <LogsPanel />}
        </Suspense>
      </div>
    </aside>
  );
}
