import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useTester } from '../context.js';
import { useT } from '../i18n/index.js';
import { compareWith, uiStore } from '../ui-store.js';
import { CompareSourceLine } from './CompareBanner.js';

/**
 * Asked after a file is opened while comparing: keep comparing the new file with the other
 * version, or stop. The comparison is never kept on silently.
 */
export default function CompareQuestion() {
  const t = useTester();
  const name = useStore(uiStore, (s) => s.compareAsk);
  const tr = useT('more');
  const keep = useRef<HTMLButtonElement>(null);
  // The question is answered at once by keyboard: its first answer takes the focus when it is asked.
  useEffect(() => keep.current?.focus(), [name]);
  if (name === null) return null;
  return (
    <div className="compare-question" role="alert" data-testid="compare-question">
      <span>{tr('compare.ask', { name })} <CompareSourceLine /></span>
      <span className="compare-question-actions">
        <button type="button" className="btn btn-small" data-testid="compare-keep" ref={keep} onClick={() => uiStore.setState({ compareAsk: null })}>
          {tr('compare.keep')}
        </button>
        <button type="button" className="btn btn-small" data-testid="compare-ask-stop" onClick={() => compareWith(t.tester.setCompare, null, null)}>
          {tr('compare.stop')}
        </button>
      </span>
    </div>
  );
}
