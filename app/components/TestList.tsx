import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { decidingRule, matrixView, type TestRow } from '../../src/store/index.js';
import type { VerdictData } from '../../src/worker/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT, type Translator } from '../i18n/index.js';
import './test-matrix.css';

/** A verdict's state as the matrix and its styles name it. */
function stateOf(v: VerdictData | undefined): string {
  return !v ? 'pending' : v.problem ? 'invalid' : !v.inScope ? 'out-of-scope' : v.allowed ? 'allowed' : 'disallowed';
}

/** A verdict's state in words: every cell says its verdict, not a symbol. */
const stateWord = (tr: Translator, state: string) => tr('test.state', { state: state.replace(/-/g, '_') });

/** What decided a cell: its rule's line, or why no rule did ('' while it is checked, or when it cannot be tested). */
function decidedBy(tr: Translator, v: VerdictData | undefined): string {
  if (!v || v.problem || !v.inScope) return '';
  const rule = decidingRule(v);
  if (rule) return tr('matrix.rule', { line: rule.line, rule: rule.text });
  return tr('matrix.no-rule', { reason: v.fetch ? 'fetch' : v.reason.replace(/-/g, '_') });
}

/**
 * Rows shown at first and added by each "show more": a link may carry 10,000 tests, and a row for
 * each would hold the page for seconds on every verdict. The matrix counts a URL as a row.
 */
const ROWS_PER_STEP = 100;

/** More crawlers than this and the tests are listed one per row: a matrix that wide leaves each cell no room for its word. */
const GRID_MAX_CRAWLERS = 8;

/** The tests when there are several: a URL × crawler matrix, or one per row (a list of pairs, or crawlers too many for a matrix). */
export default function TestList() {
  const columns = useTesterState((s) => s.columns);
  useT('more');
  return columns > 0 && columns <= GRID_MAX_CRAWLERS ? <TestMatrix /> : <TestRows />;
}

/** What the line under the matrix says: the cell hovered or focused, else the active one. */
type Pointed = number | null;

/**
 * Every URL × every crawler, each cell its verdict in words: a click or Enter opens its Why, the
 * arrow keys move between cells, the line under the matrix says what decided the cell pointed at.
 * The host the URLs share is said once; each row shows its path and query, whole on hover and focus.
 */
function TestMatrix() {
  const t = useTester();
  const tests = useTesterState((s) => s.tests);
  const columns = useTesterState((s) => s.columns);
  const active = useTesterState((s) => s.active);
  const verdicts = useTesterState((s) => (s.shown?.verdicts.length === s.tests.length ? s.shown.verdicts : undefined));
  const differ = useTesterState((s) => (s.readersOpen && s.readers?.result.differ.length === s.tests.length ? s.readers.result.differ : undefined));
  // The counts stay shown while the next ones are asked for (after a pause in typing), dimmed.
  const readersStale = useTesterState((s) => s.readers?.result.revision !== s.revision);
  const tr = useT();
  const grid = useRef<HTMLTableElement>(null);
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const [pointed, setPointed] = useState<Pointed>(null);
  const view = matrixView(tests, columns);
  const activeRow = Math.floor(active / columns);
  // The first rows, and the active test's wherever it is.
  const rows = view.rows.map((_, r) => r).filter((r) => r < shown || r === activeRow);
  const hidden = view.rows.length - rows.length;
  const onKey = (e: KeyboardEvent<HTMLTableElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!from) return;
    const [r, c] = from.dataset['cell']!.split(',').map(Number) as [number, number];
    const to = e.key === 'ArrowRight' ? [r, c + 1] : e.key === 'ArrowLeft' ? [r, c - 1] : e.key === 'ArrowDown' ? [r + 1, c] : e.key === 'ArrowUp' ? [r - 1, c] : null;
    if (!to) return;
    const next = grid.current?.querySelector<HTMLElement>(`[data-cell="${to[0]},${to[1]}"]`);
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  const open = useCallback((i: number) => {
    t.tester.selectTest(i);
    // The Why of the cell is under the matrix: bring it into view without taking the focus from the matrix.
    requestAnimationFrame(() => document.querySelector('[data-testid="verdict"]')?.scrollIntoView({ block: 'nearest' }));
  }, [t]);
  const noCrawler = tr('test.no-crawler');
  const about = pointed ?? active;
  return (
    <div className="test-grid-wrap" data-testid="test-matrix" data-columns={columns}>
      <table className="test-grid" data-testid="test-grid" ref={grid} onKeyDown={onKey} onMouseLeave={() => setPointed(null)}>
        <caption className="sr-only">{tr('test.list')}</caption>
        <thead>
          <tr>
            <th scope="col" className="test-grid-corner" data-testid="test-grid-origin">
              {view.origin ? <span className="test-grid-origin" title={view.origin}>{tr('matrix.paths-on', { origin: view.origin })}</span> : tr('test.url')}
            </th>
            {view.crawlers.map((c, k) => (
              <th scope="col" key={k} className="test-grid-col">
                <span className="test-grid-head">
                  <span className="test-grid-crawler" data-testid="test-grid-crawler" title={c.crawlerText}>{c.crawlerText || noCrawler}</span>
                  {columns > 1 && (
                    <button type="button" className="test-remove" aria-label={tr('test.remove-item', { item: c.crawlerText || noCrawler })}
                      onClick={() => t.tester.removeColumn(k)}>×</button>
                  )}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <MatrixRow
              key={r} row={r} url={view.rows[r]!.url} label={view.rows[r]!.label} crawlers={view.crawlers} columns={columns} removable={view.rows.length > 1}
              active={active} verdicts={verdicts} differ={differ} readersStale={readersStale} onOpen={open} onPoint={setPointed}
            />
          ))}
        </tbody>
      </table>
      <PointedLine test={tests[about]} v={verdicts?.[about]} differ={differ?.[about]} />
      {hidden > 0 && (
        <button type="button" className="test-more" data-testid="test-more" onClick={() => setShown(shown + ROWS_PER_STEP)}>
          {tr('test.more', { shown: Math.min(ROWS_PER_STEP, hidden), hidden: hidden * columns })}
        </button>
      )}
    </div>
  );
}

