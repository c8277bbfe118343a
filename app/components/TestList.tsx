import { useRef, useState, type KeyboardEvent } from 'react';
import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';
import type { TestRow } from '../../src/store/index.js';
import type { VerdictData } from '../../src/worker/index.js';
import { CrawlerCombo, pickedSpec, profileInputText } from './CrawlerPicker.js';
import { MiddleCut } from './MiddleCut.js';

/** A verdict's symbol, where the grid has no room for its word. */
const SYMBOL: Readonly<Record<string, string>> = { pending: '…', invalid: '?', 'out-of-scope': '↷', allowed: '✓', disallowed: '✕' };

/** A verdict's state as the grid and its styles name it. */
function stateOf(v: VerdictData | undefined): string {
  return !v ? 'pending' : v.problem ? 'invalid' : !v.inScope ? 'out-of-scope' : v.allowed ? 'allowed' : 'disallowed';
}

/**
 * Rows shown at first and added by each "show more": a link may carry 10,000 tests, and a row for
 * each would hold the page for seconds on every verdict. The grid counts a URL as a row.
 */
const ROWS_PER_STEP = 100;

/** More crawlers than this and the tests are listed one per row: a grid that wide shows mostly empty cells. */
const GRID_MAX_CRAWLERS = 8;

/** The crawlers under test, each once, in the order first tested. */
function crawlersOf(tests: readonly TestRow[]): TestRow[] {
  const seen = new Set<string>();
  const out: TestRow[] = [];
  for (const r of tests) {
    if (seen.has(r.crawlerText)) continue;
    seen.add(r.crawlerText);
    out.push(r);
    // Past the grid's width the count no longer matters.
    if (out.length > GRID_MAX_CRAWLERS) break;
  }
  return out;
}

/** The tests when there are several: a URL × crawler grid, or one per row when the crawlers are too many for one. */
export function TestList() {
  const tests = useTesterState((s) => s.tests);
  if (tests.length < 2) return null;
  return crawlersOf(tests).length > GRID_MAX_CRAWLERS ? <TestRows /> : <TestGrid />;
}

