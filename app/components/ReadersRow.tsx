import { memo, useId, useState } from 'react';
import { readerKey, type ReaderId, type ReaderSentence } from '../../src/robots/index.js';
import { readersCurrent } from '../../src/store/index.js';
import type { ReaderAnswer } from '../../src/worker/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT, type Translator } from '../i18n/index.js';

/** A reader's sentence in the reader's language (its English text when the id is unknown). */
function readerSentence(tr: Translator, s: ReaderSentence): string {
  const id = `reader.${s.code}`;
  return tr.language === 'en' || !tr.has(id) ? s.text : tr(id, s.args);
}

/** Whether a reader reads this test as Google does (same verdict; a parser that raises never does). */
function agrees(a: ReaderAnswer, googleAllowed: boolean): boolean {
  return a.verdict.reason !== 'unparsable' && a.verdict.allowed === googleAllowed;
}

/**
 * "Other crawlers' parsers": one chip per reader beside Google's verdict, those that agree folded
 * into one; a differing reader says why in its own terms; a chip shows who runs that parser.
 * Memoised: the verdict above it is drawn again on every keystroke, the chips only when theirs change.
 */
export const ReadersRow = memo(function ReadersRow() {
  const t = useTester();
  const tr = useT();
  const open = useTesterState((s) => s.readersOpen);
  const readers = useTesterState((s) => s.readers);
  const current = useTesterState(readersCurrent);
  const [detail, setDetail] = useState<ReaderId | 'same' | null>(null);
  const bodyId = useId();
  const detailId = useId();
  const name = (id: ReaderId) => tr('reader.name', { reader: readerKey(id) });
  const result = readers?.result ?? null;
  const google = result?.google ?? null;
  const same = google ? result!.answers.filter((a) => agrees(a, google.allowed)) : [];
  const differ = google ? result!.answers.filter((a) => !agrees(a, google.allowed)) : [];
  const toggle = (id: ReaderId | 'same') => setDetail((d) => (d === id ? null : id));
  return (
    <section className="readers" data-testid="readers" aria-labelledby={`${bodyId}-h`}>
      <div className="readers-head">
        <h3 id={`${bodyId}-h`}>{tr('readers.heading')}</h3>
        <button type="button" className="link" aria-expanded={open} aria-controls={bodyId} data-testid="readers-toggle" onClick={() => t.tester.setReadersOpen(!open)}>
          {tr(open ? 'readers.hide' : 'readers.show')}
        </button>
      </div>
      {open && (
        <div id={bodyId} aria-live="polite" aria-busy={!current} data-state={current ? 'current' : readers ? 'stale' : 'pending'}>
          {!result ? (
            <p className="muted" data-testid="readers-pending">{tr('readers.pending')}</p>
          ) : !google ? (
            <p className="muted" data-testid="readers-none">{tr('readers.none')}</p>
          ) : (
            <>
              <ul className={`reader-chips${current ? '' : ' stale'}`} data-testid="reader-chips">
                {same.length > 0 && (
                  <li>
                    <button
                      type="button" className="reader-chip reader-same" data-testid="reader-chip-same" title={same.map((a) => name(a.verdict.reader)).join(', ')}
                      aria-expanded={detail === 'same'} aria-controls={detailId} onClick={() => toggle('same')}
                    >
                      <span aria-hidden="true">=</span> {tr('readers.same', { count: same.length })}
                    </button>
                  </li>
                )}
                {differ.map((a) => (
                  <li key={a.verdict.reader}>
                    <button
                      type="button"
                      className={`reader-chip ${a.verdict.reason === 'unparsable' ? 'reader-none' : a.verdict.allowed ? 'reader-allowed' : 'reader-blocked'}`}
                      data-testid="reader-chip" data-reader={a.verdict.reader} data-verdict={a.verdict.reason === 'unparsable' ? 'none' : a.verdict.allowed ? 'allowed' : 'disallowed'}
                      data-line={a.verdict.line} title={tr('reader.who', { reader: readerKey(a.verdict.reader) })}
                      aria-expanded={detail === a.verdict.reader} aria-controls={detailId} onClick={() => toggle(a.verdict.reader)}
                    >
                      <span aria-hidden="true">{a.verdict.reason === 'unparsable' ? '?' : a.verdict.allowed ? '✓' : '✕'}</span>{' '}
                      {tr('readers.chip', { reader: name(a.verdict.reader), verdict: a.verdict.reason === 'unparsable' ? 'none' : a.verdict.allowed ? 'allowed' : 'blocked', line: a.verdict.line })}
                    </button>
                  </li>
                ))}
              </ul>
              {differ.length === 0 && <p className="muted" data-testid="readers-all-same">{tr('readers.all-same')}</p>}
              {differ.map((a) => (
                <p key={a.verdict.reader} className="reader-why" data-testid="reader-why" data-reader={a.verdict.reader}>
                  {a.verdict.line > 0 ? (
                    <button type="button" className="link" onClick={() => t.reveal(a.verdict.line)}>{tr('common.line', { line: a.verdict.line })}</button>
                  ) : null}{' '}
                  {a.sentences.map((s) => readerSentence(tr, s)).join(' ')}
                </p>
              ))}
              <div id={detailId} className="reader-detail" data-testid="reader-detail" hidden={detail === null}>
                {detail === 'same' ? (
                  <ul>
                    {same.map((a) => (
                      <li key={a.verdict.reader}><strong>{name(a.verdict.reader)}</strong>: {tr('reader.who', { reader: readerKey(a.verdict.reader) })}</li>
                    ))}
                  </ul>
                ) : detail ? (
                  <p><strong>{name(detail)}</strong>: {tr('reader.who', { reader: readerKey(detail) })}</p>
                ) : null}
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
});
