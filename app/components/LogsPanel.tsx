import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { CRAWLERS, READER_IDS, crawlerById, readerKey, type ReaderId } from '../../src/robots/index.js';
import { ALL_REQUESTS, logView, type LogChart, type LogFilter } from '../../src/robots/logs/index.js';
import {
  isRangesFile, logsSetup, logVersions, ownBlocked, rangesChoice, runReaders, type RangesChoice,
} from '../../src/store/logs/index.js';
import { LogsWorkerClient, type LogsOutcome, type LogsWorkerLike } from '../../src/worker/index.js';
import { download } from '../files.js';
import { useTesterState } from '../context.js';
import { useT, type Translator } from '../i18n/index.js';

/** What the tab holds while the page lives: the files, the choices, the last run (switching tabs keeps them). */
interface LogsTabState {
  readonly logs: readonly File[];
  readonly ranges: readonly RangesChoice[];
  readonly liveSince: string;
  readonly compareSince: string;
  readonly useCompare: boolean;
  readonly reader: ReaderId;
  readonly running: { readonly read: number; readonly total: number; readonly lines: number; readonly started: number } | null;
  readonly result: { readonly outcome: LogsOutcome; readonly ms: number; readonly readers: readonly ReaderId[]; readonly texts: readonly string[] } | null;
  readonly error: string | null;
  readonly filter: LogFilter;
  readonly exported: string | null;
}

const logsStore = createStore<LogsTabState>()(() => ({
  logs: [], ranges: [], liveSince: '', compareSince: '', useCompare: true, reader: 'google',
  running: null, result: null, error: null, filter: ALL_REQUESTS, exported: null,
}));

let client: LogsWorkerClient | null = null;
/** The logs worker, started when the first log is read. */
function logsClient(): LogsWorkerClient {
  client ??= new LogsWorkerClient(new Worker(new URL('../../src/worker/logs.worker.ts', import.meta.url), { type: 'module', name: 'robots-logs' }) as unknown as LogsWorkerLike);
  return client;
}