interface MatrixRowProps {
  readonly row: number;
  readonly url: string;
  readonly label: string;
  readonly crawlers: readonly TestRow[];
  readonly columns: number;
  readonly removable: boolean;
  readonly active: number;
  readonly verdicts: readonly VerdictData[] | undefined;
  readonly differ: readonly number[] | undefined;
  readonly readersStale: boolean;
  readonly onOpen: (i: number) => void;
  readonly onPoint: (i: Pointed) => void;
}

/** Whether a row shows the same as before: its own cells' verdicts and readers' counts, not the whole matrix's. */
function sameRow(a: MatrixRowProps, b: MatrixRowProps): boolean {
  const from = a.row * a.columns;
  const inRow = (i: number) => i >= from && i < from + a.columns;
  for (let i = from; i < from + a.columns; i++) if (a.verdicts?.[i] !== b.verdicts?.[i] || a.differ?.[i] !== b.differ?.[i]) return false;
  return a.row === b.row && a.url === b.url && a.label === b.label && a.columns === b.columns && a.removable === b.removable && a.readersStale === b.readersStale &&
    (a.active === b.active || (!inRow(a.active) && !inRow(b.active))) && a.crawlers.every((c, k) => c === b.crawlers[k]) && a.onOpen === b.onOpen;
}

