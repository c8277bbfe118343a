import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AI_CRAWLERS, CRAWLERS, GOOGLE_CRAWLERS, readerKey, selectKey } from '../../src/robots/index.js';
import {
  aiSummary, countBulk, loadBulkCsv, isChanged, isFailing, rowExpectation, rowFor, verdictName, visibleRows,
  type BulkFilter, type BulkSort,
} from '../../src/store/index.js';
import type { CrawlerSpec } from '../../src/worker/index.js';
import { useTester, useTesterState } from '../context.js';
import { download } from '../files.js';
import { useT } from '../i18n/index.js';
import { MiddleCut } from './MiddleCut.js';

/** Lists longer than this are shown as a preview: a browser takes seconds to lay out 100,000 lines. */
const LARGE_LIST_CHARS = 200_000;
const PREVIEW_LINES = 300;

/**
 * The whole of a huge list, editable in a CodeMirror editor: it lays out only the lines in view, so
 * 100,000 URLs open at once (a text box lays out every line: seconds). The store hears of edits
 * after a pause, not on every keystroke.
 */
function LargeListEditor({ value, onCommit, label }: { value: string; onCommit: (v: string) => void; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(value);
  const view = useRef<{ setText(v: string): void; destroy(): void } | null>(null);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    void Promise.all([import('@codemirror/view'), import('@codemirror/state'), import('@codemirror/commands'), import('../../src/editor/index.js')]).then(([cmView, cmState, cmCommands, editor]) => {
      if (cancelled || !host.current) return;
      const v = new cmView.EditorView({
        parent: host.current,
        state: cmState.EditorState.create({
          doc: latest.current,
          extensions: [
            cmView.lineNumbers(), cmCommands.history(), cmView.keymap.of([...cmCommands.defaultKeymap, ...cmCommands.historyKeymap]), editor.focusRing(),
            cmView.EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'bulk-urls-editor' }),
            cmView.EditorView.updateListener.of((u) => {
              if (!u.docChanged) return;
              if (timer) clearTimeout(timer);
              timer = setTimeout(() => {
                timer = null;
                latest.current = u.state.doc.toString();
                onCommit(latest.current);
              }, 400);
            }),
          ],
        }),
      });
      view.current = {
        setText: (t) => v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: t } }),
        destroy: () => v.destroy(),
      };
    });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      view.current?.destroy();
      view.current = null;
    };
  }, [onCommit, label]);
  // Another list (an import, Clear) replaces what is shown.
  useEffect(() => {
    if (value !== latest.current) {
      latest.current = value;
      view.current?.setText(value);
    }
  }, [value]);
  return <div className="bulk-list-editor" ref={host} data-testid="bulk-urls" data-editing="true" />;
}

