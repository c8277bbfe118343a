/**
 * The addresses that named a crawler and failed its verification, as a deny list ready to paste:
 * every crawler's or one's, one address a line, nginx `deny` lines or a Cloudflare expression,
 * with a button that copies it.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { DENY_FORMATS, DENY_LIST_SHOWN, denyList, denyListTooLong, spoofingAddresses, type DenyFormat, type LogTally } from '../../../src/robots/logs/index.js';
import { useT } from '../../i18n/index.js';
import { rowName } from './format.js';

/** How the last copy went. */
type Copied = 'idle' | 'copied' | 'failed';

/** The spoofers' deny list of a result; nothing when no request was spoofed. */
export function Spoofers({ tally }: { tally: LogTally }) {
  const tr = useT('logs');
  const id = useId();
  const [crawler, setCrawler] = useState('');
  const [format, setFormat] = useState<DenyFormat>('plain');
  const [copied, setCopied] = useState<Copied>('idle');
  // A long list shows its first addresses until asked for all (copying takes them all).
  const [whole, setWhole] = useState(false);
  const crawlers = useMemo(() => [...tally.spoofers]
    .filter(([, s]) => s.addresses.size > 0)
    .map(([key, s]) => {
      const c = tally.crawlers.get(key);
      return { key, name: c ? rowName(c) : key, count: s.addresses.size };
    })
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)), [tally]);
  // A crawler chosen before a run that no longer has spoofers: every crawler's again.
  const chosen = crawlers.some((c) => c.key === crawler) ? crawler : '';
  const addresses = useMemo(() => spoofingAddresses(tally.spoofers, chosen ? [chosen] : crawlers.map((c) => c.key)).map((a) => a.address), [tally, chosen, crawlers]);
  const list = denyList(addresses, format);
  const cut = !whole && addresses.length > DENY_LIST_SHOWN;
  const shown = cut ? denyList(addresses.slice(0, DENY_LIST_SHOWN), format) : list;
  useEffect(() => setCopied('idle'), [list]);
  // A failed copy of a cut list selects it again once it is shown whole.
  useEffect(() => {
    if (copied === 'failed' && whole) (document.getElementById(`${id}-list`) as HTMLTextAreaElement | null)?.select();
  }, [copied, whole, id]);
  if (crawlers.length === 0) return null;
  // Counted without ordering them (each address parsed to sort it: most of 100 ms over 11,000).
  const all = chosen ? new Set(crawlers.flatMap((c) => [...tally.spoofers.get(c.key)!.addresses.keys()])).size : addresses.length;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(list);
      setCopied('copied');
    } catch {
      // No clipboard (an insecure page, a refusal): the whole list is shown and selected, to copy by hand.
      (document.getElementById(`${id}-list`) as HTMLTextAreaElement | null)?.select();
      setWhole(true);
      setCopied('failed');
    }
  };

  return (
    <section className="logs-spoofers" aria-labelledby={`${id}-title`} data-testid="logs-spoofers">
      <h3 id={`${id}-title`}>{tr('logs.spoofers-title')}</h3>
      <p className="muted">{tr('logs.spoofers-help')}</p>
      <div className="logs-spoofers-controls">
        <label className="logs-spoofers-crawler">
          <span>{tr('logs.spoofers-crawler')}</span>
          <select className="field-input" data-testid="logs-spoofers-crawler" value={chosen} onChange={(e) => setCrawler(e.target.value)}>
            <option value="">{tr('logs.spoofers-all', { count: all })}</option>
            {crawlers.map((c) => <option key={c.key} value={c.key}>{tr('logs.spoofers-of', { name: c.name, count: c.count })}</option>)}
          </select>
        </label>
        <fieldset className="logs-spoofers-format">
          <legend>{tr('logs.spoofers-format')}</legend>
          {DENY_FORMATS.map((f) => (
            <label key={f}>
              <input type="radio" name={`${id}-format`} value={f} checked={format === f} onChange={() => setFormat(f)} data-testid={`logs-spoofers-${f}`} />
              {tr('logs.spoofers-as', { format: f })}
            </label>
          ))}
        </fieldset>
        <button type="button" className="btn btn-small" data-testid="logs-spoofers-copy" onClick={() => void copy()}>{tr('logs.spoofers-copy')}</button>
        <span role="status" className="muted" data-testid="logs-spoofers-status">
          {copied === 'copied' ? tr('logs.spoofers-copied', { count: addresses.length }) : copied === 'failed' ? tr('logs.spoofers-copy-failed') : ''}
        </span>
      </div>
      <textarea
        id={`${id}-list`} className="field-input logs-spoofers-list" data-testid="logs-spoofers-list" readOnly spellCheck={false}
        aria-label={tr('logs.spoofers-list')} rows={Math.min(8, Math.max(2, shown.split('\n').length - 1))} value={shown}
      />
      {cut && (
        <p className="muted" data-testid="logs-spoofers-cut">
          {tr('logs.spoofers-cut', { shown: DENY_LIST_SHOWN, count: addresses.length })}{' '}
          <button type="button" className="btn btn-small" data-testid="logs-spoofers-whole" onClick={() => setWhole(true)}>{tr('logs.spoofers-whole', { count: addresses.length })}</button>
        </p>
      )}
      {denyListTooLong(list, format) && <p role="note" className="logs-error">{tr('logs.spoofers-too-long', { count: list.trimEnd().length })}</p>}
    </section>
  );
}
