import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import {
  AI_CRAWLERS, crawlerPage, droppedArgs, failureArgs, knownCrawlerById, knownCrawlerName, noteArgs, outcomeArgs, POLICY_CRAWLERS, policyTable, TOKENLESS_AGENTS, writtenName,
  type AiPurpose, type CrawlerProfile, type PolicyMode,
} from '../../src/robots/index.js';
import {
  addOverride, draftPolicy, noTrainingPreset, PURPOSES, removeOverride, setOverride, setPurposeMode, setPurposePaths, setSignal, type ChoiceDraft, type PolicyDraft,
} from '../../src/store/index.js';
import { splitBulkUrls } from '../../src/worker/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';
import { uiStore } from '../ui-store.js';

// The server rules load when their section is first opened: the tab's first screen never waits for them.
const ServerExport = lazy(() => import('./ai/ServerExport.js').then((m) => ({ default: m.ServerExport })));

const MODES: readonly PolicyMode[] = ['keep', 'allow', 'block', 'paths'];
const MAX_FAILURES = 20;
/** The crawlers a purpose sets (its operators document them); the names only a directory lists are set one by one. */
const BY_PURPOSE = (p: AiPurpose): CrawlerProfile[] => POLICY_CRAWLERS.filter((c) => c.source !== 'directory' && c.purpose === p);
/** How many AI profiles each purpose has, for the fieldsets' legends. */
const COUNTS: Readonly<Record<string, number>> = Object.fromEntries(['training', 'search', 'user'].map((p) => [p, BY_PURPOSE(p as AiPurpose).length]));
const DIRECTORY_NAMES: readonly CrawlerProfile[] = POLICY_CRAWLERS.filter((c) => c.source === 'directory');
const nameOf = knownCrawlerName;
/** The agents no robots.txt line can address, for the note under fetches a user asks for. */
const NO_TOKEN = TOKENLESS_AGENTS.map((c) => c.name).join(', ');
/** The training-control tokens the training choice covers (one purpose model: training takes them in). */
const CONTROL_TOKENS = AI_CRAWLERS.filter((c) => c.controlToken).map((c) => c.tokens[0]!).join(', ');

/** Mode radios and, for "block these paths", the path list: one purpose's or one crawler's choice. */
function ChoiceFields({ name, choice, onMode, onPaths, label }: {
  name: string; choice: ChoiceDraft; onMode: (m: PolicyMode) => void; onPaths: (p: string) => void; label: string;
}) {
  const tr = useT('ai');
  return (
    <>
      <div className="ai-modes" role="radiogroup" aria-label={label}>
        {MODES.map((m) => (
          <label key={m} className="ai-mode">
            <input type="radio" name={name} value={m} checked={choice.mode === m} onChange={() => onMode(m)} data-testid={`${name}-${m}`} />
            {tr('ai.mode', { mode: m })}
          </label>
        ))}
      </div>
      {choice.mode === 'paths' && (
        <label className="ai-paths">
          <span>{tr('ai.paths-label')}</span>
          <textarea rows={3} value={choice.paths} spellCheck={false} placeholder="/members/" data-testid={`${name}-pathlist`} onChange={(e) => onPaths(e.target.value)} />
        </label>
      )}
    </>
  );
}

/** A crawler's name, linked to its operator's page about it where there is one; a name only a directory lists is marked so. */
function CrawlerName({ id }: { id: string }) {
  const tr = useT('ai');
  const profile = knownCrawlerById(id);
  const page = profile ? crawlerPage(profile) : null;
  if (page?.source === 'directory') {
    return (
      <>
        {page.url ? <a href={page.url} target="_blank" rel="noopener noreferrer" title={tr('ai.directory-page', { checked: page.checked })}>{nameOf(id)}</a> : nameOf(id)}
        <span className="pill" data-testid="ai-directory-only">{tr('ai.directory-only')}</span>
      </>
    );
  }
  if (!page?.url) return <>{nameOf(id)}</>;
  return (
    <a href={page.url} target="_blank" rel="noopener noreferrer" title={tr('ai.operator-page', { operator: profile!.operator, checked: page.checked })}>
      {nameOf(id)}
    </a>
  );
}

/**
 * The AI access tab: what AI crawlers may do, per purpose and per crawler, the edit it takes (a
 * diff), each crawler's verdicts before and after, and the engine's check; applied as one edit.
 */
