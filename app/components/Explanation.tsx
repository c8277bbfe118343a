import type { VerdictData } from '../../src/worker/index.js';
import { useTester } from '../context.js';

/** The "why" under the verdict: the engine's sentences (group, decision, notes) and the matching rules. */
export function Explanation({ v }: { v: VerdictData }) {
  const t = useTester();
  const winner = v.rule;
  const { group, decision, notes } = v.explanation;
  return (
    <div className="why" data-testid="explanation">
      <h3>Why</h3>
      {group && <p data-testid="group-explanation" data-code={group.code}>{group.text}</p>}
      {v.matches.length > 0 ? (
        <table className="matches" data-testid="matches">
          <caption>Matching rules in the group</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Rule</th>
              <th scope="col" className="num">Length</th>
            </tr>
          </thead>
          <tbody>
            {v.matches.map((m) => {
              const wins = winner !== null && m.line === winner.line && m.allow === winner.allow && m.viaIndexHtml === winner.viaIndexHtml;
              return (
                <tr key={`${m.line}-${m.viaIndexHtml}`} className={wins ? 'wins' : undefined}>
                  <td>
                    <button type="button" className="link" onClick={() => t.reveal(m.line)}>
                      {m.line}
                    </button>
                  </td>
                  <td>
                    <span className={`kind ${m.allow ? 'kind-allow' : 'kind-disallow'}`}>{m.allow ? 'Allow' : 'Disallow'}</span>{' '}
                    <code>{m.viaIndexHtml ? m.pattern : m.value || '(empty)'}</code>
                    {m.viaIndexHtml && <span className="pill">index.html</span>}
                    {wins && <span className="pill pill-win">decides</span>}
                  </td>
                  <td className="num">{m.length}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <p data-testid="reason" data-code={decision.code}>{decision.text}</p>
      {notes.map((n) => (
        <p key={n.code} className="muted" data-testid="why-note" data-code={n.code}>{n.text}</p>
      ))}
      {!v.problem && v.testedPath !== v.url && (
        <p className="muted clamp" data-testid="tested-path">
          Path tested: <code>{v.testedPath}</code>
        </p>
      )}
    </div>
  );
}
