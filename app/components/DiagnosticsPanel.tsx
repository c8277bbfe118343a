import { useMemo } from 'react';
import { FIX_ALL_CODES, PORTABILITY_CODES, type Diagnostic } from '../../src/robots/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

const ICON = { error: '✕', warning: '!', info: 'i' } as const;

/** Every line Google ignores or reads differently, with severity, what Google does, a hint and a repair. */
export function DiagnosticsPanel() {
  const t = useTester();
  const diagnostics = useTesterState((s) => s.diagnostics);
  const tr = useT();
  // Repairs that can all be applied together, by code.
  const fixable = useMemo(() => {
    const by = new Map<string, Diagnostic[]>();
    for (const d of diagnostics ?? []) {
      if (!d.fix || !FIX_ALL_CODES.has(d.code)) continue;
      by.set(d.code, [...(by.get(d.code) ?? []), d]);
    }
    return by;
  }, [diagnostics]);
  if (!diagnostics) return <p className="muted">{tr('common.checking')}</p>;
  if (diagnostics.length === 0) {
    return <p className="empty-state" data-testid="diagnostics">{tr('diagnostics.none')}</p>;
  }
  const apply = (list: readonly Diagnostic[]) => {
    const n = t.fix(list.map((d) => ({ line: d.line, fix: d.fix!, lineText: d.lineText })));
    if (n < list.length) t.tester.setNotice({ kind: 'warning', message: { id: 'notice.fixes-skipped', args: { count: list.length - n } } });
  };
  const shownAll = new Set<string>();
  // Rows keep their element across updates (a fix removes rows above): a click lands on the row it aimed at.
  const seenKeys = new Map<string, number>();
  const keyOf = (d: Diagnostic) => {
    const k = `${d.line}:${d.code}:${d.from}:${d.to}`;
    const n = (seenKeys.get(k) ?? 0) + 1;
    seenKeys.set(k, n);
    return n === 1 ? k : `${k}:${n}`;
  };
  return (
    <ul className="diagnostics" data-testid="diagnostics" aria-label={tr('diagnostics.label')}>
      {diagnostics.slice(0, 5000).map((d) => {
        const all = fixable.get(d.code);
        const offerAll = all && all.length > 1 && !shownAll.has(d.code);
        if (offerAll) shownAll.add(d.code);
        return (
          <li key={keyOf(d)} className={`diag diag-${d.severity}`} data-line={d.line} data-code={d.code}>
            <span className="diag-icon" aria-label={tr('diagnostics.severity', { severity: d.severity })}>{ICON[d.severity]}</span>
            <div className="diag-body">
              <div>
                <button type="button" className="link" onClick={() => t.reveal(d.line)}>{tr('common.line', { line: d.line })}</button>{' '}
                <span className="diag-code">{d.code}</span>
                {PORTABILITY_CODES.has(d.code) && <span className="pill" data-testid="portability">{tr('diagnostics.portability')}</span>}
              </div>
              <div className="diag-title">{tr(`finding.${d.code}.title`, d.args)}</div>
              <div className="muted">{tr(`finding.${d.code}.google`, d.args)}</div>
              <div className="diag-hint">{tr(`finding.${d.code}.hint`, d.args)}</div>
              {d.fix && (
                <div className="diag-fixes">
                  <button type="button" className="btn btn-small" data-testid="fix" onClick={() => apply([d])}>{tr(`fix.${d.fix.labelCode}`, d.fix.labelArgs)}</button>
                  {offerAll && (
                    <button type="button" className="btn btn-small" data-testid="fix-all" onClick={() => apply(all)}>
                      {tr('diagnostics.fix-all', { count: all.length })}
                    </button>
                  )}
                </div>
              )}
            </div>
          </li>
        );
      })}
      {diagnostics.length > 5000 && <li className="muted">{tr('diagnostics.more', { count: diagnostics.length - 5000 })}</li>}
    </ul>
  );
}
