/**
 * The case in the address bar and in localStorage: a debounced replaceState of the link as the
 * user edits, autosave of the user's own draft, and opening links (including broken ones).
 */
import { selectKey } from '../src/robots/index.js';
import { caseFromJson, decodeFragment, encodeFragment, sameCase, toWire, type DecodeProblem, type TestCaseState } from '../src/share/index.js';
import { toCase, type TesterState, type UiMessage } from '../src/store/index.js';
import { getBig, putBig } from './big-store.js';
import { SAMPLE_CASE } from './samples.js';
import type { DraftOwner } from './draft-owner.js';
import type { Tester } from '../src/tester/index.js';

/** Where the draft is kept (localStorage; a marker there when it went to IndexedDB). */
export const DRAFT_KEY = 'robots-txt-tester:draft';

/** The draft as it is kept: the page's early script compares the kept one with the sample's (app/first-paint.ts). */
export function draftJson(c: TestCaseState): string {
  return JSON.stringify(toWire(c));
}


/** The sentence for a link or case file that could not be read. */
export function decodeProblemMessage(r: { problem: DecodeProblem; version?: number }): UiMessage {
  return { id: 'link.problem', args: { problem: selectKey(r.problem), version: r.version ?? 0 } };
}

/**
 * Drafts above this size go to IndexedDB: localStorage writes are synchronous, and a 500 KB one
 * blocks the page for longer than a keystroke may wait.
 */
const BIG_DRAFT_CHARS = 100_000;
const BIG_MARKER = '{"big":true}';
let draftCache: TestCaseState | null = null;

/** The user's autosaved draft, or null (none yet, or unreadable). Cached after loadDraftAsync. */
export function loadDraft(): TestCaseState | null {
  if (draftCache) return draftCache;
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw || raw === BIG_MARKER) return null;
    const r = caseFromJson(raw);
    return r.ok ? r.value : null;
  } catch {
    return null;
  }
}

/** Loads the draft wherever it was saved (localStorage, or IndexedDB for big ones). */
export async function loadDraftAsync(): Promise<TestCaseState | null> {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(DRAFT_KEY);
  } catch {
    raw = null;
  }
  if (raw === BIG_MARKER) raw = await getBig(DRAFT_KEY);
  if (!raw) return null;
  const r = caseFromJson(raw);
  draftCache = r.ok ? r.value : null;
  return draftCache;
}

async function saveDraft(c: TestCaseState): Promise<boolean> {
  draftCache = c;
  const json = draftJson(c);
  try {
    if (json.length <= BIG_DRAFT_CHARS) {
      localStorage.setItem(DRAFT_KEY, json);
      return true;
    }
    if (!(await putBig(DRAFT_KEY, json))) return false;
    localStorage.setItem(DRAFT_KEY, BIG_MARKER);
    return true;
  } catch {
    return false;
  }
}

/** What the page opens with. */
export interface Opening {
  readonly value: TestCaseState;
  readonly origin: 'draft' | 'shared';
  /** Set when the link could not be opened. */
  readonly problem: { readonly problem: DecodeProblem; readonly version?: number } | null;
}

/** Decides what to open: the link in the address bar, else the draft, else the sample. */
export async function openingCase(hash: string): Promise<Opening> {
  const draft = await loadDraftAsync();
  const mine = draft ?? SAMPLE_CASE;
  if (hash === '' || hash === '#') return { value: mine, origin: 'draft', problem: null };
  const r = await decodeFragment(hash);
  if (!r.ok) return { value: mine, origin: 'draft', problem: r };
  return { value: r.value, origin: draft && sameCase(draft, r.value) ? 'draft' : 'shared', problem: null };
}

/** Cases larger than this (as JSON) are not put in the address bar. */
const MAX_LINK_CASE_CHARS = 1_000_000;

/** The longest the case as opened waits for an idle moment to be written (ms). */
const FIRST_WRITE_WAIT_MS = 2000;

/** Reports the current link; `tooLargeChars` is the case's size when it is too large for a link. */
export type LinkListener = (link: string, tooLargeChars: number) => void;

/** Everything autosaving needs besides the tester: who may write the draft (one tab of several). */
export interface PersistOptions {
  readonly delayMs?: number;
  /** Which tab autosaves the draft (every tab, when not given). */
  readonly owner?: DraftOwner;
}

/**
 * Keeps the address bar and the draft up to date as the user edits, and opens links pasted into
 * the address bar of the open tab. Returns the function that reports the current link, and
 * `ownerChanged`, to call when this tab starts autosaving the draft.
 */
