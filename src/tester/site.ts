/**
 * The Site tab's coordination, without React: its worker starts when the tab is first opened (the
 * inventory the case carries is read then), every edit of the file is told to it, and the
 * inventory is audited again once typing pauses or the crawlers, readers, site, fetch result or
 * compared version change. The worker holds the inventory; the page keeps only what it shows.
 */
import { shallow } from 'zustand/shallow';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FolderSummary } from '../robots/site/index.js';
import { siteCrawlersOf, type TesterStore } from '../store/index.js';
import {
  SiteWorkerClient, type SiteRowPage, type SiteRowQuery, type SiteSourceInput, type SiteState, type SiteWorkerLike,
} from '../worker/index.js';
import { Pause } from './pause.js';

/** Where the sources a link cannot carry (opened files, pasted text) are kept between visits. */
export interface SiteKeeper {
  load(): Promise<readonly SiteSourceInput[]>;
  save(sources: readonly SiteSourceInput[]): void;
}

/** What the Site tab shows: the worker's state, the run's progress, and the audit asked for last. */
export interface SiteTabState {
  readonly started: boolean;
  readonly state: SiteState | null;
  readonly progress: { readonly phase: 'reading' | 'checking'; readonly urls: number; readonly checked: number } | null;
  /** The audit asked for last: a summary of another revision is an older one. */
  readonly revision: number;
}

/** The Site tab's controller. */
export interface SiteTab {
  readonly store: StoreApi<SiteTabState>;
  /** The tab is on screen: starts the worker (once) with the case's inventory. */
  open(): void;
  add(sources: readonly SiteSourceInput[]): void;
  /** Removes the index-th source of the inventory. */
  remove(index: number): void;
  clear(): void;
  rows(query: SiteRowQuery): Promise<{ revision: number; page: SiteRowPage }>;
  /** A folder's sub-folders by its address ('': the roots). */
  children(folder: string): Promise<{ revision: number; nodes: readonly FolderSummary[] }>;
  csv(): Promise<Blob>;
  dispose(): void;
}

/** The pause in typing before the inventory is audited again (plus 1 ms per 500 characters). */
export const SITE_PAUSE_MS = 300;

/** Creates the Site tab's controller over the tester's store; `spawn` starts its worker. */
export function createSiteTab(tester: TesterStore, spawn: () => SiteWorkerLike, keeper: SiteKeeper | null): SiteTab {
  const { store } = tester;
  const tab = createStore<SiteTabState>()(() => ({ started: false, state: null, progress: null, revision: 0 }));
  const pause = new Pause(SITE_PAUSE_MS);
  /** Every source in the worker's order: the case's URLs and the kept files and pastes. */
  let sources: SiteSourceInput[] = [];
  const client = new SiteWorkerClient(spawn, {
    onState: (state) => tab.setState({ state, ...(state.busy ? {} : { progress: null }) }),
    onProgress: (p) => tab.setState({ progress: { phase: p.phase, urls: p.urls, checked: p.checked } }),
  });
  const unsubscribe: (() => void)[] = [];

  const urlsOf = (list: readonly SiteSourceInput[]) => list.flatMap((s) => (s.kind === 'url' ? [s.url] : []));
  const keep = () => keeper?.save(sources.filter((s) => s.kind !== 'url'));
  const audit = () => {
    const s = store.getState();
    const revision = tab.getState().revision + 1;
    tab.setState({ revision });
    client.audit({
      revision, text: s.doc, status: s.status, compare: s.compare, crawlers: siteCrawlersOf(s), readers: s.siteReaders, site: s.site,
    });
  };

  const start = async () => {
    // A shared case brings its own inventory (its URLs); the kept files are the draft's.
    const kept = keeper && store.getState().origin === 'draft' ? await keeper.load().catch(() => []) : [];
    sources = [...store.getState().siteSources.map((url): SiteSourceInput => ({ kind: 'url', url })), ...kept];
    const s = store.getState();
    client.textChanged(null, s.doc);
    audit();
    if (sources.length > 0) client.add(sources);
    // Each edit reaches the worker before the audit it belongs to.
    unsubscribe.push(store.subscribe((x) => x.docRevision, () => {
      const now = store.getState();
      client.textChanged(now.docEdits, now.doc);
    }));
    unsubscribe.push(store.subscribe((x) => x.docRevision, () => pause.after(store.getState().doc.length, audit)));
    unsubscribe.push(store.subscribe((x) => [x.siteCrawlers, x.siteReaders, x.site, x.status, x.compare, x.siteCrawlers.length === 0 ? x.tests[x.active]?.crawler : null] as const, () => {
      pause.cancel();
      audit();
    }, { equalityFn: shallow }));
    // A case opened anew (a link, the draft) brings another inventory.
    unsubscribe.push(store.subscribe((x) => x.siteSources, (urls) => {
      const held = urlsOf(sources);
      if (urls.length === held.length && urls.every((u, i) => u === held[i])) return;
      void (async () => {
        const others = keeper && store.getState().origin === 'draft' ? await keeper.load().catch(() => []) : [];
        sources = [...urls.map((url): SiteSourceInput => ({ kind: 'url', url })), ...others];
        client.clear();
        if (sources.length > 0) client.add(sources);
      })();
    }));
  };

  return {
    store: tab,
    open() {
      if (tab.getState().started) return;
      tab.setState({ started: true });
      void start();
    },
    add(added) {
      if (added.length === 0) return;
      sources = [...sources, ...added];
      client.add(added);
      tester.setSiteSources(urlsOf(sources));
      if (added.some((s) => s.kind !== 'url')) keep();
    },
    remove(index) {
      const gone = sources[index];
      if (!gone) return;
      sources = sources.filter((_, i) => i !== index);
      client.remove(index);
      if (gone.kind === 'url') tester.setSiteSources(urlsOf(sources));
      else keep();
    },
    clear() {
      sources = [];
      client.clear();
      tester.setSiteSources([]);
      keep();
    },
    rows: (q) => client.rows(q),
    children: (folder) => client.children(folder),
    csv: () => client.csv(),
    dispose() {
      for (const u of unsubscribe) u();
      pause.cancel();
      client.dispose();
    },
  };
}