/** One URL's row: its label (whole on hover and focus, a click selects the row) and its cell for each crawler. */
const MatrixRow = memo(function MatrixRow({ row, url, label, crawlers, columns, removable, active, verdicts, differ, readersStale, onOpen, onPoint }: MatrixRowProps) {
  const t = useTester();
  const tr = useT();
  const shownUrl = url || tr('test.no-url');
  const activeRow = Math.floor(active / columns) === row;
  return (
    <tr data-testid="test-row" className={activeRow ? 'active' : undefined}>
      <th scope="row" className="test-grid-url">
        <span className="test-grid-head">
          <button type="button" className="test-grid-url-label" data-testid="test-row-url" title={url} aria-label={shownUrl}
            onClick={() => onOpen(row * columns + (t.tester.store.getState().active % columns))}>
            <bdi>{url ? label : shownUrl}</bdi>
          </button>
          {removable && (
            <button type="button" className="test-remove" aria-label={tr('test.remove-item', { item: shownUrl })} onClick={() => t.tester.removeRow(row)}>×</button>
          )}
        </span>
      </th>
      {crawlers.map((c, k) => {
        const i = row * columns + k;
        const v = verdicts?.[i];
        const state = stateOf(v);
        const word = stateWord(tr, state);
        const decided = decidedBy(tr, v);
        const others = differ?.[i] ?? 0;
        const crawler = c.crawlerText || tr('test.no-crawler');
        return (
          <td key={k}>
            <button
              type="button" className={`test-cell${i === active ? ' active' : ''}`} data-cell={`${row},${k}`} data-testid="test-cell" data-verdict={state}
              data-line={v && !v.problem && v.inScope ? v.line : undefined} aria-pressed={i === active}
              aria-label={[tr('test.cell', { crawler, url: shownUrl, state: word }), decided, others > 0 ? tr('matrix.readers-differ', { count: others }) : ''].filter(Boolean).join('. ')}
              title={decided || undefined}
              onClick={() => onOpen(i)} onFocus={() => onPoint(i)} onBlur={() => onPoint(null)} onMouseEnter={() => onPoint(i)}
            >
              <span className="test-cell-crawler" aria-hidden="true">{crawler}</span>
              <span className="test-cell-verdict" aria-hidden="true">
                <span className={`dot dot-${state}`} />
                <span className="test-verdict">{word}</span>
                {others > 0 && <span className={`test-cell-readers${readersStale ? ' stale' : ''}`} data-testid="test-cell-readers">≠{tr.number(others)}</span>}
              </span>
            </button>
          </td>
        );
      })}
    </tr>
  );
}, sameRow);

/** The line under the matrix: the cell pointed at (or the active one), its verdict and what decided it. */
function PointedLine({ test, v, differ }: { test: TestRow | undefined; v: VerdictData | undefined; differ: number | undefined }) {
  const tr = useT();
  if (!test) return null;
  const decided = decidedBy(tr, v);
  return (
    <p className="test-grid-pointed" data-testid="test-grid-pointed" aria-hidden="true">
      <span className="test-grid-pointed-what">{test.crawlerText || tr('test.no-crawler')} · <bdi>{test.url || tr('test.no-url')}</bdi></span>{' '}
      <strong className={`test-grid-pointed-verdict verdict-${stateOf(v)}`}>{stateWord(tr, stateOf(v))}</strong>
      {decided && <> · <code>{decided}</code></>}
      {differ ? <> · {tr('matrix.readers-differ', { count: differ })}</> : null}
    </p>
  );
}

/** The tests one per row (pick one, remove one): a list of pairs, or crawlers too many for a matrix. */
function TestRows() {
  const t = useTester();
  const tests = useTesterState((s) => s.tests);
  const active = useTesterState((s) => s.active);
  const verdicts = useTesterState((s) => s.shown?.verdicts);
  const tr = useT();
  const [shown, setShown] = useState(ROWS_PER_STEP);
  // The first rows, and the active test wherever it is.
  const rows = tests.length <= shown ? tests.map((_, i) => i) : [...Array.from({ length: shown }, (_, i) => i), ...(active >= shown ? [active] : [])];
  const hidden = tests.length - rows.length;
  return (
    <ul className="test-list" data-testid="test-list" aria-label={tr('test.list')}>
      {rows.map((i) => {
        const row = tests[i]!;
        const v = verdicts?.length === tests.length ? verdicts[i] : undefined;
        const state = stateOf(v);
        const decided = decidedBy(tr, v);
        return (
          <li key={i} className={`test-row${i === active ? ' active' : ''}`} data-testid="test-row" data-verdict={state}>
            <button type="button" className="test-pick" aria-current={i === active} title={decided || undefined} onClick={() => t.tester.selectTest(i)}>
              <span className={`dot dot-${state}`} aria-hidden="true" />
              <span className="test-url">{row.url || tr('test.no-url')}</span>
              <span className="test-ua">{row.crawlerText}</span>
              <span className="test-verdict">{stateWord(tr, state)}</span>
            </button>
            <button type="button" className="test-remove" aria-label={tr('test.remove', { n: i + 1 })} onClick={() => t.tester.removeTest(i)}>
              ×
            </button>
          </li>
        );
      })}
      {hidden > 0 && (
        <li className="test-row">
          <button type="button" className="test-more" data-testid="test-more" onClick={() => setShown(shown + ROWS_PER_STEP)}>
            {tr('test.more', { shown: Math.min(ROWS_PER_STEP, hidden), hidden })}
          </button>
        </li>
      )}
    </ul>
  );
}
