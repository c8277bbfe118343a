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

/** How close a profile is to what was typed: 0 an exact name or token, 1 a prefix, 2 elsewhere, -1 no match. */
function closeness(p: CrawlerProfile, q: string): number {
  const names = [p.name.toLowerCase(), ...p.tokens.map((tok) => tok.toLowerCase())];
  if (names.includes(q)) return 0;
  if (names.some((n) => n.startsWith(q))) return 1;
  return names.some((n) => n.includes(q)) || p.operator.toLowerCase().includes(q) ? 2 : -1;
}

// Search engines before AI crawlers when both match alike: "Yandex" means the search engine.
const SEARCH_RANK: Readonly<Record<CrawlerSection, number>> = { google: 0, search: 0, ai: 1, other: 2 };

/**
 * The profiles matching `query`: exact names and tokens first, then prefixes, then the rest, and
 * within each search engines before AI crawlers, each in picker order. All of them for no query.
 */
export function crawlerMatches(query: string): readonly CrawlerProfile[] {
  const q = query.trim().toLowerCase();
  if (!q) return ORDERED;
  return ORDERED.map((p, i) => ({ p, i, c: closeness(p, q) })).filter((x) => x.c >= 0)
    .sort((a, b) => a.c - b.c || SEARCH_RANK[a.p.section] - SEARCH_RANK[b.p.section] || a.i - b.i).map((x) => x.p);
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
      onPick={(p) => t.tester.setCrawler(profileInputText(p), { kind: 'profile', id: p.id })}
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

  const options = useMemo(() => crawlerMatches(filterText ?? ''), [filterText]);

  const pick = (p: CrawlerProfile) => {
    onPick(p);
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
            <div key={`${g}-${heading}`} role="group" aria-labelledby={`${listId}-group-${g}`}>
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
