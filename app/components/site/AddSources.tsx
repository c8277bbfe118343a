/** Where the Site tab's sources come from: files (opened or dropped), pasted text, a fetched URL. */
import { useRef, useState } from 'react';
import { isAbsoluteHttpUrl } from '../../../src/robots/index.js';
import type { SiteSourceInput } from '../../../src/worker/index.js';
import { useT } from '../../i18n/index.js';
import { FileDrop } from './FileDrop.js';

/** Where sources come from: files (opened or dropped), pasted text, a fetched URL. */
export function AddSources({ add }: { add: (s: SiteSourceInput[]) => void }) {
  const tr = useT('site');
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState('');
  const [url, setUrl] = useState('');
  /** The address last submitted when it was no http(s) URL: nothing is fetched for it. */
  const [badUrl, setBadUrl] = useState<string | null>(null);
  const pastes = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const addFiles = (files: FileList | null) => {
    if (files && files.length > 0) add([...files].map((file) => ({ kind: 'file', name: file.name, file })));
  };
  return (
    <section className="site-section no-print" aria-labelledby="site-inv-h">
      <h3 id="site-inv-h">{tr('site.inventory')}</h3>
      <p className="muted small">{tr('site.inventory-help')}</p>
      <FileDrop testId="site-drop" onFiles={addFiles}>
        <span>{tr('site.drop')}</span>
        <div className="site-actions">
          <button type="button" className="btn btn-small" data-testid="site-open" onClick={() => fileInput.current?.click()}>{tr('site.open-files')}</button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            data-testid="site-file"
            accept=".xml,.gz,.txt,.csv,.rss,.atom,text/xml,application/xml,application/gzip,text/plain,text/csv"
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <button type="button" className="btn btn-small" data-testid="site-paste-toggle" aria-expanded={pasting} onClick={() => setPasting(!pasting)}>{tr('site.paste')}</button>
        </div>
      </FileDrop>
      {pasting && (
        <div className="field">
          <label htmlFor="site-paste">{tr('site.paste-label')}</label>
          <textarea id="site-paste" data-testid="site-paste" className="field-input site-paste" rows={5} spellCheck={false} value={pasted} onChange={(e) => setPasted(e.target.value)} />
          <button
            type="button"
            className="btn btn-small"
            data-testid="site-paste-add"
            disabled={pasted.trim() === ''}
            onClick={() => {
              pastes.current += 1;
              add([{ kind: 'text', name: tr('site.paste-name', { n: pastes.current }), text: pasted }]);
              setPasted('');
              setPasting(false);
            }}
          >
            {tr('site.paste-add')}
          </button>
        </div>
      )}
      <form
        className="site-fetch"
        onSubmit={(e) => {
          e.preventDefault();
          const u = url.trim();
          if (!u) return;
          if (!isAbsoluteHttpUrl(u)) {
            setBadUrl(u);
            return;
          }
          setBadUrl(null);
          add([{ kind: 'url', url: u }]);
          setUrl('');
        }}
      >
        <label htmlFor="site-fetch-url">{tr('site.fetch-label')}</label>
        <div className="site-fetch-row">
          <input id="site-fetch-url" data-testid="site-fetch-url" className="field-input" type="text" inputMode="url" spellCheck={false} autoComplete="off"
            placeholder="https://example.com/sitemap.xml" value={url} aria-invalid={badUrl !== null} aria-describedby={badUrl !== null ? 'site-fetch-bad' : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setBadUrl(null);
            }} />
          <button type="submit" className="btn btn-small" data-testid="site-fetch">{tr('site.fetch')}</button>
        </div>
        {badUrl !== null && <p id="site-fetch-bad" className="small site-problem" role="alert" data-testid="site-fetch-bad">{tr('site.fetch-bad-url', { url: badUrl })}</p>}
        <p className="muted small">{tr('site.fetch-help')}</p>
      </form>
    </section>
  );
}