const MB = (n: number) => (n < 1_048_576 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1_048_576).toFixed(n < 10 * 1_048_576 ? 1 : 0)} MB`);
const utc = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') : '—');
const DAY = 86_400_000;

/** Each version's text as lines (once per run), for the deciding lines of the top paths. */
function linesOf(texts: readonly string[]): string[][] {
  return texts.map((t) => t.split(/\r\n|\r|\n/));
}

/** Requests over time per crawler: one small bar chart each, not blocked and blocked stacked. */
function Chart({ chart, names, tr }: { chart: LogChart; names: ReadonlyMap<string, string>; tr: Translator }) {
  const from = utc(chart.start);
  const to = utc(chart.start + chart.size * chart.buckets);
  const width = chart.buckets * 10;
  return (
    <figure className="logs-chart" data-testid="logs-chart">
      <figcaption>
        <strong>{tr('logs.chart-title')}</strong>
        <span className="logs-legend"><i className="logs-key logs-key-ok" />{tr('logs.chart-allowed')}</span>
        <span className="logs-legend"><i className="logs-key logs-key-blocked" />{tr('logs.chart-blocked')}</span>
      </figcaption>
      {chart.series.map((s) => {
        let total = 0;
        let blocked = 0;
        let max = 1;
        for (const [ok, no] of s.counts) {
          total += ok + no;
          blocked += no;
          max = Math.max(max, ok + no);
        }
        const name = names.get(s.id) ?? s.id;
        return (
          <div className="logs-series" key={s.id} data-testid="logs-series" data-crawler={s.id}>
            <div className="logs-series-name">{name} <span className="muted">{total.toLocaleString()}</span></div>
            <svg viewBox={`0 0 ${width} 40`} preserveAspectRatio="none" role="img" aria-label={tr('logs.chart-label', { crawler: name, total, blocked, from, to })}>
              {s.counts.map(([ok, no], b) => {
                const hOk = (ok / max) * 38;
                const hNo = (no / max) * 38;
                return (
                  <g key={b}>
                    {hOk > 0 && <rect className="logs-bar-ok" x={b * 10 + 1} width={8} y={40 - hOk - hNo} height={hOk} />}
                    {hNo > 0 && <rect className="logs-bar-blocked" x={b * 10 + 1} width={8} y={40 - hNo} height={hNo} />}
                  </g>
                );
              })}
            </svg>
          </div>
        );
      })}
      <div className="logs-axis muted"><span>{from}</span><span>{chart.size >= DAY ? '' : 'UTC'}</span><span>{to}</span></div>
    </figure>
  );
}

/** Server logs read against this robots.txt: who fetched what it forbids, who only claims to be a crawler. */
export function LogsPanel() {
  const tr = useT('logs');
  const s = useStore(logsStore);
  const doc = useTesterState((t) => t.doc);
  const status = useTesterState((t) => t.status);
  const site = useTesterState((t) => t.site);
  const compare = useTesterState((t) => t.compare);
  const logInput = useRef<HTMLInputElement>(null);
  const rangesInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const set = (p: Partial<LogsTabState>) => logsStore.setState(p);

  const run = async (state: LogsTabState = logsStore.getState()) => {
    if (state.logs.length === 0) return;
    const versions = logVersions({ text: doc, status }, state.liveSince, compare, state.compareSince, state.useCompare);
    const setup = logsSetup(versions, state.reader, site, state.ranges);
    const started = performance.now();
    set({ running: { read: 0, total: state.logs.reduce((n, f) => n + f.size, 0), lines: 0, started }, error: null, exported: null });
    try {
      const done = await logsClient().run(state.logs.map((f) => ({ name: f.name, blob: f })), setup, (p) => set({ running: { ...p, started } }));
      if (done) set({ running: null, result: { ...done, readers: setup.readers, texts: versions.map((v) => v.text) }, filter: ALL_REQUESTS });
    } catch (e) {
      set({ running: null, error: (e as Error).message });
    }
  };

  const addFiles = async (files: readonly File[]) => {
    const logs: File[] = [];
    const ranges: RangesChoice[] = [];
    for (const f of files) {
      if (isRangesFile(f.name)) ranges.push(rangesChoice(f.name, await f.text()));
      else logs.push(f);
    }
    const now = logsStore.getState();
    set({ logs: [...now.logs, ...logs], ranges: [...now.ranges, ...ranges] });
    if (logs.length > 0 || (ranges.length > 0 && now.logs.length > 0)) void run();
  };
  const addRanges = async (files: readonly File[]) => {
    const added = await Promise.all(files.map(async (f) => rangesChoice(f.name, await f.text())));
    set({ ranges: [...logsStore.getState().ranges, ...added] });
    if (logsStore.getState().logs.length > 0 && added.some((r) => r.crawlers !== null)) void run();
  };
  const setRanges = (ranges: RangesChoice[]) => {
    set({ ranges });
    void run();
  };
  const choose = (p: Partial<LogsTabState>) => {
    set(p);
    void run();
  };

  useEffect(() => () => {
    // Leaving the tab stops a run; its files and choices stay for when the tab opens again.
    if (logsStore.getState().running) {
      client?.cancel();
      set({ running: null });
    }
  }, []);

  const view = useMemo(() => (s.result ? logView(s.result.outcome.tally, s.filter) : null), [s.result, s.filter]);
  const all = useMemo(() => (s.result ? logView(s.result.outcome.tally, ALL_REQUESTS, 0).rows : []), [s.result]);
  const names = useMemo(() => new Map(all.map((r) => [r.id, r.name])), [all]);
  const versionLines = useMemo(() => linesOf(s.result?.texts ?? []), [s.result]);
  const disobeying = useMemo(() => all.filter((r) => !r.ignoresRobotsTxt && r.blocked > 0).length, [all]);
  const totalBytes = s.logs.reduce((n, f) => n + f.size, 0);
  const readers = s.result?.readers ?? runReaders(s.reader);
  const showOwn = view?.rows.some((r) => ownBlocked(r, readers) !== null) ?? false;
  const rowName = (r: { id: string; name: string; named: boolean }) => (r.named ? crawlerById(r.id)?.tokens[0] ?? r.name : r.name);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    void addFiles([...e.dataTransfer.files]);
  };

  return (
    <div className="logs" data-testid="logs-panel">
      <p className="muted">{tr('logs.intro')}</p>
      <div
        className={`logs-drop${dragging ? ' dragging' : ''}`}
        data-testid="logs-drop"
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            e.stopPropagation();
            setDragging(true);
          }
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <button type="button" className="btn" data-testid="logs-choose" onClick={() => logInput.current?.click()}>{tr('logs.choose')}</button>
        <span className="muted">{tr('logs.drop')}</span>
        <input ref={logInput} type="file" multiple hidden data-testid="logs-file" onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void addFiles(files);
        }} />
      </div>
      {s.logs.length > 0 && (
        <div className="logs-files" data-testid="logs-files">
          <span>{tr('logs.files', { count: s.logs.length, size: MB(totalBytes) })}</span>
          <span className="logs-file-names muted">{s.logs.map((f) => f.name).join(', ')}</span>
          <button type="button" className="link" data-testid="logs-clear" onClick={() => {
            client?.cancel();
            set({ logs: [], result: null, running: null, error: null, exported: null, filter: ALL_REQUESTS });
          }}>{tr('logs.clear')}</button>
        </div>
      )}

      <details className="logs-setup" open>
        <summary>{tr('logs.ranges-title')}</summary>
        <p className="muted">{tr('logs.ranges-help')}</p>
        <button type="button" className="btn btn-small" data-testid="logs-ranges-choose" onClick={() => rangesInput.current?.click()}>{tr('logs.ranges-choose')}</button>
        <input ref={rangesInput} type="file" multiple accept=".json,application/json" hidden data-testid="logs-ranges-file" onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void addRanges(files);
        }} />
        {s.ranges.length > 0 && (
          <ul className="logs-ranges" data-testid="logs-ranges">
            {s.ranges.map((r, i) => (
              <li key={`${r.name}-${i}`} className={r.error ? 'error' : ''}>
                {r.error ? <span role="alert">{tr('logs.file-error', { name: r.name, message: r.error })}</span> : <span>{tr('logs.ranges-file', { name: r.name, count: r.prefixes })}</span>}
                {!r.error && r.crawlers === null && (
                  <label className="logs-ranges-for">
                    <span>{tr('logs.ranges-for', { name: r.name })}</span>
                    <select className="field-input" data-testid="logs-ranges-crawler" value="" onChange={(e) => {
                      const next = [...s.ranges];
                      next[i] = rangesChoice(r.name, r.text, e.target.value);
                      setRanges(next);
                    }}>
                      <option value="" disabled>{tr('logs.ranges-pick')}</option>
                      {CRAWLERS.filter((c) => !c.controlToken).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                    </select>
                  </label>
                )}
                {!r.error && r.crawlers !== null && <span className="muted">{r.crawlers.map((id) => crawlerById(id)?.tokens[0] ?? id).join(', ')}</span>}
                <button type="button" className="link" aria-label={tr('logs.ranges-remove', { name: r.name })} onClick={() => setRanges(s.ranges.filter((_, k) => k !== i))}>×</button>
              </li>
            ))}
          </ul>
        )}
      </details>

      <details className="logs-setup">
        <summary>{tr('logs.versions-title')}</summary>
        <p className="muted">{tr('logs.versions-help')}</p>
        <label className="logs-date">
          <span>{tr('logs.live-since')}</span>
          <input type="date" className="field-input" data-testid="logs-live-since" value={s.liveSince} onChange={(e) => choose({ liveSince: e.target.value })} />
        </label>
        {compare === null ? <p className="muted">{tr('logs.compare-none')}</p> : (
          <label className="logs-date">
            <input type="checkbox" checked={s.useCompare} data-testid="logs-use-compare" onChange={(e) => choose({ useCompare: e.target.checked })} />
            <span>{tr('logs.compare-use')}</span>
            <input type="date" className="field-input" data-testid="logs-compare-since" value={s.compareSince} onChange={(e) => choose({ compareSince: e.target.value })} />
          </label>
        )}
        <label className="logs-date">
          <span>{tr('logs.reader')}</span>
          <select className="field-input" data-testid="logs-reader" value={s.reader} onChange={(e) => choose({ reader: e.target.value as ReaderId })}>
            {READER_IDS.map((id) => <option key={id} value={id}>{tr('reader.name', { reader: readerKey(id) })}</option>)}
          </select>
        </label>
        <p className="muted">{tr('logs.own-help')}</p>
      </details>

      <div className="logs-actions">
        <button type="button" className="btn" data-testid="logs-run" disabled={s.logs.length === 0 || s.running !== null} onClick={() => void run()}>{tr('logs.run')}</button>
        {s.running && <button type="button" className="btn" data-testid="logs-cancel" onClick={() => {
          client?.cancel();
          set({ running: null });
        }}>{tr('logs.cancel')}</button>}
      </div>
      {s.running && (() => {
        const seconds = Math.max((performance.now() - s.running.started) / 1000, 0.001);
        return (
          <div className="logs-progress" data-testid="logs-progress">
            <div className="progress" role="progressbar" aria-label={tr('logs.progress-label')} aria-valuemin={0} aria-valuemax={s.running.total} aria-valuenow={s.running.read}>
              <div className="progress-bar" style={{ width: `${s.running.total ? (100 * s.running.read) / s.running.total : 0}%` }} />
            </div>
            <span className="muted">{tr('logs.progress', { read: MB(s.running.read), total: MB(s.running.total), lines: s.running.lines, rate: Math.round(s.running.lines / seconds) })}</span>
          </div>
        );
      })()}
      {s.error && <p className="logs-error" role="alert" data-testid="logs-error">{tr('logs.error', { message: s.error })}</p>}
      {s.logs.length === 0 && !s.result && <p className="muted">{tr('logs.empty')}</p>}

      {s.result && view && (
        <section className="logs-results" aria-label={tr('logs.results')} data-testid="logs-results">
          <p data-testid="logs-summary">{tr('logs.summary', { lines: s.result.outcome.tally.lines, seconds: (s.result.ms / 1000).toFixed(1), unparsed: s.result.outcome.tally.unparsed })}</p>
          <ul className="logs-file-list">
            {s.result.outcome.files.map((f, i) => (
              <li key={`${f.name}-${i}`} data-testid="logs-file-outcome" className={f.error ? 'error' : ''}>
                {f.error ? <span role="alert">{tr('logs.file-error', { name: f.name, message: f.error })}</span> : tr('logs.file', { name: f.name, format: f.format, lines: f.lines })}
                {f.samples.length > 0 && (
                  <details>
                    <summary>{tr('logs.unread-title')}</summary>
                    <ul className="logs-unread">{f.samples.map((u) => <li key={u.line}><code>{tr('logs.unread', { line: u.line, text: u.text })}</code></li>)}</ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
          {all.length > 0 && (
            <p className={`logs-verdict ${disobeying > 0 ? 'some' : 'none'}`} data-testid="logs-verdict">
              {disobeying > 0 ? tr('logs.verdict-some', { count: disobeying }) : tr('logs.verdict-none')}
            </p>
          )}
          {all.length === 0 ? <p className="muted">{tr('logs.none')}</p> : (
            <>
              <div className="logs-filters">
                <label>
                  <span>{tr('logs.filter-crawler')}</span>
                  <select className="field-input" data-testid="logs-filter-crawler" value={s.filter.crawler ?? ''} onChange={(e) => set({ filter: { ...s.filter, crawler: e.target.value || null } })}>
                    <option value="">{tr('logs.filter-all')}</option>
                    {all.map((r) => <option key={r.id} value={r.id}>{rowName(r)}</option>)}
                  </select>
                </label>
                <label><input type="checkbox" data-testid="logs-filter-disobeying" checked={s.filter.disobeying} onChange={(e) => set({ filter: { ...s.filter, disobeying: e.target.checked } })} />{tr('logs.filter-disobeying')}</label>
                <label><input type="checkbox" data-testid="logs-filter-spoofed" checked={s.filter.spoofed} onChange={(e) => set({ filter: { ...s.filter, spoofed: e.target.checked } })} />{tr('logs.filter-spoofed')}</label>
                <button type="button" className="btn btn-small" data-testid="logs-export" onClick={async () => {
                  set({ exported: tr('logs.exporting') });
                  try {
                    const out = await logsClient().csv(logsStore.getState().filter);
                    if (!out) return;
                    download('robots-logs.csv', out.csv, 'text/csv;charset=utf-8');
                    set({ exported: tr('logs.exported', { rows: out.rows }) });
                  } catch (e) {
                    set({ exported: null, error: (e as Error).message });
                  }
                }}>{tr('logs.export')}</button>
                {s.exported && <span className="muted" role="status" data-testid="logs-exported">{s.exported}</span>}
              </div>
              {view.rows.length === 0 ? <p className="muted" data-testid="logs-none-filtered">{tr('logs.none-filtered')}</p> : (
                // Focusable so the keyboard can scroll a table wider than the panel.
                <div className="table-scroll" tabIndex={0} role="region" aria-label={tr('logs.results')}>
                  <table className="logs-table" data-testid="logs-table">
                    <thead>
                      <tr>
                        <th scope="col">{tr('logs.col-crawler')}</th>
                        <th scope="col" className="num">{tr('logs.col-requests')}</th>
                        <th scope="col" className="num">{tr('logs.col-blocked')}</th>
                        {showOwn && <th scope="col" className="num">{tr('logs.col-own')}</th>}
                        <th scope="col" className="num">{tr('logs.col-verified')}</th>
                        <th scope="col" className="num">{tr('logs.col-spoofed')}</th>
                        <th scope="col" className="num">{tr('logs.col-unverified')}</th>
                        <th scope="col" className="num">{tr('logs.col-robots')}</th>
                        <th scope="col">{tr('logs.col-first')}</th>
                        <th scope="col">{tr('logs.col-last')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {view.rows.map((r) => {
                        const own = ownBlocked(r, readers);
                        return (
                          <tr key={r.id} data-testid="logs-row" data-crawler={r.id} className={!r.ignoresRobotsTxt && r.blocked > 0 ? 'disobeying' : ''}>
                            <th scope="row">
                              {rowName(r)}
                              {!r.named && <span className="logs-tag">{tr('logs.unnamed')}</span>}
                              {r.ignoresRobotsTxt && <span className="logs-tag">{tr('logs.ignores')}</span>}
                            </th>
                            <td className="num" data-col="requests">{r.requests.toLocaleString()}</td>
                            <td className="num" data-col="blocked">{r.blocked.toLocaleString()}</td>
                            {showOwn && <td className="num" data-col="own">{own === null ? '—' : own.toLocaleString()}</td>}
                            <td className="num" data-col="verified">{r.verified.toLocaleString()}</td>
                            <td className="num" data-col="spoofed">{r.spoofed.toLocaleString()}</td>
                            <td className="num" data-col="unverified">{r.unverified.toLocaleString()}</td>
                            <td className="num" data-col="robots">{r.robotsFetches.toLocaleString()}</td>
                            <td className="time">{utc(r.firstSeen)}</td>
                            <td className="time">{utc(r.lastSeen)}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
              {view.chart && <Chart chart={view.chart} names={new Map(view.rows.map((r) => [r.id, rowName(r)]))} tr={tr} />}
              {view.top.length > 0 && (
                <div className="logs-top">
                  <h3>{tr('logs.top-title')}</h3>
                  <div className="table-scroll" tabIndex={0} role="region" aria-label={tr('logs.top-title')}>
                    <table className="logs-table" data-testid="logs-top">
                      <thead>
                        <tr>
                          <th scope="col">{tr('logs.col-crawler')}</th>
                          <th scope="col">{tr('logs.col-path')}</th>
                          <th scope="col">{tr('logs.col-line')}</th>
                          <th scope="col" className="num">{tr('logs.col-requests')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {view.top.map((t) => (
                          <tr key={`${t.crawler}\u0000${t.version}\u0000${t.path}`}>
                            <td>{names.get(t.crawler) ? rowName(all.find((r) => r.id === t.crawler)!) : t.crawler}</td>
                            <td><code className="logs-path">{t.path}</code></td>
                            <td>
                              {t.version === 0 ? tr('logs.top-line', { line: t.line }) : tr('logs.top-version', { line: t.line })}
                              {t.line > 0 && <code className="logs-line">{versionLines[t.version]?.[t.line - 1]?.trim() ?? ''}</code>}
                            </td>
                            <td className="num">{tr('logs.top-count', { count: t.count })}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </div>
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}
