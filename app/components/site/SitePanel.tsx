/**
 * The Site tab: the inventory (sitemaps, feeds, crawl exports, lists) and its audit against this
 * robots.txt — counts per crawler, blocked URLs first, the site tree, the URL list, rule impact and
 * the changes against Compare's version. The worker holds the inventory; this shows pages of it.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useStore } from 'zustand';
import { CRAWLERS, ListVerdict, READER_IDS, readerKey, type CrawlerSpec, type ListVerdictCode } from '../../../src/robots/index.js';
import { problemArgs, skipArgs, type FolderSummary, type SkipReason } from '../../../src/robots/site/index.js';
import type { SiteRowPage, SiteSourceInput, SiteState, SiteSummary } from '../../../src/worker/index.js';
import { useTester, useTesterState } from '../../context.js';
import { download } from '../../files.js';
import { useT, type Translator } from '../../i18n/index.js';
import { SiteTree } from './SiteTree.js';
import './site.css';

const VERDICT_KEYS = ['allowed', 'blocked', 'out', 'cannot'] as const;
/** Blocked URLs listed per crawler above the counts (the URL list holds every one). */
const BLOCKED_SHOWN = 20;
/** Rows a page of the URL list shows. */
const PAGE = 50;

/** A verdict code in the tab's words. */
export function verdictLabel(t: Translator, code: number): string {
  return t('site.verdict', { verdict: VERDICT_KEYS[code] ?? 'cannot' });
}

/** The column's name: the crawler, and the reader when it is not Google's. */
function columnName(c: { crawler: string; reader: string }): string {
  return c.reader === 'google' ? c.crawler : `${c.crawler} · ${c.reader}`;
}

/** Reveals a line of the robots.txt in the editor. */
function LineLink({ line }: { line: number }) {
  const t = useTester();
  const tr = useT('site');
  if (line <= 0) return <span className="muted">{tr('site.no-rule')}</span>;
  return <button type="button" className="link" data-line={line} onClick={() => t.reveal(line)}>{tr('common.line', { line })}</button>;
}

