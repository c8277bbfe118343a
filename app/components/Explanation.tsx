import { memo } from 'react';
import type { Sentence } from '../../src/robots/index.js';
import type { WholeVerdict } from '../../src/worker/index.js';
import { useTester } from '../context.js';
import { useT, type Translator } from '../i18n/index.js';

/** An engine sentence in the reader's language (its English text when the id is unknown). */
export function sentenceText(t: Translator, s: Sentence): string {
  const id = `why.${s.code}`;
  // English is the engine's own wording of the same template: nothing to format again.
  return t.language === 'en' || !t.has(id) ? s.text : t(id, s.args);
}

/** The "why" under the verdict: the engine's sentences (group, decision, notes) and the matching rules; drawn again only when the verdict changed. */
export const Explanation = memo(function Explanation({ v }: { v: WholeVerdict }) {
  const t = useTester();
  const winner = v.rule;
  const { group, decision, notes } = v.explanation;
  const tr = useT();
  return (
    <div className="why" data-testid="explanation">
      <h3>{tr('why.heading')}</h3>
      {group && <p data-testid="group-explanation" data-code={group.code}>{sentenceText(tr, group)}</p>}
      {v.matches.length > 0 ? (
        <table className="matches" data-testid="matches">
          <caption>{tr('why.matches')}</caption>
          <thead>
            <tr>
              <th scope="col">{tr('why.column-line')}</th>
              <th scope="col">{tr('why.column-rule')}</th>
              <th scope="col" className="num">{tr('why.column-length')}</th>
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
                    <code>{m.viaIndexHtml ? m.pattern : m.value || tr('common.empty')}</code>
                    {m.viaIndexHtml && <span className="pill">index.html</span>}
                    {wins && <span className="pill pill-win">{tr('why.decides')}</span>}
                  </td>
                  <td className="num">{tr.number(m.length)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <p data-testid="reason" data-code={decision.code}>{sentenceText(tr, decision)}</p>
      {notes.map((n) => (
        <p key={n.code} className="muted" data-testid="why-note" data-code={n.code}>{sentenceText(tr, n)}</p>
      ))}
      {!v.problem && v.testedPath !== v.url && (
        <p className="muted clamp" data-testid="tested-path">
          {tr.rich('why.path-tested', { path: <code>{v.testedPath}</code> })}
        </p>
      )}
    </div>
  );
});
