/** The crawlers the Site tab audits for, and the other parsers it reads the file with. */
import { useState } from 'react';
import { CRAWLERS, GOOGLE_CRAWLERS, READER_IDS, readerKey, type CrawlerSpec } from '../../../src/robots/index.js';
import { useTester, useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';

/** The crawlers audited (none chosen: the Test tab's crawler). */
export function Crawlers() {
  const t = useTester();
  const tr = useT('site');
  const chosen = useTesterState((s) => s.siteCrawlers);
  const readers = useTesterState((s) => s.siteReaders);
  const testCrawler = useTesterState((s) => s.tests[s.active]!.crawler);
  const [text, setText] = useState('');
  const shown = chosen.length > 0 ? chosen : [testCrawler];
  const set = (next: readonly CrawlerSpec[]) => t.tester.setSiteCrawlers(next);
  const name = (c: CrawlerSpec) => (c.kind === 'profile' ? CRAWLERS.find((p) => p.id === c.id)?.tokens[0] ?? c.id : c.value);
  const has = (id: string) => shown.some((c) => c.kind === 'profile' && c.id === id);
  // Google's: each that reads robots.txt (AdsBot among them, which no * group binds), as the list to add from.
  // AI crawlers: the first 12 of the 80 that read robots.txt, a column each for every URL of the inventory.
  const preset = (section: 'google' | 'ai') => set((section === 'google' ? GOOGLE_CRAWLERS.filter((p) => !p.ignoresRobotsTxt) : CRAWLERS.filter((p) => p.section === 'ai' && !p.ignoresRobotsTxt && !p.userTriggered).slice(0, 12)).map((p) => ({ kind: 'profile', id: p.id })));
  return (
    <section className="site-section no-print" aria-labelledby="site-crawlers-h">
      <h3 id="site-crawlers-h">{tr('site.crawlers')}</h3>
      <ul className="site-chips" data-testid="site-crawlers">
        {shown.map((c, i) => (
          <li key={i} className="pill">
            {name(c)}
            {chosen.length > 0 && (
              <button type="button" className="chip-remove" aria-label={tr('site.crawler-remove', { name: name(c) })} onClick={() => set(chosen.filter((_, k) => k !== i))}>×</button>
            )}
          </li>
        ))}
      </ul>
      <div className="site-crawler-add">
        <select
          aria-label={tr('site.crawler-add')}
          data-testid="site-crawler-add"
          value=""
          onChange={(e) => {
            const id = e.target.value;
            if (id && !has(id)) set([...shown, { kind: 'profile', id }]);
          }}
        >
          <option value="">{tr('site.crawler-add')}</option>
          {CRAWLERS.filter((p) => !p.ignoresRobotsTxt).map((p) => <option key={p.id} value={p.id}>{p.tokens[0] ?? p.name} — {p.operator}</option>)}
        </select>
        <button type="button" className="btn btn-small" data-testid="site-crawlers-google" onClick={() => preset('google')}>{tr('site.crawler-google')}</button>
        <button type="button" className="btn btn-small" onClick={() => preset('ai')}>{tr('site.crawler-ai')}</button>
        <form
          className="site-crawler-text"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) set([...shown, { kind: 'text', value: text.trim() }]);
            setText('');
          }}
        >
          <input className="field-input" data-testid="site-crawler-text" aria-label={tr('site.crawler-text')} placeholder={tr('site.crawler-text')} value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn-small">{tr('site.crawler-add-text')}</button>
        </form>
      </div>
      <fieldset className="site-readers">
        <legend>{tr('site.readers')}</legend>
        {READER_IDS.filter((r) => r !== 'google').map((r) => (
          <label key={r}>
            <input
              type="checkbox"
              data-testid="site-reader"
              data-reader={r}
              checked={readers.includes(r)}
              onChange={(e) => t.tester.setSiteReaders(e.target.checked ? [...readers, r] : readers.filter((x) => x !== r))}
            />{' '}
            {tr('reader.name', { reader: readerKey(r) })}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
