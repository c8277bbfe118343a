import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { DEFAULT_CRAWLER, LONG_LINK_CHARS, makeCase } from '../../src/share/index.js';
import { useTester } from '../context.js';
import { downloadCase, openFile, saveRobotsTxt } from '../files.js';
import { linkStore } from '../link-store.js';

const STARTER = [
  '# robots.txt — Google reads the first 500 KiB of this file.',
  '# Each line is "field: value"; a group starts with User-agent lines.',
  '',
  'User-agent: *',
  'Disallow:',
  '',
  '# Sitemap: https://www.example.com/sitemap.xml',
  '',
].join('\n');

/** "New": a blank file or a short starter, after asking whenever there is text to replace. */
function NewFileButton() {
  const t = useTester();
  const dialog = useRef<HTMLDialogElement>(null);
  const start = (text: string) => {
    t.tester.loadCase(makeCase(text, [{ url: '', crawler: DEFAULT_CRAWLER }]), 'draft');
    t.tester.setNotice({ kind: 'info', text: 'Started a new robots.txt. Ctrl+Z in the editor brings back the previous text.' });
  };
  return (
    <>
      <button
        type="button"
        className="btn"
        data-testid="new-file"
        onClick={() => {
          if (t.tester.store.getState().doc.trim() === '') return start('');
          // Escape closes without a choice: clear the last one first.
          dialog.current!.returnValue = '';
          dialog.current!.showModal();
        }}
      >
        New
      </button>
      <dialog ref={dialog} className="dialog" data-testid="new-dialog" aria-labelledby="new-title" onClose={() => dialog.current?.returnValue && start(dialog.current.returnValue === 'starter' ? STARTER : '')}>
        <form method="dialog">
          <h2 id="new-title">Start a new robots.txt?</h2>
          <p>The text in the editor is replaced (Ctrl+Z in the editor brings it back). Save it first if you want to keep a copy.</p>
          <div className="dialog-buttons">
            <button type="submit" className="btn btn-primary" value="starter" autoFocus>Starter with comments</button>
            <button type="submit" className="btn" value="blank">Blank file</button>
            <button type="submit" className="btn" value="">Cancel</button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** Copy link, open and save files; warns when the link is too long for chat tools. */
export function ShareBar() {
  const t = useTester();
  const link = useStore(linkStore, (s) => s.link);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'manual'>('idle');
  const fileInput = useRef<HTMLInputElement>(null);
  const tooLarge = useStore(linkStore, (s) => s.tooLarge);
  const long = link.length > LONG_LINK_CHARS || tooLarge > 0;

  const copy = async () => {
    await linkStore.getState().flush();
    const href = linkStore.getState().link || location.href;
    try {
      await navigator.clipboard.writeText(href);
      setCopied('copied');
    } catch {
      setCopied('manual');
    }
    setTimeout(() => setCopied((c) => (c === 'copied' ? 'idle' : c)), 2500);
  };

  return (
    <div className="share">
      <div className="share-buttons">
        <NewFileButton />
        <button type="button" className="btn" onClick={() => fileInput.current?.click()} title="Open a robots.txt or a saved test case">
          Open…
        </button>
        <button type="button" className="btn" onClick={() => saveRobotsTxt(t)}>
          Save robots.txt
        </button>
        <button type="button" className="btn" data-testid="download-case" onClick={() => downloadCase(t)}>
          Download case
        </button>
        <button type="button" className="btn btn-primary" data-testid="copy-link" disabled={tooLarge > 0} title={tooLarge > 0 ? 'Too large for a link: download the case instead' : undefined} onClick={() => void copy()}>
          {copied === 'copied' ? 'Link copied ✓' : 'Copy link'}
        </button>
        <input
          ref={fileInput}
          data-testid="open-file"
          type="file"
          accept=".txt,.json,text/plain,application/json"
          hidden
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const r = await openFile(t, file);
            t.tester.setNotice(r.ok
              ? { kind: 'info', text: r.kind === 'case' ? `Opened the test case “${r.name}”.` : `Opened “${r.name}”.` }
              : { kind: 'error', text: r.reason });
          }}
        />
      </div>
      <span className="sr-only" role="status">{copied === 'copied' ? 'Link copied to the clipboard' : ''}</span>
      {copied === 'manual' && (
        <div className="share-manual">
          <label htmlFor="manual-link">Copy this link:</label>
          <input id="manual-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} autoFocus />
          <button type="button" className="btn" onClick={() => setCopied('idle')}>Done</button>
        </div>
      )}
      {long && (
        <p className="share-long" data-testid="long-link" role="status">
          {tooLarge > 0
            ? <>This case is too large for a link ({(tooLarge / 1_000_000).toFixed(1)} MB): chat tools cut links over {LONG_LINK_CHARS.toLocaleString('en-US')} characters.</>
            : <>This link is {link.length.toLocaleString('en-US')} characters: chat tools may cut links over {LONG_LINK_CHARS.toLocaleString('en-US')}.</>}
          {' '}Use <strong>Download case</strong> and share the file instead.
        </p>
      )}
    </div>
  );
}
