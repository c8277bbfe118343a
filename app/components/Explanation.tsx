import type { GroupChoice, VerdictReason } from '../../src/robots/index.js';
import type { GroupInfo, VerdictData } from '../../src/worker/index.js';
import { useTester } from '../context.js';

function lines(groups: readonly GroupInfo[], indices: readonly number[]): string {
  const ls = indices.map((i) => groups.find((g) => g.index === i)).filter((g): g is GroupInfo => !!g).map((g) => g.firstLine);
  return ls.length === 1 ? `line ${ls[0]}` : `lines ${ls.join(', ')}`;
}

/** Why this group applied, in one sentence. */
export function groupSentence(v: VerdictData, groups: readonly GroupInfo[]): string {
  const g: GroupChoice = v.group;
  const who = v.token || 'this crawler';
  switch (g.kind) {
    case 'specific': {
      const merged = g.groups.length > 1 ? ` — ${g.groups.length} groups naming it are merged into one` : '';
      const fallback = g.fallback ? ` (no group names ${v.tokens[0]}; it falls back to ${g.token})` : '';
      return `The group for “${g.token}” (${lines(groups, g.groups)}) applies: exact token match${fallback}${merged}.`;
    }
    case 'global':
      return `No group names ${who}, so the * group (${lines(groups, g.groups)}) applies.`;
    case 'global-ignored':
      return `${who} is a special-case crawler: it ignores the * group (${lines(groups, g.groups)}), and no group names it — everything is allowed.`;
    default:
      return v.ignoresRobotsTxt ? `${who} ignores robots.txt entirely.` : `No group names ${who} and there is no * group: everything is allowed.`;
  }
}

const REASONS: Record<VerdictReason, string> = {
  'longest-match': 'The longest matching rule wins.',
  'tie-allow': 'An allow and a disallow match with the same length: the allow (least restrictive) wins.',
  'index-html': 'Google-specific: “Allow: …/index.html” also allows the directory URL itself.',
  'empty-rule': 'Only an empty rule matches: it never blocks, so the URL is allowed.',
  'no-matching-rule': 'No rule of the group matches this URL, so it is allowed.',
  'no-group': 'No group applies, so everything is allowed.',
  'global-ignored': 'The * group is ignored for this crawler.',
  'ignores-robots-txt': 'This crawler does not obey robots.txt.',
  'no-crawler': 'No crawler name could be read from the user-agent field.',
  'out-of-scope': 'This robots.txt does not govern this URL.',
  'status-allow-all': 'The robots.txt fetch result lets Google crawl everything.',
  'status-disallow-all': 'The robots.txt fetch result stops Google from crawling anything.',
};

/** The reason in one sentence. */
export function reasonSentence(r: VerdictReason): string {
  return REASONS[r];
}

/** The "why" under the verdict: group, matching rules, tie-break, tested URL. */
export function Explanation({ v, groups }: { v: VerdictData; groups: readonly GroupInfo[] }) {
  const t = useTester();
  const winner = v.rule;
  return (
    <div className="why" data-testid="explanation">
      <h3>Why</h3>
      <p data-testid="group-explanation">{groupSentence(v, groups)}</p>
      {v.fromUserAgentString && v.token && (
        <p className="muted">From the User-Agent string, Google reads the token “{v.token}”.</p>
      )}
      {v.tokens.length > 1 && (
        <p className="muted">This crawler obeys {v.tokens.map((x) => `“${x}”`).join(', then ')}, then *.</p>
      )}
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
      <p data-testid="reason">{reasonSentence(v.reason)}</p>
      {v.testedPath !== v.url && (
        <p className="muted" data-testid="tested-path">
          Path tested: <code>{v.testedPath}</code>
          {!v.urlValid && ' — this does not look like a valid URL'}
        </p>
      )}
    </div>
  );
}