export function AiPanel() {
  const t = useTester();
  const tr = useT('ai');
  const draft = useStore(t.policyStore, (s) => s.draft);
  const result = useStore(t.policyStore, (s) => s.result);
  const docRevision = useTesterState((s) => s.docRevision);
  const testUrls = useTesterState((s) => s.tests.map((x) => x.url).join('\n'));
  const bulkUrls = useTesterState((s) => s.bulkUrls);
  const site = useTesterState((s) => s.site);
  const [overrideId, setOverrideId] = useState(AI_CRAWLERS[0]!.id);
  const [exportOpen, setExportOpen] = useState(false);
  const edit = (f: (d: PolicyDraft) => PolicyDraft) => t.policyStore.setState((s) => ({ draft: f(s.draft) }));

  useEffect(() => {
    t.composePolicy(draftPolicy(draft), [...splitBulkUrls(testUrls), ...splitBulkUrls(bulkUrls)]);
  }, [t, draft, docRevision, testUrls, bulkUrls, site]);

  const current = result && result.revision === docRevision ? result : null;
  const apply = () => {
    if (!current) return;
    const s = t.tester.store.getState();
    if (current.revision !== s.docRevision || !t.edit(s.doc, current.edits)) {
      t.tester.setNotice({ kind: 'warning', message: { id: 'ai.stale' } });
      return;
    }
    const changed = current.diff.filter((r) => r.kind === 'add' || r.kind === 'del').length;
    t.tester.setNotice({ kind: 'info', message: { id: 'ai.applied', args: { count: changed } } });
  };
  const seeAll = () => {
    const s = t.tester.store.getState();
    if (s.bulkUrls.trim() === '' && current) t.tester.setBulkUrls(current.check.urls.join('\n'));
    t.tester.setBulkCrawlers(AI_CRAWLERS.map((c) => ({ kind: 'profile', id: c.id })));
    uiStore.setState({ tab: 'bulk' });
  };
  // The table and the sentence above it come from the same rows (policyTable, policySummary).
  const table = current ? policyTable(current.check) : { rows: [], hidden: 0 };
  const shownRows = table.rows;
  const check = current?.check;

  return (
    <div className="ai-panel" data-testid="ai-panel">
      <p className="muted">{tr('ai.intro')}</p>
      <div className="ai-presets">
        <button type="button" className="btn" data-testid="ai-preset-no-training" onClick={() => edit(noTrainingPreset)}>{tr('ai.preset-no-training')}</button>
      </div>
      <div className="ai-form">
      {PURPOSES.map((p: AiPurpose) => (
        <fieldset key={p} className="ai-purpose" data-purpose={p}>
          <legend>{tr('ai.purpose-legend', { purpose: p, count: COUNTS[p] ?? 0 })}</legend>
          <ChoiceFields
            name={`ai-${p}`} label={tr('crawler.purpose', { purpose: p })} choice={draft.purposes[p]}
            onMode={(m) => edit((d) => setPurposeMode(d, p, m))} onPaths={(v) => edit((d) => setPurposePaths(d, p, v))}
          />
          {p === 'training' && <p className="muted ai-purpose-note" data-testid="ai-training-includes">{tr('ai.training-includes', { tokens: CONTROL_TOKENS })}</p>}
          {p === 'user' && <p className="muted ai-purpose-note">{tr('ai.user-untouched')}</p>}
          {p === 'user' && <p className="muted ai-purpose-note" data-testid="ai-no-token">{tr('ai.no-token', { agents: NO_TOKEN })}</p>}
        </fieldset>
      ))}
      <fieldset className="ai-overrides">
        <legend>{tr('ai.overrides')}</legend>
        <div className="ai-override-add">
          <label>
            <span className="sr-only">{tr('ai.override-crawler')}</span>
            <select value={overrideId} onChange={(e) => setOverrideId(e.target.value)} data-testid="ai-override-crawler" aria-label={tr('ai.override-crawler')}>
              {PURPOSES.map((p) => (
                <optgroup key={p} label={tr('crawler.purpose', { purpose: p })}>
                  {BY_PURPOSE(p).map((c) => <option key={c.id} value={c.id}>{writtenName(c)} · {c.operator}</option>)}
                </optgroup>
              ))}
              <optgroup label={tr('ai.directory-group')} data-testid="ai-override-directory">
                {DIRECTORY_NAMES.map((c) => <option key={c.id} value={c.id}>{writtenName(c)} · {c.operator || tr('ai.directory-only')}</option>)}
              </optgroup>
            </select>
          </label>
          <button type="button" className="btn btn-small" data-testid="ai-override-add" onClick={() => edit((d) => addOverride(d, overrideId))}>{tr('ai.override-add')}</button>
        </div>
        {draft.overrides.map((o) => (
          <div key={o.id} className="ai-override" data-override={o.id}>
            <div className="ai-override-head">
              <strong><CrawlerName id={o.id} /></strong>
              <button type="button" className="btn btn-small" aria-label={tr('ai.override-remove', { crawler: nameOf(o.id) })} onClick={() => edit((d) => removeOverride(d, o.id))}>×</button>
            </div>
            <ChoiceFields
              name={`ai-override-${o.id}`} label={nameOf(o.id)} choice={o}
              onMode={(m) => edit((d) => setOverride(d, o.id, { mode: m }))} onPaths={(v) => edit((d) => setOverride(d, o.id, { paths: v }))}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="ai-signals">
        <legend>{tr('ai.signals')}</legend>
        <label><input type="checkbox" checked={draft.contentSignal} data-testid="ai-content-signal" onChange={(e) => edit((d) => setSignal(d, 'contentSignal', e.target.checked))} /> {tr('ai.content-signal')}</label>
        <label><input type="checkbox" checked={draft.contentUsage} data-testid="ai-content-usage" onChange={(e) => edit((d) => setSignal(d, 'contentUsage', e.target.checked))} /> {tr('ai.content-usage')}</label>
      </fieldset>

      </div>
      <section className="ai-preview" aria-labelledby="ai-preview-heading" aria-busy={!current}>
        <h3 id="ai-preview-heading">{tr('ai.preview')}</h3>
        {!current && <p className="muted">{tr('ai.composing')}</p>}
        {current && check && (
          <>
            <div className={`ai-outcome ${check.ok ? 'ok' : 'failed'}`} data-testid="ai-outcome" data-ok={check.ok ? 'yes' : 'no'} role="status">
              <p>
                {check.rows.length === 0 && check.ok ? tr('ai.nothing-chosen')
                  : tr('policy.outcome', outcomeArgs(check))}
              </p>
              {check.failures.length > 0 && (
                <ul className="ai-failures" data-testid="ai-failures">
                  {check.failures.slice(0, MAX_FAILURES).map((f, i) => (
                    <li key={i}>{tr('policy.failure', failureArgs(f, nameOf))}</li>
                  ))}
                  {check.failures.length > MAX_FAILURES && <li>{tr('ai.failures-more', { count: check.failures.length - MAX_FAILURES })}</li>}
                </ul>
              )}
            </div>
            <div className="ai-actions">
              <button type="button" className="btn btn-primary" data-testid="ai-apply" disabled={current.edits.length === 0 || !check.ok} onClick={apply}>{tr('ai.apply')}</button>
              {!check.ok && current.edits.length > 0 && (
                <button type="button" className="btn" data-testid="ai-apply-anyway" onClick={apply}>{tr('ai.apply-anyway')}</button>
              )}
              <button type="button" className="btn" data-testid="ai-see-all" onClick={seeAll}>{tr('ai.see-all')}</button>
            </div>
            <ul className="ai-notes" data-testid="ai-notes">
              {current.notes.map((n, i) => <li key={i} data-code={n.code}>{tr('policy.note', noteArgs(n, nameOf))}</li>)}
            </ul>
            {current.dropped.length > 0 && (
              <ul className="ai-notes" data-testid="ai-dropped" aria-label={tr('ai.dropped')}>
                {current.dropped.map((d) => <li key={d.line} data-line={d.line} data-why={d.why}>{tr('policy.dropped', droppedArgs(d, nameOf))}</li>)}
              </ul>
            )}
            {current.diff.length > 0 && (
              <pre className="ai-diff" data-testid="ai-diff" tabIndex={0} aria-label={tr('ai.diff-label')}>
                {current.diff.map((r, i) => (
                  <span key={i} className={`diff-${r.kind}`} data-kind={r.kind} data-line={r.kind === 'gap' ? undefined : r.line}>
                    {r.kind === 'gap' ? `⋯ ${tr('ai.diff-gap', { count: r.line })}` : `${r.kind === 'add' ? '+' : r.kind === 'del' ? '−' : ' '} ${r.text}`}
                    {'\n'}
                  </span>
                ))}
              </pre>
            )}
            {shownRows.length > 0 && (
              <div className="table-scroll ai-verdicts-scroll" tabIndex={0} role="region" aria-label={tr('ai.verdicts', { urls: check.urls.length })}>
                <table className="ai-verdicts" data-testid="ai-verdicts">
                  <caption>{tr('ai.verdicts', { urls: check.urls.length })}</caption>
                  <thead>
                    <tr><th scope="col">{tr('ai.col-crawler')}</th><th scope="col">{tr('ai.col-choice')}</th><th scope="col">{tr('ai.col-allowed')}</th><th scope="col">{tr('ai.col-differs')}</th></tr>
                  </thead>
                  <tbody>
                    {shownRows.map((r) => (
                      <tr key={r.crawler} data-crawler={nameOf(r.crawler)} data-failed={r.failed > 0 ? 'yes' : 'no'} data-differs={r.differing.length}>
                        <th scope="row">
                          <CrawlerName id={r.crawler} />
                          {r.unnameable && <span className="pill pill-warn">{tr('ai.unnameable')}</span>}
                        </th>
                        <td>{tr('ai.mode', { mode: r.choice.mode })}</td>
                        <td className={r.failed > 0 ? 'bad' : ''} data-before={r.allowedBefore} data-after={r.allowedAfter}>
                          {tr('ai.allowed-change', { before: r.allowedBefore, after: r.allowedAfter, total: check.urls.length })}
                        </td>
                        <td className={r.differing.length > 0 ? 'bad' : ''}>{tr('ai.differs', { count: r.differing.length })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {table.hidden > 0 && <p className="muted">{tr('ai.unchanged-rows', { count: table.hidden })}</p>}
              </div>
            )}
            <details className="ai-export" data-testid="ai-export" open={exportOpen} onToggle={(e) => setExportOpen(e.currentTarget.open)}>
              <summary data-testid="ai-export-open">{tr('ai.export-title')}</summary>
              {exportOpen && (
                <Suspense fallback={<p className="muted">{tr('ai.composing')}</p>}>
                  <ServerExport policy={current.policy} edits={current.edits} />
                </Suspense>
              )}
            </details>
          </>
        )}
      </section>
    </div>
  );
}
