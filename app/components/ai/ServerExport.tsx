import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import {
  applyTextEdits, knownCrawlerName, planPolicyEnforcement, policyTargets, SERVER_KINDS, serverNoteArgs, serverRules, type AiPolicy, type TextEdit,
} from '../../../src/robots/index.js';
import { chooseServer, chooseStatus } from '../../../src/store/index.js';
import { useTester, useTesterState } from '../../context.js';
import { download } from '../../files.js';
import { useT } from '../../i18n/index.js';

/**
 * The enforcement export: the policy the preview shows, enforced at the web server. The rules are
 * the engine's (what `ai-policy --server` writes for the same file and policy), made from the file
 * as the change leaves it; each export says what it covers and what it cannot.
 */
export function ServerExport({ policy, edits }: { policy: AiPolicy; edits: readonly TextEdit[] }) {
  const t = useTester();
  const tr = useT('ai');
  const doc = useTesterState((s) => s.doc);
  const choice = useStore(t.policyStore, (s) => s.export);
  const [typedStatus, setTypedStatus] = useState(String(choice.status));
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const exported = useMemo(
    () => serverRules(planPolicyEnforcement(applyTextEdits(doc, edits), policyTargets(policy)), choice.server, { status: choice.status }),
    [doc, edits, policy, choice],
  );
  const setChoice = (f: (e: typeof choice) => typeof choice) => {
    t.policyStore.setState((s) => ({ export: f(s.export) }));
    setCopied(null);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(exported.text);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  const statusValid = chooseStatus(choice, typedStatus).status === Number(typedStatus.trim()) && typedStatus.trim() !== '';

  return (
    <div className="ai-export-body" data-testid="ai-export-body" data-server={exported.server}>
      <p className="muted">{tr('ai.export-intro')}</p>
      <div className="ai-export-choices">
        <div className="ai-modes" role="radiogroup" aria-label={tr('ai.export-server')}>
          {SERVER_KINDS.map((k) => (
            <label key={k} className="ai-mode">
              <input
                type="radio" name="ai-export-server" value={k} checked={choice.server === k} data-testid={`ai-export-${k}`}
                onChange={() => setChoice((e) => chooseServer(e, k))}
              />
              {tr('server.name', { server: k })}
            </label>
          ))}
        </div>
        {exported.server !== 'cloudflare' && (
          <label className="ai-export-status">
            <span>{tr('ai.export-status')}</span>
            <input
              type="text" inputMode="numeric" size={4} maxLength={3} value={typedStatus} data-testid="ai-export-status" aria-invalid={!statusValid}
              onChange={(e) => {
                setTypedStatus(e.target.value);
                setChoice((c) => chooseStatus(c, e.target.value));
              }}
            />
          </label>
        )}
      </div>
      <div className="ai-actions">
        <button type="button" className="btn" data-testid="ai-export-copy" onClick={() => void copy()}>{tr('ai.export-copy')}</button>
        <button type="button" className="btn" data-testid="ai-export-download" onClick={() => download(exported.fileName, exported.text, 'text/plain;charset=utf-8')}>
          {tr('ai.export-download', { file: exported.fileName })}
        </button>
        <span className="muted" role="status" data-testid="ai-export-copied">{copied === null ? '' : tr('ai.export-copied', { ok: copied })}</span>
      </div>
      <pre className="ai-export-text" data-testid="ai-export-text" tabIndex={0} aria-label={tr('ai.export-text')}>{exported.text}</pre>
      <ul className="ai-notes" data-testid="ai-export-notes" aria-label={tr('ai.export-notes')}>
        {exported.notes.map((n, i) => <li key={i} data-code={n.code}>{tr('server.note', serverNoteArgs(n, knownCrawlerName, exported.status))}</li>)}
      </ul>
    </div>
  );
}