/** The LFs in `text`, counted without splitting it (100,000 strings for a list just imported). */
function lineBreaks(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/** True at phone width, where each table row takes two lines. */
function useNarrow(): boolean {
  const query = '(max-width: 640px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const on = () => setNarrow(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return narrow;
}

function crawlerLabel(c: CrawlerSpec): string {
  return rowFor('', c).crawlerText;
}

/** Many URLs × crawlers: a virtualised table with filters, sort, search, expectations and CSV. */
export function BulkPanel() {
  const t = useTester();
  const bulkUrls = useTesterState((s) => s.bulkUrls);
  const bulkCrawlers = useTesterState((s) => s.bulkCrawlers);
  const testCrawler = useTesterState((s) => s.tests[s.active]!.crawler);
  const expectations = useTesterState((s) => s.expectations);
  const bulk = useTesterState((s) => s.bulk);
  const progress = useTesterState((s) => s.bulkProgress);
  const comparing = useTesterState((s) => s.compare !== null);
  const readersMode = useTesterState((s) => s.bulkReaders);
  const [filter, setFilter] = useState<BulkFilter>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<BulkSort>({ key: 'default', descending: false });
  const [selected, setSelected] = useState<number | null>(null);
  const [editLarge, setEditLarge] = useState(false);
  const tr = useT();
  const n = tr.number;
  const large = bulkUrls.length > LARGE_LIST_CHARS && !editLarge;
  const preview = useMemo(() => {
    if (!large) return '';
    const lines = bulkUrls.split(/\r\n|\r|\n/, PREVIEW_LINES + 1);
    return lines.slice(0, PREVIEW_LINES).join('\n') + '\n…';
  }, [large, bulkUrls]);
  const lineCount = useMemo(() => (large ? lineBreaks(bulkUrls) + 1 : 0), [large, bulkUrls]);
  const importInput = useRef<HTMLInputElement>(null);
  const commitList = useCallback((v: string) => t.tester.setBulkUrls(v), [t]);
  // The worker starts and reads the file while the user picks a list: the first run only checks.
  useEffect(() => t.prepareBulk(), [t]);
  // So does the import's reader (papaparse): loaded on the first pick, it took 100–150 ms of it.
  // A failed load here is left alone: the import asks for the reader again.
  useEffect(() => void loadBulkCsv().catch(() => undefined), []);
  const scroller = useRef<HTMLDivElement>(null);

  const result = bulk?.result ?? null;
  const urls = bulk?.urls ?? [];
  const counts = useMemo(() => (result ? countBulk(result, urls, expectations) : null), [result, urls, expectations]);
  const ai = useMemo(() => (result ? aiSummary(result) : []), [result]);
  const rows = useMemo(
    () => (result ? visibleRows(result, urls, expectations, filter, search, sort) : new Int32Array(0)),
    [result, urls, expectations, filter, search, sort],
  );
  const narrow = useNarrow();
  // A compared row says its old verdict too, on a second line rather than cut.
  const rowHeight = narrow ? (comparing ? 76 : 58) : (comparing ? 50 : 34);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 12 });
  useEffect(() => virtual.measure(), [rowHeight, virtual]);
  // One host for every URL: the table shows paths (the host is in each row's title).
  const oneHost = bulk?.origin ?? null;
  const site = useTesterState((s) => s.site);
  const crawlers = bulkCrawlers.length > 0 ? bulkCrawlers : [testCrawler];

  const setCrawlers = (list: CrawlerSpec[]) => t.tester.setBulkCrawlers(list);
  const addCrawler = (id: string) => {
    if (!id) return;
    const spec: CrawlerSpec = { kind: 'profile', id };
    if (!crawlers.some((c) => JSON.stringify(c) === JSON.stringify(spec))) setCrawlers([...crawlers, spec]);
  };
  const sortBy = (key: BulkSort['key']) =>
    setSort((s) => (s.key === key ? { key, descending: !s.descending } : { key, descending: false }));
  const arrow = (key: BulkSort['key']) => (sort.key === key ? (sort.descending ? ' ↓' : ' ↑') : '');
  const ariaSort = (key: BulkSort['key']) => (sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined);

  return (
    <div className="bulk">
      <div className="field">
        <div className="field-label-row">
          <label htmlFor="bulk-urls">{tr('bulk.urls')}</label>
          <span className="bulk-tools">
            <button type="button" className="link" onClick={() => importInput.current?.click()}>{tr('bulk.import')}</button>
            <input
              ref={importInput}
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              hidden
              data-testid="bulk-import"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                const [csv, text] = await Promise.all([loadBulkCsv().catch(() => null), file.text().catch(() => null)]);
                if (csv === null || text === null) {
                  // The list stays as it was: the reader's code could not load (offline, or a newer
                  // release), or the browser could not read the file.
                  t.tester.setNotice({ kind: 'error', message: csv === null ? { id: 'notice.part-unavailable' } : { id: 'file.unreadable', args: { name: file.name } } });
                  return;
                }
                const imported = csv.importUrlList(text);
                t.tester.setBulkUrls(imported.urls);
                t.tester.addExpectations(imported.expectations);
                if (imported.duplicates > 0) t.tester.setNotice({ kind: 'info', message: { id: 'bulk.duplicates', args: { count: imported.duplicates } } });
              }}
            />
          </span>
        </div>
        {large && (
          <div className="bulk-large" data-testid="bulk-large">
            <span>{tr('bulk.large', { lines: lineCount, mb: bulkUrls.length / 1_000_000, preview: PREVIEW_LINES })}</span>
            <button type="button" className="link" onClick={() => setEditLarge(true)}>{tr('bulk.edit-all')}</button>
            <button type="button" className="link" onClick={() => t.tester.setBulkUrls('')}>{tr('bulk.clear')}</button>
          </div>
        )}
        {bulkUrls.length > LARGE_LIST_CHARS && editLarge ? (
          <LargeListEditor value={bulkUrls} onCommit={commitList} label={tr('bulk.urls-editor')} />
        ) : (
          <textarea
            id="bulk-urls"
            data-testid="bulk-urls"
            className="field-input bulk-input"
            spellCheck={false}
            readOnly={large}
            placeholder={'https://example.com/\n/products/shoes\n/checkout/'}
            value={large ? preview : bulkUrls}
            onPaste={(e) => {
              // A huge paste replaces the list without laying out every line in the text box.
              const text = e.clipboardData.getData('text/plain');
              if (text.length > LARGE_LIST_CHARS) {
                e.preventDefault();
                setEditLarge(false);
                t.tester.setBulkUrls(text);
              }
            }}
            onChange={(e) => {
              if (!large) t.tester.setBulkUrls(e.target.value);
            }}
          />
        )}
      </div>
      <div className="crawler-chips" aria-label={tr('bulk.crawlers')}>
        {crawlers.map((c, i) => (
          <span key={i} className="chip" data-testid="bulk-crawler">
            {crawlerLabel(c)}
            {bulkCrawlers.length === 0 && <span className="muted"> {tr('bulk.test-crawler')}</span>}
            {bulkCrawlers.length > 1 && (
              <button type="button" aria-label={tr('bulk.remove-crawler', { crawler: crawlerLabel(c) })} onClick={() => setCrawlers(bulkCrawlers.filter((_, j) => j !== i))}>×</button>
            )}
          </span>
        ))}
        <select className="chip-add" aria-label={tr('bulk.add-crawler')} value="" onChange={(e) => addCrawler(e.target.value)}>
          <option value="">{tr('bulk.add-crawler-option')}</option>
          {CRAWLERS.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
        <button type="button" className="btn btn-small" data-testid="all-google" onClick={() => setCrawlers(GOOGLE_CRAWLERS.map((p) => ({ kind: 'profile', id: p.id })))}>
          {tr('bulk.all-google')}
        </button>
        <button type="button" className="btn btn-small" data-testid="all-ai" onClick={() => setCrawlers(AI_CRAWLERS.map((p) => ({ kind: 'profile', id: p.id })))}>
          {tr('bulk.all-ai')}
        </button>
        {bulkCrawlers.length > 0 && (
          <button type="button" className="link" onClick={() => setCrawlers([])}>{tr('bulk.reset')}</button>
        )}
      </div>
      <label className="check" data-testid="bulk-readers-label">
        <input type="checkbox" data-testid="bulk-readers" checked={readersMode} onChange={(e) => t.tester.setBulkReaders(e.target.checked)} />
        {' '}{tr('bulk.readers-mode', { crawler: crawlerLabel(crawlers[0]!) })}
      </label>
      {progress !== null && (
        <div className="progress" data-testid="bulk-progress" role="progressbar" aria-label={tr('bulk.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
          <div className="progress-bar" style={{ transform: `scaleX(${Math.max(0.02, progress)})` }} />
        </div>
      )}
      {counts && result && (
        <div className="bulk-summary" data-testid="bulk-summary" data-revision={result.revision}>
          <span>{result.readers.length > 0 ? tr('bulk.count-readers', { urls: result.urlCount, readers: result.crawlerCount }) : tr('bulk.count', { urls: result.urlCount, crawlers: result.crawlerCount })}</span>
          {oneHost && <span className="muted" data-testid="bulk-host">{tr('bulk.on-host', { host: oneHost })}</span>}
          <span className="kind-disallow">{tr('bulk.blocked', { count: counts.blocked })}</span>
          <span className="kind-allow">{tr('bulk.allowed', { count: counts.allowed })}</span>
          {counts.outOfScope > 0 && <span>{tr('bulk.out-of-scope', { count: counts.outOfScope })}</span>}
          {counts.invalid > 0 && <span data-testid="bulk-invalid">{tr('bulk.invalid', { count: counts.invalid })}</span>}
          {comparing && <span className="pill pill-warn" data-testid="changed-count">{tr('bulk.changes', { count: counts.changed })}</span>}
          {result.readers.length > 0 && (
            <span className={`pill ${counts.disagreeing > 0 ? 'pill-warn' : 'pill-ok'}`} data-testid="disagree-count" data-count={counts.disagreeing}>
              {tr('bulk.disagree-count', { count: counts.disagreeing })}
            </span>
          )}
          {Object.keys(expectations).length > 0 && (
            <span className={`pill ${counts.failing > 0 ? 'pill-bad' : 'pill-ok'}`} data-testid="expectation-failures" data-failing={counts.failing}>
              {tr('bulk.failing', { count: counts.failing })}
            </span>
          )}
          <span className="ms">{n(Math.round(result.ms))} ms</span>
        </div>
      )}
      {ai.length > 0 && result && (
        <div className="ai-summary" data-testid="ai-summary">
          <h3>{tr('bulk.ai-heading', { urls: result.urlCount })}</h3>
          <table>
            <tbody>
              {ai.map((row) => (
                <tr key={row.purpose} data-purpose={row.purpose} data-standing={row.standing}>
                  <th scope="row">{tr('crawler.purpose', { purpose: row.purpose })}</th>
                  <td><span className={`standing standing-${row.standing}`}>{tr('bulk.standing', { standing: row.standing })}</span></td>
                  <td className="ai-crawlers">
                    {row.crawlers.map((c) => (
                      <span key={c.label} className={`ai-crawler standing-${c.standing}`} data-crawler={c.label} data-standing={c.standing}
                        data-unnameable={c.unnameable ? 'yes' : undefined}
                        title={`${tr('bulk.ai-crawler-title', { operator: c.operator, tested: c.tested, blocked: c.blocked })}${c.caveat ? ` — ${tr('why.profile-caveat', { profile: selectKey(c.id), operator: c.operator })}` : ''}`}>
                        {c.label}{c.caveat ? ' *' : ''}{c.unnameable ? ' †' : ''}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">{tr('bulk.ai-note')}</p>
          {ai.some((row) => row.crawlers.some((c) => c.unnameable)) && <p className="muted" data-testid="ai-unnameable-note">{tr('bulk.ai-unnameable')}</p>}
        </div>
      )}
      {result && (
        <div className="bulk-controls">
          <div className="segmented" role="group" aria-label={tr('bulk.filters')}>
            {(['all', 'blocked', 'allowed', ...(comparing ? ['changed'] : []), ...(Object.keys(expectations).length ? ['failing'] : []), ...(counts?.outOfScope ? ['out-of-scope'] : [])] as BulkFilter[]).map((f) => (
              <button key={f} type="button" aria-pressed={filter === f} data-testid={`filter-${f}`} onClick={() => setFilter(f)}>
                {tr('bulk.filter', { filter: selectKey(f) })}
              </button>
            ))}
            {result.readers.length > 0 && (
              <button type="button" aria-pressed={filter === 'disagree'} data-testid="filter-disagree" onClick={() => setFilter('disagree')}>
                {tr('bulk.filter-disagree')}
              </button>
            )}
          </div>
          <input className="field-input bulk-search" type="search" placeholder={tr('bulk.search')} aria-label={tr('bulk.search')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="bulk-search" />
          {/* Exports what the table shows (the filter and the search), and says how much. */}
          <button type="button" className="btn btn-small" data-testid="export-csv" data-count={rows.length} disabled={rows.length === 0}
            onClick={async () => {
              const csv = await loadBulkCsv().catch(() => null);
              if (csv === null) t.tester.setNotice({ kind: 'error', message: { id: 'notice.part-unavailable' } });
              else download('robots-bulk-results.csv', csv.bulkCsv(result, urls, expectations, site, rows), 'text/csv;charset=utf-8');
            }}>
            {tr('bulk.export-rows', { count: rows.length })}
          </button>
        </div>
      )}
      {result && rows.length === 0 && <p className="muted" role="status" data-testid="bulk-none">{tr('bulk.none-filtered')}</p>}
      {result && (
        <div className={`bulk-table${comparing ? ' comparing' : ''}`} data-testid="bulk-table" role="table" aria-label={tr('bulk.table')} aria-rowcount={rows.length}>
          <div className="bulk-row bulk-head" role="row">
            <span role="columnheader" aria-sort={ariaSort('url')}><button type="button" onClick={() => sortBy('url')} title={oneHost ? tr('bulk.paths-on', { host: oneHost }) : undefined}>{tr(oneHost ? 'bulk.column-path' : 'bulk.column-url')}{arrow('url')}</button></span>
            <span role="columnheader" aria-sort={ariaSort('crawler')}><button type="button" onClick={() => sortBy('crawler')}>{tr(result.readers.length > 0 ? 'bulk.column-reader' : 'bulk.column-crawler')}{arrow('crawler')}</button></span>
            <span role="columnheader" aria-sort={ariaSort('verdict')}><button type="button" onClick={() => sortBy('verdict')}>{tr('bulk.column-verdict')}{arrow('verdict')}</button></span>
            <span role="columnheader" aria-sort={ariaSort('line')}><button type="button" onClick={() => sortBy('line')}>{tr('bulk.column-rule')}{arrow('line')}</button></span>
            <span role="columnheader">{tr('bulk.column-expect')}</span>
          </div>
          <div className="bulk-scroll" ref={scroller}>
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((item) => {
                const r = rows[item.index]!;
                const u = Math.floor(r / result.crawlerCount);
                const c = r % result.crawlerCount;
                const url = urls[u]!;
                const verdict = verdictName(result.verdict[r]!);
                const changed = isChanged(result, r);
                const crawler = result.crawlers[c]!;
                const expectation = rowExpectation(result, urls, expectations, r);
                const failing = isFailing(result, r, expectation);
                const line = result.line[r]!;
                return (
                  <div
                    key={r}
                    role="row"
                    className={`bulk-row row-${verdict}${changed ? ' changed' : ''}${failing ? ' failing' : ''}${selected === r ? ' selected' : ''}`}
                    aria-selected={selected === r}
                    data-url={url}
                    data-ua={result.crawlerLabels[c]}
                    data-verdict={verdict}
                    data-line={result.line[r]}
                    data-changed={comparing ? String(changed) : undefined}
                    data-reader={result.readers[c]}
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
                    onClick={() => {
                      setSelected(r);
                      t.tester.showTest(url, crawlerLabel(crawlers[c]!), crawlers[c]!);
                      if (result.line[r]! > 0) t.reveal(result.line[r]!);
                    }}
                  >
                    <span role="cell" className="bulk-url" title={url}>{oneHost && url.startsWith(oneHost) ? url.slice(oneHost.length) || '/' : <MiddleCut text={url} />}</span>
                    <span role="cell" className="bulk-ua" title={result.readers[c] ? tr('reader.who', { reader: readerKey(result.readers[c]!) }) : undefined}>
                      {result.crawlerLabels[c]}
                      {result.readers[c] === 'google' && result.disagree[u]! > 0 && (
                        <span className="pill pill-warn" data-testid="row-disagree" title={tr('bulk.disagree-title')}>{tr('bulk.disagree', { count: result.disagree[u]! })}</span>
                      )}
                    </span>
                    <span role="cell" className="bulk-verdict">
                      {tr('bulk.verdict', { verdict: selectKey(verdict) })}
                      {changed && (
                        <span className="pill pill-warn" title={tr('bulk.was-title')}>
                          {tr('bulk.was', { verdict: selectKey(verdictName(result.compareVerdict[r]!)) })}
                          {result.compareLine[r] ? ` ${tr('bulk.was-line', { line: result.compareLine[r]! })}` : ''}
                        </span>
                      )}
                    </span>
                    <span role="cell" className="bulk-rule" title={line > 0 ? tr('bulk.rule-title', { line, text: result.lineTexts[line] ?? '' }) : undefined}>
                      {line > 0 ? <><span className="bulk-line">{line}</span> <code>{result.lineTexts[line]}</code></> : <span className="muted">—</span>}
                    </span>
                    <span role="cell" onClick={(e) => e.stopPropagation()}>
                      <select
                        data-testid="expect"
                        aria-label={tr('bulk.expect-label', { url, crawler: result.crawlerLabels[c]! })}
                        className={failing ? 'expect-failing' : ''}
                        value={expectation ?? ''}
                        onChange={(e) => t.tester.setExpectation(url, crawler, (e.target.value || null) as 'allowed' | 'blocked' | null)}
                      >
                        <option value="">—</option>
                        <option value="allowed">{tr('verdict.allowed')}</option>
                        <option value="blocked">{tr('verdict.blocked')}</option>
                      </select>
                    </span>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
      {!result && progress === null && <p className="empty-state">{tr('bulk.empty')}</p>}
    </div>
  );
}
