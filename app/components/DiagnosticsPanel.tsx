import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { FIX_ALL_CODES, type Diagnostic } from '../../src/robots/index.js';
import { diagnosticsView, type DiagnosticGroup, type DiagnosticsFilter } from '../../src/store/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT, type Translator } from '../i18n/index.js';
import { diagnosticsFilterStore } from '../ui-store.js';

const ICON = { error: '✕', warning: '!', info: 'i' } as const;
/** Lines an open card lists at a time: a kind with thousands of lines never becomes thousands of rows. */
const PAGE = 100;

type Apply = (list: readonly Diagnostic[]) => void;
type Reveal = (line: number) => void;

/**
 * Every line Google ignores or reads differently: one card per kind of finding (with a count and
 * its lines), Google's own problems first, filtered by audience and severity.
 */
export function DiagnosticsPanel() {
  const t = useTester();
  const diagnostics = useTesterState((s) => s.diagnostics);
  const filter = useStore(diagnosticsFilterStore);
  const tr = useT();
  const view = useMemo(() => diagnosticsView(diagnostics ?? [], filter), [diagnostics, filter]);
  if (!diagnostics) return <p className="muted">{tr('common.checking')}</p>;
  if (diagnostics.length === 0) {
    return <p className="empty-state" data-testid="diagnostics">{tr('diagnostics.none')}</p>;
  }
  const apply: Apply = (list) => {
    const n = t.fix(list.map((d) => ({ line: d.line, fix: d.fix!, lineText: d.lineText })));
    if (n < list.length) t.tester.setNotice({ kind: 'warning', message: { id: 'notice.fixes-skipped', args: { count: list.length - n } } });
  };
  const shown = view.groups.reduce((n, g) => n + g.count, 0);
  return (
    <div className="diagnostics-view">
      <FilterBar filter={filter} totals={view.totals} tr={tr} />
      <p className="muted diag-summary" data-testid="diagnostics-summary">
        {tr('diagnostics.summary', { kinds: view.groups.length, count: shown })}
        {view.hidden > 0 && <> · {tr('diagnostics.hidden', { count: view.hidden })}</>}
      </p>
      <ul className="diagnostics" data-testid="diagnostics" aria-label={tr('diagnostics.label')}>
        {view.groups.map((g) => <GroupCard key={g.key} group={g} apply={apply} reveal={t.reveal} tr={tr} />)}
      </ul>
    </div>
  );
}

const SEVERITIES = ['error', 'warning', 'info'] as const;

/** Which findings show: Google's or the other parsers', and which severities; remembered. */
function FilterBar({ filter, totals, tr }: { filter: DiagnosticsFilter; totals: Record<string, number>; tr: Translator }) {
  const toggle = (key: keyof DiagnosticsFilter) => diagnosticsFilterStore.setState({ [key]: !filter[key] });
  const chip = (key: keyof DiagnosticsFilter, label: string, count?: number) => (
    <label key={key} className={`diag-chip${filter[key] ? ' on' : ''}`} data-testid={`diag-filter-${key}`}>
      <input type="checkbox" checked={filter[key]} onChange={() => toggle(key)} />
      {label}{count !== undefined && <span className="diag-chip-count">{count.toLocaleString()}</span>}
    </label>
  );
  return (
    <div className="diag-filter" role="group" aria-label={tr('diagnostics.filter')}>
      <span className="diag-filter-set">
        {chip('google', tr('diagnostics.audience-google'), totals.google)}
        {chip('other', tr('diagnostics.portability'), totals.other)}
      </span>
      <span className="diag-filter-set">
        {SEVERITIES.map((s) => chip(s, tr('diagnostics.severities', { severity: s }), totals[s]))}
      </span>
      {chip('markOther', tr('diagnostics.mark-other'))}
    </div>
  );
}

/** One kind of finding: the finding itself, or its count, a sample and its lines on demand. */
function GroupCard({ group, apply, reveal, tr }: { group: DiagnosticGroup; apply: Apply; reveal: Reveal; tr: Translator }) {
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const d = group.items[0]!;
  const fixable = FIX_ALL_CODES.has(d.code) ? group.items.filter((x) => x.fix) : [];
  const single = group.count === 1;
  const title = tr(`finding.${d.code}.title`, d.args);
  return (
    <li className={`diag diag-${group.severity}`} data-line={d.line} data-code={group.code} data-count={group.count}>
      <span className="diag-icon" aria-label={tr('diagnostics.severity', { severity: group.severity })}>{ICON[group.severity]}</span>
      <div className="diag-body">
        <div>
          {single
            ? <button type="button" className="link" onClick={() => reveal(d.line)}>{tr('common.line', { line: d.line })}</button>
            : <strong className="diag-count" data-testid="diag-count">{tr('diagnostics.lines', { count: group.count })}</strong>}{' '}
          <span className="diag-code">{group.code}</span>
          {group.audience === 'other' && <span className="pill" data-testid="portability">{tr('diagnostics.portability')}</span>}
        </div>
        <div className="diag-title">{title}</div>
        <div className="muted">{tr(`finding.${d.code}.google`, d.args)}</div>
        <div className="diag-hint">{tr(`finding.${d.code}.hint`, d.args)}</div>
        <div className="diag-fixes">
          {single && d.fix && (
            <button type="button" className="btn btn-small" data-testid="fix" onClick={() => apply([d])}>{tr(`fix.${d.fix.labelCode}`, d.fix.labelArgs)}</button>
          )}
          {fixable.length > 1 && (
            <button type="button" className="btn btn-small" data-testid="fix-all" onClick={() => apply(fixable)}>
              {tr('diagnostics.fix-all', { count: fixable.length })}
            </button>
          )}
          {!single && (
            <button type="button" className="btn btn-small" data-testid="show-lines" aria-expanded={open} onClick={() => setOpen(!open)}>
              {tr(open ? 'diagnostics.hide-lines' : 'diagnostics.show-lines')}
            </button>
          )}
        </div>
        {open && (
          <ul className="diag-lines" data-testid="diag-lines">
            {group.items.slice(0, limit).map((x, i) => (
              <li key={`${x.line}:${x.from}:${i}`} className="diag-line" data-line={x.line}>
                <button type="button" className="link" onClick={() => reveal(x.line)}>{tr('common.line', { line: x.line })}</button>{' '}
                <code className="diag-line-text">{x.lineText.trim()}</code>
                {/* The card words the first; a line says its own words only where they differ. */}
                {x !== d && tr(`finding.${x.code}.title`, x.args) !== title && <span className="diag-line-title">{tr(`finding.${x.code}.title`, x.args)}</span>}
                {x.fix && (
                  <button type="button" className="btn btn-small" data-testid="fix" onClick={() => apply([x])}>{tr(`fix.${x.fix.labelCode}`, x.fix.labelArgs)}</button>
                )}
              </li>
            ))}
            {group.items.length > limit && (
              <li>
                <button type="button" className="link" data-testid="diag-more-lines" onClick={() => setLimit(limit + PAGE)}>
                  {tr('diagnostics.show-more', { count: Math.min(PAGE, group.items.length - limit) })}
                </button>
              </li>
            )}
            {group.count > group.items.length && <li className="muted">{tr('diagnostics.more', { count: group.count - group.items.length })}</li>}
          </ul>
        )}
      </div>
    </li>
  );
}
