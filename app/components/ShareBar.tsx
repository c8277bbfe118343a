import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { DEFAULT_CRAWLER, LONG_LINK_CHARS, makeCase } from '../../src/share/index.js';
import { useTester } from '../context.js';
import { linkStore } from '../link-store.js';
import { useT, type Translator } from '../i18n/index.js';

/** Opening and saving files: their code loads with the first use. */
const files = () => import('../files.js');

/** A short starter file: its comments in the reader's language, its lines as Google reads them. */
function starter(t: Translator): string {
  return [t('share.starter-comment'), '', 'User-agent: *', 'Disallow:', '', '# Sitemap: https://www.example.com/sitemap.xml', ''].join('\n');
}

/** "New": a blank file or a short starter, after asking whenever there is text to replace. */
function NewFileButton() {
  const t = useTester();
  const dialog = useRef<HTMLDialogElement>(null);
  const tr = useT();
  const start = (text: string) => {
    t.tester.loadCase(makeCase(text, [{ url: '', crawler: DEFAULT_CRAWLER }]), 'draft');
    t.tester.setNotice({ kind: 'info', message: { id: 'notice.new-file' } });
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
        {tr('share.new')}
      </button>
      <dialog ref={dialog} className="dialog" data-testid="new-dialog" aria-labelledby="new-title" onClose={() => dialog.current?.returnValue && start(dialog.current.returnValue === 'starter' ? starter(tr) : '')}>
        <form method="dialog">
          <h2 id="new-title">{tr('share.new-title')}</h2>
          <p>{tr('share.new-body')}</p>
          <div className="dialog-buttons">
            <button type="submit" className="btn btn-primary" value="starter" autoFocus>{tr('share.new-starter')}</button>
            <button type="submit" className="btn" value="blank">{tr('share.new-blank')}</button>
            <button type="submit" className="btn" value="">{tr('common.cancel')}</button>
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
  const tr = useT();
  // Opens the file chosen on the input, once; its value is cleared so that choosing it again opens it again.
  const openChosen = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const { openFile, openedNotice } = await files();
    t.tester.setNotice(openedNotice(await openFile(t, file)));
  };
  // A file chosen on the page's HTML before the app took it over had no one to open it: opened
  // once, as the app takes the input over.
  useEffect(() => {
    if (fileInput.current?.files?.length) void openChosen(fileInput.current);
  }, []);
  const tooLarge = useStore(linkStore, (s) => s.tooLarge);
  const long = link.length > LONG_LINK_CHARS || tooLarge > 0;
  // The warning is about sharing: it shows once the user shares, not under the toolbar of every big case.
  const [sharing, setSharing] = useState(false);
  if (sharing && !long) setSharing(false);

  const copy = async () => {
    setSharing(true);
    // Too large for a link: the warning says what to do instead.
    if (linkStore.getState().tooLarge > 0) return;
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
        <button type="button" className="btn" onClick={() => fileInput.current?.click()} title={tr('share.open-title')}>
          {tr('share.open')}
        </button>
        <button type="button" className="btn" onClick={() => void files().then((m) => m.saveRobotsTxt(t))}>
          {tr('share.save')}
        </button>
        <button type="button" className="btn" data-testid="download-case" onClick={() => void files().then((m) => m.downloadCase(t))}>
          {tr('share.download')}
        </button>
        <button type="button" className="btn btn-primary" data-testid="copy-link" title={tooLarge > 0 ? tr('share.too-large-title') : undefined}
          aria-describedby={sharing && long ? 'long-link' : undefined} onClick={() => void copy()}>
          {copied === 'copied' ? tr('share.link-copied') : tr('share.copy-link')}
        </button>
        <input
          ref={fileInput}
          data-testid="open-file"
          type="file"
          accept=".txt,.json,text/plain,application/json"
          hidden
          onChange={(e) => void openChosen(e.target)}
        />
      </div>
      <span className="sr-only" role="status">{copied === 'copied' ? tr('share.link-copied-status') : ''}</span>
      {copied === 'manual' && (
        <div className="share-manual">
          <label htmlFor="manual-link">{tr('share.copy-this')}</label>
          <input id="manual-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} autoFocus />
          <button type="button" className="btn" onClick={() => setCopied('idle')}>{tr('common.done')}</button>
        </div>
      )}
      {long && sharing && (
        <p className="share-long" id="long-link" data-testid="long-link" role="status">
          {tooLarge > 0
            ? tr('share.too-large', { mb: tooLarge / 1_000_000, limit: LONG_LINK_CHARS })
            : tr('share.long', { length: link.length, limit: LONG_LINK_CHARS })}
          {' '}{tr.rich('share.use-download', { download: <strong>{tr('share.download')}</strong> })}
        </p>
      )}
    </div>
  );
}
