import { useTester, useTesterState } from '../context.js';

const ICON = { error: '✕', warning: '!', info: 'i' } as const;

/** Every line Google ignores or reads differently, with severity and a fix hint. */
export function DiagnosticsPanel() {
  const t = useTester();
  const diagnostics = useTesterState((s) => s.shown?.diagnostics);
  if (!diagnostics) return <p className="muted">Checking…</p>;
  if (diagnostics.length === 0) {
    return <p className="empty-state" data-testid="diagnostics">No problems: Google reads every line as written.</p>;
  }
  return (
    <ul className="diagnostics" data-testid="diagnostics" aria-label="Diagnostics">
      {diagnostics.slice(0, 5000).map((d, i) => (
        <li key={i} className={`diag diag-${d.severity}`} data-line={d.line} data-code={d.code}>
          <span className="diag-icon" aria-label={d.severity}>{ICON[d.severity]}</span>
          <div className="diag-body">
            <div>
              <button type="button" className="link" onClick={() => t.reveal(d.line)}>Line {d.line}</button>{' '}
              <span className="diag-code">{d.code}</span>
            </div>
            <div className="diag-title">{d.message}</div>
            <div className="muted">{d.google}</div>
            <div className="diag-hint">{d.hint}</div>
          </div>
        </li>
      ))}
      {diagnostics.length > 5000 && <li className="muted">…and {diagnostics.length - 5000} more.</li>}
    </ul>
  );
}
