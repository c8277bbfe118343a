import { useState } from 'react';
import { useTester } from '../context.js';
import { useT } from '../i18n/index.js';
import { CrawlerCombo, pickedSpec, profileInputText } from './CrawlerPicker.js';

/** "+ Add crawler": a crawler to test every URL with (a new column of the matrix). */
export function AddCrawler() {
  const t = useTester();
  const tr = useT();
  const [text, setText] = useState<string | null>(null);
  if (text === null) {
    return (
      <button type="button" className="link" data-testid="add-crawler" onClick={() => setText('')}>
        {tr('test.add-crawler')}
      </button>
    );
  }
  const done = () => {
    setText(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.test-cell.active')?.focus());
  };
  const addText = () => {
    const value = text.trim();
    if (!value) return setText(null);
    t.tester.addCrawler(value, { kind: 'text', value });
    done();
  };
  return (
    <div className="add-crawler" data-testid="add-crawler-form" onKeyDown={(e) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        setText(null);
      }
    }}>
      <CrawlerCombo
        id="add-crawler-input"
        testId="add-crawler-input"
        label={tr('test.add-crawler-label')}
        // Opened to type a crawler's name at once.
        autoFocus
        text={text}
        onText={setText}
        onPick={(p) => {
          t.tester.addCrawler(profileInputText(p), pickedSpec(p));
          done();
        }}
        onEnter={addText}
      />
      <button type="button" className="btn btn-small" onClick={addText}>{tr('test.add-crawler-submit')}</button>
    </div>
  );
}