/** The file's own Sitemap: lines, each fetchable into the inventory (the old Sitemaps tab). */
function SitemapLines({ onFetch }: { onFetch: (urls: string[]) => void }) {
  const t = useTester();
  const sitemaps = useTesterState((s) => s.shown?.sitemaps);
  const site = useTesterState((s) => s.site);
  const tr = useT('site');
  if (!sitemaps) return <p className="muted">{tr('common.checking')}</p>;
  const valid = sitemaps.filter((s) => s.valid).map((s) => s.url);
  return (
    <section className="site-section" aria-labelledby="site-lines-h">
      <div className="site-head-row">
        <h3 id="site-lines-h">{tr('site.sitemap-lines')}</h3>
        {valid.length > 1 && (
          <button type="button" className="btn btn-small no-print" data-testid="site-fetch-all" onClick={() => onFetch(valid)}>
            {tr('site.fetch-all', { count: valid.length })}
          </button>
        )}
      </div>
      {sitemaps.length === 0 ? <p className="empty-state" data-testid="sitemaps">{tr('sitemaps.none')}</p> : (
        <ul className="sitemaps" data-testid="sitemaps">
          {sitemaps.map((s) => (
            <li key={s.line} data-line={s.line} data-valid={s.valid} data-other-host={s.otherHost}>
              <button type="button" className="link" onClick={() => t.reveal(s.line)}>{tr('common.line', { line: s.line })}</button>
              <code className="sitemap-url">{s.url || tr('common.empty')}</code>
              {s.valid ? (
                s.otherHost ? <span className="pill pill-warn">{tr('sitemaps.other-host', { host: s.host })}</span>
                  : <span className="pill pill-ok">{site ? tr('sitemaps.valid') : tr('sitemaps.valid-on', { host: s.host })}</span>
              ) : (
                <span className="pill pill-bad">{tr('sitemaps.invalid')}</span>
              )}
              {s.valid && (
                <button type="button" className="btn btn-small no-print" data-testid="site-fetch-line" onClick={() => onFetch([s.url])}>{tr('site.fetch-line')}</button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where sources come from: files (opened or dropped), pasted text, a fetched URL. */
function AddSources({ add }: { add: (s: SiteSourceInput[]) => void }) {
  const tr = useT('site');
  const [dragging, setDragging] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState('');
  const [url, setUrl] = useState('');
  const pastes = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const addFiles = (files: FileList | null) => {
    if (files && files.length > 0) add([...files].map((file) => ({ kind: 'file', name: file.name, file })));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    addFiles(e.dataTransfer.files);
  };
  return (
    <section className="site-section no-print" aria-labelledby="site-inv-h">
      <h3 id="site-inv-h">{tr('site.inventory')}</h3>
      <p className="muted small">{tr('site.inventory-help')}</p>
      <div
        className={`site-drop${dragging ? ' dragging' : ''}`}
        data-testid="site-drop"
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          e.stopPropagation();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span>{tr('site.drop')}</span>
        <div className="site-actions">
          <button type="button" className="btn btn-small" data-testid="site-open" onClick={() => fileInput.current?.click()}>{tr('site.open-files')}</button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            data-testid="site-file"
            accept=".xml,.gz,.txt,.csv,.rss,.atom,text/xml,application/xml,application/gzip,text/plain,text/csv"
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <button type="button" className="btn btn-small" data-testid="site-paste-toggle" aria-expanded={pasting} onClick={() => setPasting(!pasting)}>{tr('site.paste')}</button>
        </div>
      </div>
      {pasting && (
        <div className="field">
          <label htmlFor="site-paste">{tr('site.paste-label')}</label>
          <textarea id="site-paste" data-testid="site-paste" className="field-input site-paste" rows={5} spellCheck={false} value={pasted} onChange={(e) => setPasted(e.target.value)} />
          <button
            type="button"
            className="btn btn-small"
            data-testid="site-paste-add"
            disabled={pasted.trim() === ''}
            onClick={() => {
              pastes.current += 1;
              add([{ kind: 'text', name: tr('site.paste-name', { n: pastes.current }), text: pasted }]);
              setPasted('');
              setPasting(false);
            }}
          >
            {tr('site.paste-add')}
          </button>
        </div>
      )}
      <form
        className="site-fetch"
        onSubmit={(e) => {
          e.preventDefault();
          const u = url.trim();
          if (!u) return;
          add([{ kind: 'url', url: u }]);
          setUrl('');
        }}
      >
        <label htmlFor="site-fetch-url">{tr('site.fetch-label')}</label>
        <div className="site-fetch-row">
          <input id="site-fetch-url" data-testid="site-fetch-url" className="field-input" type="text" inputMode="url" spellCheck={false} autoComplete="off"
            placeholder="https://example.com/sitemap.xml" value={url} onChange={(e) => setUrl(e.target.value)} />
          <button type="submit" className="btn btn-small" data-testid="site-fetch">{tr('site.fetch')}</button>
        </div>
        <p className="muted small">{tr('site.fetch-help')}</p>
      </form>
    </section>
  );
}

/** Each source and what it gave: URLs, sitemaps followed, entries skipped and why, its problem. */
function Sources({ state, remove, clear }: { state: SiteState; remove: (i: number) => void; clear: () => void }) {
  const tr = useT('site');
  if (state.sources.length === 0) return <p className="empty-state" data-testid="site-empty">{tr('site.empty')}</p>;
  return (
    <section className="site-section" aria-labelledby="site-src-h">
      <div className="site-head-row">
        <h3 id="site-src-h">{tr('site.sources')}</h3>
        <button type="button" className="link no-print" data-testid="site-clear" onClick={clear}>{tr('site.clear')}</button>
      </div>
      <ul className="site-sources" data-testid="site-sources">
        {state.sources.map((s, i) => {
          const name = s.input.kind === 'url' ? s.input.url : s.input.name;
          const urls = s.reports.reduce((n, r) => n + r.urls, 0);
          return (
            <li key={i} data-testid="site-source" data-reading={s.reading}>
              <div className="site-source-head">
                <code className="site-source-name">{name}</code>
                <span className="pill" data-testid="site-source-urls">{tr('site.source-urls', { count: urls })}</span>
                {s.reading && <span className="muted">{tr('site.source-reading')}</span>}
                <button type="button" className="notice-close no-print" aria-label={tr('site.source-remove', { name })} onClick={() => remove(i)}>×</button>
              </div>
              <ul className="site-reports">
                {s.reports.map((r, k) => {
                  const skipped = Object.entries(r.skipped) as [SkipReason, number][];
                  const single = s.reports.length === 1 && r.source === name;
                  return (
                    <li key={k} data-testid="site-report" data-problem={r.problem?.code ?? ''}>
                      {!single && <code className="site-source-name">{r.source}</code>}{' '}
                      <span className="muted">
                        {r.format && tr('site.format', { format: r.format })}
                        {r.gzip && ` · ${tr('site.source-gzip')}`}
                        {!single && ` · ${tr('site.source-urls', { count: r.urls })}`}
                        {r.sitemaps > 0 && ` · ${tr('site.source-sitemaps', { count: r.sitemaps })}`}
                        {r.parent && !single && ` · ${tr('site.source-from', { parent: r.parent })}`}
                      </span>
                      {skipped.map(([reason, count]) => (
                        <p key={reason} className="site-skip" data-testid="site-skip" data-reason={reason}>{tr('site.skip', skipArgs(reason, count))}</p>
                      ))}
                      {r.problem && <p className="site-problem" role="alert" data-testid="site-problem">{tr('site.problem', problemArgs(r.problem))}</p>}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The crawlers audited (none chosen: the Test tab's crawler). */
function Crawlers() {
  const t = useTester();
  const tr = useT('site');
  const chosen = useTesterState((s) => s.siteCrawlers);
  const readers = useTesterState((s) => s.siteReaders);
  const testCrawler = useTesterState((s) => s.tests[s.active]!.crawler);
  const [text, setText] = useState('');
  const shown = chosen.length > 0 ? chosen : [testCrawler];
  const set = (next: readonly CrawlerSpec[]) => t.tester.setSiteCrawlers(next);
  const name = (c: CrawlerSpec) => (c.kind === 'profile' ? CRAWLERS.find((p) => p.id === c.id)?.tokens[0] ?? c.id : c.value);
  const has = (id: string) => shown.some((c) => c.kind === 'profile' && c.id === id);
  const preset = (section: 'google' | 'ai') => set(CRAWLERS.filter((p) => p.section === section && !p.ignoresRobotsTxt && !p.userTriggered).slice(0, 12).map((p) => ({ kind: 'profile', id: p.id })));
  return (
    <section className="site-section no-print" aria-labelledby="site-crawlers-h">
      <h3 id="site-crawlers-h">{tr('site.crawlers')}</h3>
      <ul className="site-chips" data-testid="site-crawlers">
        {shown.map((c, i) => (
          <li key={i} className="pill">
            {name(c)}
            {chosen.length > 0 && (
              <button type="button" className="chip-remove" aria-label={tr('site.crawler-remove', { name: name(c) })} onClick={() => set(chosen.filter((_, k) => k !== i))}>×</button>
            )}
          </li>
        ))}
      </ul>
      <div className="site-crawler-add">
        <select
          aria-label={tr('site.crawler-add')}
          data-testid="site-crawler-add"
          value=""
          onChange={(e) => {
            const id = e.target.value;
            if (id && !has(id)) set([...shown, { kind: 'profile', id }]);
          }}
        >
          <option value="">{tr('site.crawler-add')}</option>
          {CRAWLERS.filter((p) => !p.ignoresRobotsTxt).map((p) => <option key={p.id} value={p.id}>{p.tokens[0] ?? p.name} — {p.operator}</option>)}
        </select>
        <button type="button" className="btn btn-small" onClick={() => preset('google')}>{tr('site.crawler-google')}</button>
        <button type="button" className="btn btn-small" onClick={() => preset('ai')}>{tr('site.crawler-ai')}</button>
        <form
          className="site-crawler-text"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) set([...shown, { kind: 'text', value: text.trim() }]);
            setText('');
          }}
        >
          <input className="field-input" data-testid="site-crawler-text" aria-label={tr('site.crawler-text')} placeholder={tr('site.crawler-text')} value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn-small">{tr('site.crawler-add-text')}</button>
        </form>
      </div>
      <fieldset className="site-readers">
        <legend>{tr('site.readers')}</legend>
        {READER_IDS.filter((r) => r !== 'google').map((r) => (
          <label key={r}>
            <input
              type="checkbox"
              data-testid="site-reader"
              data-reader={r}
              checked={readers.includes(r)}
              onChange={(e) => t.tester.setSiteReaders(e.target.checked ? [...readers, r] : readers.filter((x) => x !== r))}
            />{' '}
            {tr('reader.name', { reader: readerKey(r) })}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/** Counts per crawler, with the blocked URLs of the inventory first. */
function Counts({ summary }: { summary: SiteSummary }) {
  const tr = useT('site');
  const blocked = summary.columns.filter((c) => c.counts.blocked > 0);
  return (
    <>
      <section className="site-section" aria-labelledby="site-blocked-h">
        <h3 id="site-blocked-h">{tr('site.blocked-first')}</h3>
        {blocked.length === 0 ? <p className="site-ok" data-testid="site-blocked-none">{tr('site.blocked-none')}</p> : (
          <div data-testid="site-blocked">
            {blocked.map((c) => (
              <details key={`${c.id}-${c.reader}`} className="site-blocked" open={blocked.length <= 3}>
                <summary>{tr('site.blocked-count', { crawler: columnName(c), count: c.counts.blocked })}</summary>
                <ul>
                  {c.blocked.slice(0, BLOCKED_SHOWN).map((b) => (
                    <li key={b.url}><code className="site-url">{b.url}</code> <LineLink line={b.line} /></li>
                  ))}
                </ul>
              </details>
            ))}
          </div>
        )}
      </section>
      <section className="site-section" aria-labelledby="site-verdicts-h">
        <h3 id="site-verdicts-h">{tr('site.verdicts')}</h3>
        <div className="table-scroll">
          <table className="site-table" data-testid="site-counts">
            <thead>
              <tr>
                <th scope="col">{tr('site.col-crawler')}</th>
                <th scope="col">{tr('site.col-allowed')}</th>
                <th scope="col">{tr('site.col-blocked')}</th>
                <th scope="col">{tr('site.col-out')}</th>
                <th scope="col">{tr('site.col-cannot')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.columns.map((c) => (
                <tr key={`${c.id}-${c.reader}`} data-crawler={c.id} data-reader={c.reader}>
                  <th scope="row">{columnName(c)}</th>
                  <td className="num allow">{tr.number(c.counts.allowed)}</td>
                  <td className="num block">{tr.number(c.counts.blocked)}</td>
                  <td className="num">{tr.number(c.counts.outOfScope)}</td>
                  <td className="num">{tr.number(c.counts.cannotTest)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {summary.columns.some((c) => c.counts.outOfScope > 0) && <p className="muted small">{tr('site.out-help')}</p>}
      </section>
    </>
  );
}

/** Rule impact: what each rule decides; rules that match nothing or never win. */
function Rules({ summary }: { summary: SiteSummary }) {
  const tr = useT('site');
  return (
    <section className="site-section" aria-labelledby="site-rules-h">
      <h3 id="site-rules-h">{tr('site.rules')}</h3>
      <p className="muted small">{tr('site.rules-help')}</p>
      {summary.rules.length === 0 ? <p className="empty-state">{tr('site.rules-none')}</p> : (
        <div className="table-scroll site-scroll">
          <table className="site-table" data-testid="site-rules">
            <thead>
              <tr><th scope="col">{tr('site.col-line')}</th><th scope="col">{tr('site.col-rule')}</th><th scope="col">{tr('site.col-decides')}</th></tr>
            </thead>
            <tbody>
              {summary.rules.map((r) => (
                <tr key={r.line} data-line={r.line} data-unused={r.unused ?? ''} className={r.unused || !r.applies ? 'site-rule-idle' : ''}>
                  <td><LineLink line={r.line} /></td>
                  <td><code className={r.allow ? 'allow' : 'block'}>{r.text}</code></td>
                  <td>
                    {tr('site.rule-decides', { count: r.decides })}
                    {!r.applies ? <span className="muted"> · {tr('site.rule-not-applied')}</span>
                      : r.unused === 'never-wins' ? <span className="site-warn"> · {tr('site.rule-never-wins')}</span>
                        : r.unused === 'matches-nothing' ? <span className="muted"> · {tr('site.rule-matches-nothing')}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The changes against the compared version, per crawler. */
function Changes({ summary, onShow }: { summary: SiteSummary; onShow: () => void }) {
  const tr = useT('site');
  if (!summary.changes) return null;
  return (
    <section className="site-section" aria-labelledby="site-changes-h" data-testid="site-changes">
      <h3 id="site-changes-h">{tr('site.changes')}</h3>
      <p className="muted small">{tr('site.changes-help')}</p>
      {summary.changes.total === 0 ? <p>{tr('site.changes-none')}</p> : (
        <>
          <ul>
            {summary.columns.map((c, i) => {
              const n = summary.changes!.byColumn[i]!;
              return n.changed > 0 && <li key={i}>{tr('site.changes-count', { crawler: columnName(c), changed: n.changed, blocked: n.blocked, unblocked: n.unblocked })}</li>;
            })}
          </ul>
          <button type="button" className="btn btn-small no-print" data-testid="site-changes-show" onClick={onShow}>{tr('site.changes-show')}</button>
        </>
      )}
    </section>
  );
}

/** A page of URLs: by crawler, verdict, change and folder. */
function UrlList({ summary, column, setColumn, folder, setFolder, changed, setChanged, revision }: {
  summary: SiteSummary; column: number; setColumn: (c: number) => void; folder: string; setFolder: (f: string) => void;
  changed: boolean; setChanged: (c: boolean) => void; revision: number;
}) {
  const t = useTester();
  const tr = useT('site');
  const [verdict, setVerdict] = useState<ListVerdictCode | -1>(-1);
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<SiteRowPage | null>(null);
  useEffect(() => setOffset(0), [column, verdict, folder, changed]);
  useEffect(() => {
    let live = true;
    void t.site.rows({ column, verdicts: verdict === -1 ? [] : [verdict], changed: changed && summary.changes !== null, folder, offset, limit: PAGE })
      .then((r) => live && setPage(r.page), () => {});
    return () => {
      live = false;
    };
    // A running audit's summaries come every second: the page is asked again when it completes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, column, verdict, folder, changed, offset, revision, summary.complete, summary.changes !== null]);
  const total = page?.total ?? 0;
  return (
    <section className="site-section" aria-labelledby="site-list-h">
      <h3 id="site-list-h">{tr('site.list')}</h3>
      <div className="site-filters no-print">
        <label>
          {tr('site.filter-crawler')}{' '}
          <select data-testid="site-list-crawler" value={column} onChange={(e) => setColumn(Number(e.target.value))}>
            {summary.columns.map((c, i) => <option key={i} value={i}>{columnName(c)}</option>)}
          </select>
        </label>
        <label>
          {tr('site.filter-verdict')}{' '}
          <select data-testid="site-list-verdict" value={verdict} onChange={(e) => setVerdict(Number(e.target.value) as ListVerdictCode | -1)}>
            <option value={-1}>{tr('site.filter-all')}</option>
            {[ListVerdict.Allowed, ListVerdict.Blocked, ListVerdict.OutOfScope, ListVerdict.CannotTest].map((v) => <option key={v} value={v}>{verdictLabel(tr, v)}</option>)}
          </select>
        </label>
        {summary.changes && (
          <label><input type="checkbox" data-testid="site-list-changed" checked={changed} onChange={(e) => setChanged(e.target.checked)} /> {tr('site.filter-changed')}</label>
        )}
        {folder && (
          <span className="pill" data-testid="site-list-folder">
            {tr('site.filter-folder', { folder })}
            <button type="button" className="chip-remove" aria-label={tr('site.filter-folder-clear')} onClick={() => setFolder('')}>×</button>
          </span>
        )}
      </div>
      {page && total === 0 ? <p className="muted" data-testid="site-list-none">{tr('site.list-none')}</p> : (
        <div className="table-scroll site-scroll">
          <table className="site-table site-list" data-testid="site-list">
            <thead>
              <tr>
                <th scope="col">{tr('site.col-url')}</th>
                <th scope="col">{tr('site.col-verdict')}</th>
                <th scope="col">{tr('site.col-line')}</th>
                {summary.changes && <th scope="col">{tr('site.col-before')}</th>}
                <th scope="col">{tr('site.col-source')}</th>
              </tr>
            </thead>
            <tbody>
              {page?.rows.map((r) => (
                <tr key={r.index} data-verdict={r.now.verdict}>
                  <td><code className="site-url">{r.url}</code></td>
                  <td className={r.now.verdict === ListVerdict.Blocked ? 'block' : r.now.verdict === ListVerdict.Allowed ? 'allow' : ''}>{verdictLabel(tr, r.now.verdict)}</td>
                  <td><LineLink line={r.now.line} /> {r.rule && <code className="muted">{r.rule}</code>}</td>
                  {summary.changes && (
                    <td>{r.before && <>{verdictLabel(tr, r.before.verdict)} {r.before.line > 0 && <code className="muted">{tr('common.line', { line: r.before.line })}: {r.before.rule}</code>}</>}</td>
                  )}
                  <td className="muted site-source-cell">{r.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > PAGE && (
        <div className="site-pager no-print">
          <button type="button" className="btn btn-small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>{tr('site.previous')}</button>
          <span data-testid="site-list-range">{tr('site.list-range', { from: offset + 1, to: Math.min(total, offset + PAGE), total })}</span>
          <button type="button" className="btn btn-small" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>{tr('site.next')}</button>
        </div>
      )}
    </section>
  );
}

/** The run's progress bar with its count. */
function Progress() {
  const t = useTester();
  const tr = useT('site');
  const progress = useStore(t.site.store, (x) => x.progress);
  if (!progress) return null;
  const words = tr('site.progress', { phase: progress.phase, urls: progress.urls, checked: progress.checked });
  return (
    <div className="site-progress" data-testid="site-progress">
      <progress max={Math.max(1, progress.urls)} value={progress.phase === 'reading' ? undefined : progress.checked} aria-label={words} />
      <span role="status">{words}</span>
    </div>
  );
}

/** The Site tab. */
export function SitePanel() {
  const t = useTester();
  const tr = useT('site');
  const site = t.site;
  useEffect(() => site.open(), [site]);
  // The progress bar re-renders on its own ten times a second; the rest on a new state only.
  const state = useStore(site.store, (x) => x.state);
  const revision = useStore(site.store, (x) => x.revision);
  const [column, setColumn] = useState(0);
  const [folder, setFolder] = useState('');
  const [changed, setChanged] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const summary = state?.summary ?? null;
  const col = summary && column < summary.columns.length ? column : 0;
  const add = (sources: SiteSourceInput[]) => site.add(sources);
  const showList = () => requestAnimationFrame(() => listRef.current?.scrollIntoView({ block: 'start' }));
  return (
    <div className="site-panel site-report" data-testid="site-panel">
      <div className="site-print-title">
        <h2>{tr('site.report-title')}</h2>
        {summary && <p className="muted">{tr('site.report-meta', { urls: summary.urls, crawlers: summary.columns.map(columnName).join(', '), date: new Date().toLocaleDateString(tr.language) })}</p>}
      </div>
      <p className="muted no-print">{tr('site.intro')}</p>
      <SitemapLines onFetch={(urls) => add(urls.map((url) => ({ kind: 'url', url })))} />
      <AddSources add={add} />
      {state && <Sources state={state} remove={(i) => site.remove(i)} clear={() => site.clear()} />}
      <Progress />
      <Crawlers />
      {summary && summary.urls > 0 && (
        <div data-testid="site-audit" data-revision={summary.revision} data-complete={summary.complete && !state?.busy}>
          <div className="site-head-row">
            <p className="site-done" data-testid="site-done">
              {summary.revision !== revision ? tr('site.stale') : tr('site.done', { urls: summary.urls })}
            </p>
            <div className="site-actions no-print">
              <button type="button" className="btn btn-small" data-testid="site-csv" onClick={() => void site.csv().then((b) => download('site-audit.csv', b, 'text/csv'))}>{tr('site.export-csv')}</button>
              <button type="button" className="btn btn-small" data-testid="site-print" onClick={() => {
                document.documentElement.classList.add('print-site');
                window.print();
                document.documentElement.classList.remove('print-site');
              }}>{tr('site.print')}</button>
            </div>
          </div>
          <Counts summary={summary} />
          <Changes summary={summary} onShow={() => { setChanged(true); showList(); }} />
          <SiteTree summary={summary} column={col} setColumn={setColumn} columnName={columnName} onFolder={(f) => { setFolder(f); showList(); }} />
          <div ref={listRef}>
            <UrlList summary={summary} column={col} setColumn={setColumn} folder={folder} setFolder={setFolder} changed={changed} setChanged={setChanged} revision={summary.revision} />
          </div>
          <Rules summary={summary} />
        </div>
      )}
    </div>
  );
}

export type { FolderSummary };
