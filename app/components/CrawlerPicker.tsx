import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CRAWLERS, selectKey, type CrawlerProfile, type CrawlerSection } from '../../src/robots/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT, type Translator } from '../i18n/index.js';

function tokensLabel(p: CrawlerProfile, t: Translator): string {
  if (p.ignoresRobotsTxt) return t('picker.ignores-robots');
  return p.tokens.join(' → ') + (p.ignoresGlobal ? '' : ' → *');
}

const SECTION_ORDER: readonly CrawlerSection[] = ['google', 'ai', 'search', 'other'];
const PURPOSE_ORDER = ['search', 'user', 'training'] as const;

/** The heading a profile is listed under: its section, and for AI crawlers their purpose. */
export function groupOf(p: CrawlerProfile, t: Translator): string {
  return p.section === 'ai' && p.purpose ? t('picker.ai-heading', { purpose: t('crawler.purpose', { purpose: p.purpose }) }) : t('crawler.section', { section: p.section });
}

/** Profiles in picker order: by section, AI crawlers by purpose, each in list order. */
const ORDERED: readonly CrawlerProfile[] = [...CRAWLERS].sort((a, b) =>
  SECTION_ORDER.indexOf(a.section) - SECTION_ORDER.indexOf(b.section) ||
  (a.section === 'ai' && b.section === 'ai' ? PURPOSE_ORDER.indexOf(a.purpose!) - PURPOSE_ORDER.indexOf(b.purpose!) : 0));

/** Consecutive options under one heading, each with its index in the flat list (for the keyboard). */
function groupsOf(options: readonly CrawlerProfile[], t: Translator): { heading: string; items: { p: CrawlerProfile; i: number }[] }[] {
  const out: { heading: string; items: { p: CrawlerProfile; i: number }[] }[] = [];
  options.forEach((p, i) => {
    const heading = groupOf(p, t);
    if (out.at(-1)?.heading !== heading) out.push({ heading, items: [] });
    out.at(-1)!.items.push({ p, i });
  });
  return out;
}

/** The text an input shows for a picked profile. */
export function profileInputText(p: CrawlerProfile): string {
  return p.tokens[0] ?? p.name;
}

/** A combobox: Google's crawlers and other common ones, or free text (a token or a User-Agent string). */
export function CrawlerPicker() {
  const t = useTester();
  const text = useTesterState((s) => s.tests[s.active]!.crawlerText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [filterText, setFilterText] = useState<string | null>(null);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const tr = useT();

  const options = useMemo(() => {
    const q = (filterText ?? '').trim().toLowerCase();
    if (!q) return ORDERED;
    return ORDERED.filter((c) => c.name.toLowerCase().includes(q) || c.operator.toLowerCase().includes(q) || c.tokens.some((tok) => tok.toLowerCase().includes(q)));
  }, [filterText]);

  const pick = (p: CrawlerProfile) => {
    t.tester.setCrawler(profileInputText(p), { kind: 'profile', id: p.id });
    setOpen(false);
    setFilterText(null);
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(a + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      pick(options[active]);
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
        id="crawler-input"
        data-testid="user-agent"
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
          t.tester.setCrawler(e.target.value, { kind: 'text', value: e.target.value });
          setFilterText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKey}
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
          setOpen((o) => !o);
          inputRef.current?.focus();
        }}
      >
        ▾
      </button>
      {open && options.length > 0 && (
        <div className="combo-list" role="listbox" id={listId} aria-label={tr('picker.list')}>
          {/* Options grouped under their heading (ARIA listbox groups), in picker order. */}
          {groupsOf(options, tr).map(({ heading, items }, g) => (
            <div key={heading} role="group" aria-labelledby={`${listId}-group-${g}`}>
              <div className="combo-heading" id={`${listId}-group-${g}`}>{heading}</div>
              {items.map(({ p, i }) => (
                <div
                  key={p.id}
                  id={`${listId}-${p.id}`}
                  role="option"
                  aria-selected={i === active}
                  className={`combo-option${i === active ? ' active' : ''}`}
                  data-group={heading}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(p)}
                >
                  <span className="combo-name">{p.name}</span>
                  <span className="combo-tokens">
                    {p.section === 'ai' && <span className="combo-operator">{p.operator} · </span>}
                    {tokensLabel(p, tr)}
                    {p.ignoresGlobal && <span className="pill pill-warn">{tr('picker.ignores-star')}</span>}
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
