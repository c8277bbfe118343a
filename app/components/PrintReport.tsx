import { useMemo } from 'react';
import type { Diagnostic } from '../../src/robots/index.js';
import { useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';
import { sentenceText } from './Explanation.js';

const SEVERITY_ORDER = ['error', 'warning', 'info'] as const;
/** Lines listed per finding before "…": a report, not the file again. */
const LINES_LISTED = 12;

/** Alike findings (same code and severity) as one entry: the first worded, with every line it is on. */
function groupFindings(diagnostics: readonly Diagnostic[]): { first: Diagnostic; lines: number[] }[] {
  const groups = new Map<string, { first: Diagnostic; lines: number[] }>();
  for (const d of diagnostics) {
    const key = `${d.severity}\u0000${d.code}`;
    const g = groups.get(key);
    if (g) g.lines.push(d.line);
    else groups.set(key, { first: d, lines: [d.line] });
  }
  return [...groups.values()].sort((a, b) => SEVERITY_ORDER.indexOf(a.first.severity) - SEVERITY_ORDER.indexOf(b.first.severity));
}

/**
 * The case as a printed report: the file's summary, each test with its verdict and why, the
 * diagnostics (alike ones together) and the whole file. Shown only when printing the case.
 */
export default function PrintReport() {
  const tests = useTesterState((s) => s.tests);
  const shown = useTesterState((s) => s.shown);
  const diagnostics = useTesterState((s) => s.diagnostics);
  const doc = useTesterState((s) => s.doc);
  const site = useTesterState((s) => s.site);
  const tr = useT();
  const findings = useMemo(() => groupFindings(diagnostics ?? []), [diagnostics]);
  const summary = shown?.summary;
  const verdicts = shown?.verdicts.length === tests.length ? shown.verdicts : null;
  const date = new Intl.DateTimeFormat(tr.language, { dateStyle: 'long' }).format(new Date());
  return (
    <article className="print-report" data-testid="print-report">
      <h1>{tr('print.title')}</h1>
      <p className="print-meta">{tr('print.made', { date })}{site ? ` · ${tr('print.site', { site })}` : ''}</p>
      {summary && (
        <p className="print-summary" data-testid="print-summary">
          {[tr('summary.bytes', { count: summary.byteSize }), tr('summary.lines', { count: summary.lineCount }), tr('summary.groups', { count: summary.groupCount }), tr('summary.rules', { count: summary.ruleCount })].join(' · ')}
        </p>
      )}
      <h2>{tr('print.tests')}</h2>
      <table className="print-tests" data-testid="print-tests">
        <thead>
          <tr><th scope="col">{tr('print.col-url')}</th><th scope="col">{tr('test.crawler')}</th><th scope="col">{tr('print.col-verdict')}</th><th scope="col">{tr('why.heading')}</th></tr>
        </thead>
        <tbody>
          {tests.map((row, i) => {
            const v = verdicts?.[i];
            const state = !v ? 'pending' : v.problem ? 'invalid' : !v.inScope ? 'out_of_scope' : v.allowed ? 'allowed' : 'disallowed';
            return (
              <tr key={i} data-verdict={state}>
                <td className="print-url">{row.url || tr('test.no-url')}</td>
                <td>{row.crawlerText}</td>
                <td className="print-verdict">{tr('test.state', { state })}</td>
                <td>
                  {v?.rule && v.line > 0 && <p><strong>{tr('common.line', { line: v.line })}</strong> <code>{v.rule.allow ? 'Allow' : 'Disallow'}: {v.rule.value}</code></p>}
                  {v?.explanation?.group && <p>{sentenceText(tr, v.explanation.group)}</p>}
                  {v?.explanation && <p>{sentenceText(tr, v.explanation.decision)}</p>}
                  {v?.explanation?.notes.map((n) => <p key={n.code}>{sentenceText(tr, n)}</p>)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h2>{tr('print.findings')}</h2>
      {findings.length === 0 ? <p>{tr('diagnostics.none')}</p> : (
        <ul className="print-findings" data-testid="print-findings">
          {findings.map(({ first, lines }) => (
            <li key={`${first.severity}-${first.code}`} data-code={first.code} data-count={lines.length}>
              <strong>{tr('diagnostics.severity', { severity: first.severity })}</strong>{' · '}
              {tr(`finding.${first.code}.title`, first.args)}{' '}
              <span className="print-lines">
                ({tr('print.lines', { count: lines.length, lines: lines.slice(0, LINES_LISTED).map((l) => tr.number(l)).join(', ') + (lines.length > LINES_LISTED ? ', …' : '') })})
              </span>
            </li>
          ))}
        </ul>
      )}
      <h2>{tr('print.file')}</h2>
      <ol className="print-text" data-testid="print-text">
        {doc.split(/\r\n|\r|\n/).map((line, i) => <li key={i}><code>{line || '\u00a0'}</code></li>)}
      </ol>
    </article>
  );
}