export function persist(t: Tester, onLink: LinkListener, { delayMs = 250, owner }: PersistOptions = {}): { flush(): Promise<void>; ownerChanged(): void } {
  const { store } = t.tester;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let idle: number | null = null;
  // Counts the case's changes: a write that an edit overtook is dropped (see write).
  let edits = 0;
  let lastCase: TestCaseState | null = null;
  let lastOrigin: string | null = null;
  let writing = Promise.resolve();
  let ownHash = location.hash;
  const owns = () => owner?.owns() ?? true;
  // Edits of the draft made while another tab autosaved it: saved if this tab gets the autosave.
  let unsavedDraft = false;

  /** Writes the current case; unless `now`, gives up when an edit overtakes it. */
  const write = async (now = false) => {
    const s: TesterState = store.getState();
    const c = toCase(s);
    if (lastCase && sameCase(lastCase, c) && lastOrigin === s.origin) return;
    const at = edits;
    if (s.origin === 'draft' && owns()) {
      unsavedDraft = false;
      if (!(await saveDraft(c))) t.tester.setNotice({ kind: 'warning', message: { id: 'notice.autosave-failed' } });
    } else if (s.origin === 'draft') {
      unsavedDraft = true;
    }
    const size = s.bulkUrls.length + s.doc.length + (s.compare?.length ?? 0);
    if (size > MAX_LINK_CASE_CHARS) {
      // No chat tool or browser history wants a multi-megabyte address: the case goes by file.
      ownHash = '';
      history.replaceState(history.state, '', location.pathname + location.search);
      onLink(location.href, size);
    } else {
      const fragment = await encodeFragment(c);
      // The user typed on while the link was compressed: this case is already old, and putting a
      // long address in the bar blocks the page for a while. The newer case is written once
      // typing pauses again.
      if (!now && at !== edits) return;
      const url = location.pathname + location.search + '#' + fragment;
      ownHash = '#' + fragment;
      history.replaceState(history.state, '', url);
      onLink(location.href, 0);
    }
    lastCase = c;
    lastOrigin = s.origin;
  };
  const cancelPending = () => {
    if (timer) clearTimeout(timer);
    if (idle !== null) cancelIdleCallback(idle);
    timer = null;
    idle = null;
  };
  const schedule = () => {
    edits++;
    // A save waiting for an idle moment waits for the next pause instead: typing goes first.
    cancelPending();
    timer = setTimeout(() => {
      timer = null;
      // Saving a big case takes the main thread for a while: do it when the page is idle.
      const run = () => {
        idle = null;
        writing = writing.then(() => write());
      };
      if (store.getState().doc.length > BIG_DRAFT_CHARS && typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 1000 });
      else run();
    }, delayMs);
  };
  store.subscribe((s, prev) => {
    const changed = s.docRevision !== prev.docRevision || s.tests !== prev.tests || s.active !== prev.active || s.origin !== prev.origin ||
      s.bulkUrls !== prev.bulkUrls || s.bulkCrawlers !== prev.bulkCrawlers || s.expectations !== prev.expectations ||
      s.site !== prev.site || s.status !== prev.status || s.compare !== prev.compare || s.siteInventory !== prev.siteInventory || s.siteCrawlers !== prev.siteCrawlers;
    if (changed) schedule();
  });
  /**
   * Saves the draft's pending edits now, without touching the address bar (it already holds the
   * link the user went to): a link opened in this tab must not drop what was typed just before.
   */
  const saveDraftNow = async () => {
    const s = store.getState();
    if (!(timer || idle !== null) || s.origin !== 'draft') return;
    cancelPending();
    if (!owns()) {
      unsavedDraft = true;
      return;
    }
    const c = toCase(s);
    unsavedDraft = false;
    if (!(await saveDraft(c))) t.tester.setNotice({ kind: 'warning', message: { id: 'notice.autosave-failed' } });
    // The link written next is for the case the new fragment opens.
    lastCase = null;
  };
  window.addEventListener('hashchange', () => {
    if (location.hash === ownHash) return;
    ownHash = location.hash;
    const hash = location.hash;
    writing = writing.then(saveDraftNow);
    void writing.then(() => decodeFragment(hash)).then((r) => {
      if (r.ok) {
        const draft = loadDraft();
        t.tester.loadCase(r.value, draft && sameCase(draft, r.value) ? 'draft' : 'shared');
      } else {
        t.tester.setNotice({ kind: 'error', message: { id: 'notice.link-failed-kept', args: { reason: decodeProblemMessage(r) } } });
      }
    });
  });
  // The case as opened is written at the page's first idle moment: its link's compression and the
  // draft's save (~50 ms at 4× CPU) were a long task of the page's start-up. Leaving the page or a
  // flush before then writes it at once, as for an edit.
  const first = () => {
    idle = null;
    writing = writing.then(() => write());
  };
  if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(first, { timeout: FIRST_WRITE_WAIT_MS });
  else first();
  // Leaving the page (closing the tab, reloading) saves a pending edit now, not 250 ms later.
  const flushNow = () => {
    if (timer || idle !== null) {
      cancelPending();
      writing = writing.then(() => write(true));
    }
  };
  window.addEventListener('pagehide', flushNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushNow();
  });
  return {
    flush: async () => {
      if (timer || idle !== null) {
        cancelPending();
        writing = writing.then(() => write(true));
      }
      await writing;
    },
    ownerChanged: () => {
      // This tab now autosaves: its own unsaved edits of the draft go in (else the saved draft stands).
      if (!unsavedDraft || store.getState().origin !== 'draft') return;
      lastCase = null;
      writing = writing.then(() => write(true));
    },
  };
}

/** Switches back to the autosaved draft (the shared case stays reachable through its link). */
export function backToDraft(t: Tester): void {
  t.tester.loadCase(loadDraft() ?? SAMPLE_CASE, 'draft');
}

const SAVED_KEY = 'robots-txt-tester:saved-version';
let opened = '';

/** Remembers the robots.txt as the page opened it (a version to compare with). */
export function rememberOpenedVersion(text: string): void {
  opened = text;
}

/** The robots.txt as the page opened it. */
export function openedVersion(): string {
  return opened;
}

/** Remembers the robots.txt the user last saved to a file. */
export function rememberSavedVersion(text: string): void {
  try {
    localStorage.setItem(SAVED_KEY, text);
  } catch {
    // Best effort: comparing with it is a convenience.
  }
}

/** The robots.txt the user last saved to a file, or null. */
export function loadSavedVersion(): string | null {
  try {
    return localStorage.getItem(SAVED_KEY);
  } catch {
    return null;
  }
}
