import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { crawlerById, selectKey, type CrawlerProfile, type CrawlerSpec } from '../../src/robots/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

// The list, its search and its headings (every crawler the tester knows), loaded when a crawler field is first used.
let list: typeof import('./crawler-list.js') | null = null;
let loading: Promise<void> | null = null;
function loadList(): Promise<void> {
  loading ??= import('./crawler-list.js').then((m) => { list = m; }, () => { loading = null; });
  return loading;
}

/**
 * What picking a profile tests: the profile itself when the page knows it from the first screen,
 * else the name it is written as (a name of the whole list is tested as that token).
 */
export function pickedSpec(p: CrawlerProfile): CrawlerSpec {
  return crawlerById(p.id) ? { kind: 'profile', id: p.id } : { kind: 'text', value: profileInputText(p) };
}

/** The text an input shows for a picked profile. */
export function profileInputText(p: CrawlerProfile): string {
  return p.tokens[0] ?? p.name;
}

/** A combobox: Google's crawlers and other common ones, or free text (a token or a User-Agent string), for the active test. */
export function CrawlerPicker() {
  const t = useTester();
  const text = useTesterState((s) => s.tests[s.active]!.crawlerText);
  return (
    <CrawlerCombo
      id="crawler-input"
      testId="user-agent"
      text={text}
      onText={(value) => t.tester.setCrawler(value, { kind: 'text', value })}
      onPick={(p) => t.tester.setCrawler(profileInputText(p), pickedSpec(p))}
    />
  );
}

/** The crawler combobox over any value: `onText` for what is typed, `onPick` for a listed profile; `onEnter` for Enter with the list closed. */
export function CrawlerCombo({ id, testId, text, onText, onPick, onEnter, label, autoFocus }: {
  id: string; testId: string; text: string; onText: (text: string) => void; onPick: (p: CrawlerProfile) => void; onEnter?: () => void; label?: string; autoFocus?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [filterText, setFilterText] = useState<string | null>(null);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const tr = useT();
  const [loaded, setLoaded] = useState(list);
  const wantList = () => {
    if (!loaded) void loadList().then(() => setLoaded(list));
  };

  // No options until the list has loaded: the list opens then.
  const options = useMemo(() => (loaded ? loaded.crawlerMatches(filterText ?? '') : []), [filterText, loaded]);

  const pick = (p: CrawlerProfile) => {
    // No robots.txt line can name an agent without a token: there is nothing to test it as.
    if (p.tokenless) return;
    onPick(p);
    setOpen(false);
    setFilterText(null);
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      wantList();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(a + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Enter' && onEnter) {
      e.preventDefault();
      onEnter();
    } else if (e.key === 'Escape' && open) {
      // The list is what Escape closes here, not a notice behind it.
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="combo">
      <input
        ref={inputRef}
        id={id}
        data-testid={testId}
        aria-label={label}
        autoFocus={autoFocus}
        className="field-input"
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${options[active].id}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={tr('picker.placeholder')}
        value={text}
        onChange={(e) => {
          onText(e.target.value);
          wantList();
          setFilterText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKey}
        onFocus={wantList}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
      />
      <button
        type="button"
        className="combo-toggle"
        aria-label={tr('picker.show')}
        tabIndex={-1}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          setFilterText(null);
          wantList();
          setOpen((o) => !o);
          inputRef.current?.focus();
        }}
      >
        ▾
      </button>
      {open && loaded && options.length > 0 && (
        <div className="combo-list" role="listbox" id={listId} aria-label={tr('picker.list')}>
          {/* Options grouped under their heading (ARIA listbox groups), in picker order. */}
          {loaded.groupsOf(options, tr).map(({ heading, items }, g) => (
            <div key={`${g}-${heading}`} role="group" aria-labelledby={`${listId}-group-${g}`}>
              <div className="combo-heading" id={`${listId}-group-${g}`}>{heading}</div>
              {items.map(({ p, i }) => (
                <div
                  key={p.id}
                  id={`${listId}-${p.id}`}
                  role="option"
                  aria-selected={i === active}
                  aria-disabled={p.tokenless ? true : undefined}
                  title={p.tokenless ? tr('picker.no-token-title') : undefined}
                  className={`combo-option${i === active ? ' active' : ''}${p.tokenless ? ' disabled' : ''}`}
                  data-group={heading}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(p)}
                >
                  <span className="combo-name">{p.name}</span>
                  <span className="combo-tokens">
                    {p.section === 'ai' && p.operator && <span className="combo-operator">{p.operator} · </span>}
                    {loaded.tokensLabel(p, tr)}
                    {p.ignoresGlobal && <span className="pill pill-warn">{tr('picker.ignores-star')}</span>}
                    {p.source === 'directory' && <span className="pill" data-testid="picker-directory-only" title={tr('picker.directory-title')}>{tr('picker.directory-only')}</span>}
                    {p.caveat && <span className="pill pill-warn" title={tr('why.profile-caveat', { profile: selectKey(p.id), operator: p.operator })}>{tr('picker.may-ignore')}</span>}
                  </span>
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
