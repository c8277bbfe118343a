/** A User-Agent as logged: cut to its cell's width, whole on hover and on focus, with a button that copies it whole. */
import { useRef, useState } from 'react';
import { useT } from '../../i18n/index.js';

/** `agent` of the crawler named `crawler` (the copy button's label names it). */
export function UserAgent({ agent, crawler }: { agent: string; crawler: string }) {
  const tr = useT('logs');
  const text = useRef<HTMLElement>(null);
  const [told, setTold] = useState<'copied' | 'select' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(agent);
      setTold('copied');
    } catch {
      // No clipboard (a page not served securely, a browser that refuses): the agent is shown whole and selected, to copy by hand.
      const el = text.current;
      if (el) {
        el.focus();
        const range = document.createRange();
        range.selectNodeContents(el);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      }
      setTold('select');
    }
    setTimeout(() => setTold(null), 2500);
  };
  return (
    <span className="logs-agent" data-testid="logs-agent">
      {/* Focusable so the keyboard can read it whole (it is cut to the cell otherwise). */}
      <code ref={text} className="logs-agent-text" tabIndex={0} title={agent}>{agent}</code>
      <button type="button" className="link logs-agent-copy" data-testid="logs-agent-copy" aria-label={tr('logs.agent-copy', { crawler })} onClick={() => void copy()}>
        {told === 'copied' ? tr('logs.agent-copied') : tr('common.copy')}
      </button>
      {told === 'select' && <span className="sr-only" role="status">{tr('logs.agent-select')}</span>}
    </span>
  );
}
