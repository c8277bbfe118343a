/**
 * The site tree: the inventory's folders as indented bars (allowed / blocked / other) for one
 * crawler, a WAI-ARIA treegrid — arrow keys move, open and close folders; Enter lists a folder's
 * URLs. Which folders are open, and their sub-folders, are the Site slice's; the focus is the view's.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FolderSummary } from '../../../src/robots/site/index.js';
import type { SiteSummary } from '../../../src/worker/index.js';
import { useTester, useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';
import { columnName } from './labels.js';

interface VisibleRow {
  readonly node: FolderSummary;
  readonly level: number;
  readonly parent: string;
  readonly expanded: boolean;
}

/** The tree for `summary`, its counts read in `column`. */
export function SiteTree({ summary, column, setColumn, onFolder }: {
  summary: SiteSummary; column: number; setColumn: (c: number) => void; onFolder: (folder: string) => void;
}) {
  const t = useTester();
  const tr = useT('site');
  const { open, children: kids, failed } = useTesterState((s) => s.siteFolders);
  const expanded = useMemo(() => new Set(open), [open]);
  const [focus, setFocus] = useState('');
  const body = useRef<HTMLTableSectionElement>(null);

  const rows = useMemo(() => {
    const out: VisibleRow[] = [];
    const walk = (nodes: readonly FolderSummary[], level: number, parent: string) => {
      for (const node of nodes) {
        const open = expanded.has(node.folder) && kids.has(node.folder);
        out.push({ node, level, parent, expanded: open });
        if (open) walk(kids.get(node.folder)!, level + 1, node.folder);
      }
    };
    walk(summary.roots, 1, '');
    return out;
  }, [summary.roots, expanded, kids]);

  const focused = rows.some((r) => r.node.folder === focus) ? focus : rows[0]?.node.folder ?? '';
  const focusRow = (folder: string) => {
    setFocus(folder);
    const find = () => body.current?.querySelector<HTMLElement>(`tr[data-folder="${CSS.escape(folder)}"]`);
    // A row on screen takes focus at once; one being drawn, once it is.
    const row = find();
    if (row) row.focus();
    else requestAnimationFrame(() => find()?.focus());
  };
  const expand = (folder: string) => t.site.expand(folder);
  const collapse = (folder: string) => t.tester.siteFolderClosed(folder);
  const onKey = (e: KeyboardEvent, row: VisibleRow, at: number) => {
    let handled = true;
    switch (e.key) {
      case 'ArrowDown': if (rows[at + 1]) focusRow(rows[at + 1]!.node.folder); break;
      case 'ArrowUp': if (rows[at - 1]) focusRow(rows[at - 1]!.node.folder); break;
      case 'Home': if (rows[0]) focusRow(rows[0].node.folder); break;
      case 'End': if (rows.length) focusRow(rows[rows.length - 1]!.node.folder); break;
      case 'ArrowRight':
        if (row.node.children === 0) break;
        if (!row.expanded) expand(row.node.folder);
        else if (rows[at + 1]) focusRow(rows[at + 1]!.node.folder);
        break;
      case 'ArrowLeft':
        if (row.expanded) collapse(row.node.folder);
        else if (row.parent) focusRow(row.parent);
        break;
      case 'Enter': case ' ': onFolder(row.node.folder); break;
      default: handled = false;
    }
    if (handled) e.preventDefault();
  };

  const max = Math.max(1, ...summary.roots.map((r) => r.urls));
  return (
    <section className="site-section" aria-labelledby="site-tree-h">
      <div className="site-head-row">
        <h3 id="site-tree-h">{tr('site.tree')}</h3>
        {summary.columns.length > 1 && (
          <label className="no-print">
            {tr('site.tree-for')}{' '}
            <select data-testid="site-tree-crawler" value={column} onChange={(e) => setColumn(Number(e.target.value))}>
              {summary.columns.map((c, i) => <option key={i} value={i}>{columnName(c)}</option>)}
            </select>
          </label>
        )}
      </div>
      <p className="muted small no-print" id="site-tree-help">{tr('site.tree-help')}</p>
      <table className="site-tree" role="treegrid" aria-labelledby="site-tree-h" aria-describedby="site-tree-help" data-testid="site-tree">
        <tbody ref={body}>
          {rows.map((row, at) => {
            const [allowed, blocked] = row.node.counts[column] ?? [0, 0, 0, 0];
            const other = row.node.urls - allowed - blocked;
            const scale = row.node.urls / max;
            return (
              <tr
                key={row.node.folder}
                role="row"
                aria-level={row.level}
                aria-expanded={row.node.children > 0 ? row.expanded : undefined}
                tabIndex={row.node.folder === focused ? 0 : -1}
                data-folder={row.node.folder}
                data-testid="site-tree-row"
                data-blocked={blocked}
                onFocus={() => setFocus(row.node.folder)}
                onKeyDown={(e) => onKey(e, row, at)}
              >
                <td role="gridcell" className="site-tree-name" style={{ paddingInlineStart: `${(row.level - 1) * 14 + 4}px` }}>
                  <span className="site-tree-cell">
                  <button
                    type="button"
                    className="site-tree-toggle"
                    tabIndex={-1}
                    aria-hidden="true"
                    style={{ visibility: row.node.children > 0 ? 'visible' : 'hidden' }}
                    onClick={() => (row.expanded ? collapse(row.node.folder) : expand(row.node.folder))}
                  >
                    {row.expanded ? '▾' : '▸'}
                  </button>
                  <button type="button" className="link site-tree-label" tabIndex={-1} onClick={() => onFolder(row.node.folder)}>{row.node.label}</button>
                  </span>
                </td>
                <td role="gridcell" className="site-tree-bar-cell">
                  <span className="site-tree-bar" style={{ width: `${Math.max(4, scale * 100)}%` }} aria-hidden="true">
                    <span className="allow-bar" style={{ flexGrow: allowed }} />
                    <span className="block-bar" style={{ flexGrow: blocked }} />
                    <span className="other-bar" style={{ flexGrow: other }} />
                  </span>
                </td>
                <td role="gridcell" className="site-tree-count">{tr('site.tree-row', { urls: row.node.urls, blocked })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {failed !== null && <p className="site-problem" role="alert" data-testid="site-tree-failed">{tr('site.tree-failed', { message: failed })}</p>}
      {summary.treeTruncated && <p className="muted small">{tr('site.tree-truncated')}</p>}
    </section>
  );
}