/** The tests as a URL × crawler grid of verdicts: a cell opens its Why; an empty cell adds that test. */
function TestGrid() {
  const t = useTester();
  const tests = useTesterState((s) => s.tests);
  const active = useTesterState((s) => s.active);
  const verdicts = useTesterState((s) => s.shown?.verdicts);
  const tr = useT();
  const grid = useRef<HTMLTableElement>(null);
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const allUrls = [...new Set(tests.map((r) => r.url))];
  // The first rows, and the active test's wherever it is.
  const activeUrl = tests[active]!.url;
  const urls = allUrls.length <= shown ? allUrls : [...allUrls.slice(0, shown), ...(allUrls.indexOf(activeUrl) >= shown ? [activeUrl] : [])];
  const crawlers = crawlersOf(tests);
  const cell = new Map<string, number>();
  tests.forEach((r, i) => {
    const key = `${r.url}\u0000${r.crawlerText}`;
    // The same URL and crawler twice: the active one is the one shown.
    if (!cell.has(key) || i === active) cell.set(key, i);
  });
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
  const shownUrls = new Set(urls);
  const hidden = tests.filter((x) => !shownUrls.has(x.url)).length;
  const open = (i: number) => {
    t.tester.selectTest(i);
    // The Why of the cell is under the grid: bring it into view without taking the focus from the grid.
    requestAnimationFrame(() => document.querySelector('[data-testid="verdict"]')?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <div className="test-grid-wrap">
      <table className="test-grid" data-testid="test-grid" ref={grid} onKeyDown={onKey}>
        <caption className="sr-only">{tr('test.list')}</caption>
        <thead>
          <tr>
            <th scope="col" className="test-grid-corner">{tr('test.url')}</th>
            {crawlers.map((c) => (
              <th scope="col" key={c.crawlerText}>
                <span className="test-grid-head">
                  <span className="test-grid-crawler" data-testid="test-grid-crawler" title={c.crawlerText}>{c.crawlerText || tr('test.no-crawler')}</span>
                  {crawlers.length > 1 && (
                    <button type="button" className="test-remove" aria-label={tr('test.remove-item', { item: c.crawlerText || tr('test.no-crawler') })}
                      onClick={() => t.tester.removeTests((x) => x.crawlerText === c.crawlerText)}>×</button>
                  )}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {urls.map((url, r) => (
            <tr key={url} data-testid="test-row" className={url === activeUrl ? 'active' : undefined}>
              <th scope="row" className="test-grid-url">
                <span className="test-grid-head">
                  <MiddleCut text={url || tr('test.no-url')} keep={24} />
                  {urls.length > 1 && (
                    <button type="button" className="test-remove" aria-label={tr('test.remove-item', { item: url || tr('test.no-url') })}
                      onClick={() => t.tester.removeTests((x) => x.url === url)}>×</button>
                  )}
                </span>
              </th>
              {crawlers.map((c, k) => {
                const i = cell.get(`${url}\u0000${c.crawlerText}`);
                if (i === undefined) {
                  return (
                    <td key={c.crawlerText}>
                      <button type="button" className="test-cell test-cell-add" data-cell={`${r},${k}`} data-testid="test-cell-add"
                        aria-label={tr('test.add-cell', { crawler: c.crawlerText, url })}
                        title={tr('test.add-cell', { crawler: c.crawlerText, url })}
                        onClick={() => t.tester.addCell(url, c.crawlerText, c.crawler)}>+</button>
                    </td>
                  );
                }
                const v = verdicts?.length === tests.length ? verdicts[i] : undefined;
                const state = stateOf(v);
                const word = tr('test.state', { state: state.replace(/-/g, '_') });
                // Three crawlers or more: a symbol in the cell (the word is its name and title), so the URLs keep their room.
                const compact = crawlers.length >= 3;
                return (
                  <td key={c.crawlerText}>
                    <button type="button" className={`test-cell${i === active ? ' active' : ''}`} data-cell={`${r},${k}`} data-testid="test-cell"
                      data-verdict={state} aria-pressed={i === active}
                      aria-label={tr('test.cell', { crawler: c.crawlerText || tr('test.no-crawler'), url: url || tr('test.no-url'), state: word })}
                      title={compact ? word : undefined}
                      onClick={() => open(i)}>
                      <span className={`dot dot-${state}`} aria-hidden="true" />
                      <span className="test-verdict" aria-hidden={compact || undefined}>{compact ? SYMBOL[state] : word}</span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 && (
        <button type="button" className="test-more" data-testid="test-more" onClick={() => setShown(shown + ROWS_PER_STEP)}>
          {tr('test.more', { shown: Math.min(ROWS_PER_STEP, allUrls.length - urls.length), hidden })}
        </button>
      )}
    </div>
  );
}

/** The tests one per row (pick one, remove one): for cases with more crawlers than a grid can show. */
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
        const state = !v ? 'pending' : v.problem ? 'invalid' : !v.inScope ? 'out-of-scope' : v.allowed ? 'allowed' : 'disallowed';
        return (
          <li key={i} className={`test-row${i === active ? ' active' : ''}`} data-testid="test-row" data-verdict={state}>
            <button type="button" className="test-pick" aria-current={i === active} onClick={() => t.tester.selectTest(i)}>
              <span className={`dot dot-${state}`} aria-hidden="true" />
              <span className="test-url">{row.url || tr('test.no-url')}</span>
              <span className="test-ua">{row.crawlerText}</span>
              <span className="test-verdict">{tr('test.state', { state: state.replace(/-/g, '_') })}</span>
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

/** "+ Add crawler": a crawler to test every URL with (a new column of the grid). */
export function AddCrawler() {
  const t = useTester();
  const tr = useT();
  const [text, setText] = useState<string | null>(null);
  if (text === null) {
    return (
      <button type="button" className="link" data-testid="add-crawler" onClick={() => setText('')}>
        {tr('test.add-crawler')}
      </button>
    );
  }
  const done = () => {
    setText(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.test-cell.active')?.focus());
  };
  const addText = () => {
    const value = text.trim();
    if (!value) return setText(null);
    t.tester.addCrawler(value, { kind: 'text', value });
    done();
  };
  return (
    <div className="add-crawler" data-testid="add-crawler-form" onKeyDown={(e) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        setText(null);
      }
    }}>
      <CrawlerCombo
        id="add-crawler-input"
        testId="add-crawler-input"
        label={tr('test.add-crawler-label')}
        // Opened to type a crawler's name at once.
        autoFocus
        text={text}
        onText={setText}
        onPick={(p) => {
          t.tester.addCrawler(profileInputText(p), pickedSpec(p));
          done();
        }}
        onEnter={addText}
      />
      <button type="button" className="btn btn-small" onClick={addText}>{tr('test.add-crawler-submit')}</button>
    </div>
  );
}
