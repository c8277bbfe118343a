/**
 * The Site tab's coordination, without React. Its state is the Site slice of the tester's store;
 * this owns the tab's worker and its subscriptions: the worker starts when the tab is first opened
 * (it is sent the inventory, and the draft's kept files and pastes are added), every edit of the
 * file is told to it, the inventory is audited again once typing pauses or the crawlers, readers,
 * site, fetch result or compared version change, and the page of the list and the open folders
 * are asked for again as the audit moves. What the worker says, and what happened to it, goes
 * into the slice.
 */
import { shallow } from 'zustand/shallow';
import { siteCrawlersOf, siteColumn, siteKept, siteRowQuery, type TesterStore } from '../store/index.js';
import { SiteWorkerClient, WorkerError, type SiteSourceInput, type WorkerLike } from '../worker/index.js';
import { Answers } from './answers.js';
import { Pause } from './pause.js';

/** Where the sources a link cannot carry (opened files, pasted text) are kept between visits. */
export interface SiteKeeper {
  load(): Promise<readonly SiteSourceInput[]>;
  save(sources: readonly SiteSourceInput[]): void;
}

/** The Site tab's controller: what needs its worker (the rest are the store's actions). */
export interface SiteTab {
  /** The tab is on screen: starts the worker (once) with the case's inventory. */
  open(): void;
  add(sources: readonly SiteSourceInput[]): void;
  /** Removes the index-th source of the inventory. */
  remove(index: number): void;
  clear(): void;
  /** Opens a folder of the tree (its sub-folders are asked for). */
  expand(folder: string): void;
  /** Every audited row as the audit's CSV; null when it could not be made (the tab then says why). */
  csv(): Promise<Blob | null>;
  dispose(): void;
}

/** The pause in typing before the inventory is audited again (plus 1 ms per 500 characters). */
export const SITE_PAUSE_MS = 300;

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Asks `ask` again once if the worker was replaced while it waited: the new one holds the sources
 * and the audit again and answers from what it has read so far (the page and folders are asked
 * for again as it reads on). Any other failure stands.
 */
function againIfRestarted<T>(ask: () => Promise<T>): Promise<T> {
  return ask().catch((e: unknown) => {
    if (e instanceof WorkerError && e.name === 'WorkerRestarted') return ask();
    throw e;
  });
}

/** Creates the Site tab's controller over the tester's store; `spawn` starts its worker. */
export function createSiteTab(tester: TesterStore, spawn: () => WorkerLike, keeper: SiteKeeper | null): SiteTab {
  const { store } = tester;
  const pause = new Pause(SITE_PAUSE_MS);
  const answers = new Answers();
  const client = new SiteWorkerClient(spawn, {
    onState: (state) => tester.applySiteState(state),
    onProgress: (progress) => tester.applySiteProgress(progress),
    onRestart: (why) => tester.siteWorkerRestarted(why),
    onError: (message) => tester.siteWorkerFailed(message),
  });
  const unsubscribe: (() => void)[] = [];
  let started = false;

  const keep = () => keeper?.save(siteKept(store.getState().siteInventory));
  const audit = () => {
    tester.siteAuditAsked();
    const s = store.getState();
    client.audit({ revision: s.siteRevision, text: s.doc, status: s.status, compare: s.compare, crawlers: siteCrawlersOf(s), readers: s.siteReaders, site: s.site });
  };
  const askRows = () => {
    const s = store.getState();
    const query = siteRowQuery(s);
    if (!query) return;
    const asked = answers.ask('site-rows', s.siteRevision, s);
    void againIfRestarted(() => client.rows(query)).then(
      (r) => {
        if (answers.answers(asked, 'site-rows', r.revision, store.getState())) tester.applySiteRows(r.page);
      },
      (e: unknown) => {
        if (answers.answers(asked, 'site-rows', asked.revision, store.getState())) tester.siteRowsFailed(reason(e));
      },
    );
  };
  const askFolders = () => {
    const open = store.getState().siteFolders.open;
    if (open.length === 0) return;
    void Promise.all(open.map((f) => againIfRestarted(() => client.children(f)).then((r) => [f, r.nodes] as const))).then(
      (children) => tester.siteFoldersAnswered(children),
      (e: unknown) => tester.siteFoldersFailed(reason(e)),
    );
  };

  const start = () => {
    client.textChanged(null, store.getState().doc);
    audit();
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
    // The whole list each time: the worker keeps what it read of the sources the list starts with.
    unsubscribe.push(store.subscribe((x) => x.siteInventory, (sources) => client.read(sources), { fireImmediately: true }));
    // A draft's files and pastes are kept apart from its link: they follow its URLs.
    unsubscribe.push(store.subscribe((x) => x.siteKeptToLoad, (toLoad) => {
      if (!toLoad) return;
      if (!keeper) return tester.siteKeptLoaded([]);
      void keeper.load().catch(() => []).then((kept) => tester.siteKeptLoaded(kept));
    }, { fireImmediately: true }));
    // A running audit's summaries come every second: the page is asked again when it completes.
    unsubscribe.push(store.subscribe((x) => {
      const summary = x.siteWorker?.summary;
      return [x.siteView, siteColumn(x), summary ? summary.urls > 0 : false, summary?.changes != null, summary?.revision, summary?.complete] as const;
    }, askRows, { equalityFn: shallow, fireImmediately: true }));
    unsubscribe.push(store.subscribe((x) => [x.siteWorker?.summary?.revision, x.siteWorker?.summary?.complete] as const, askFolders, { equalityFn: shallow }));
  };

  return {
    open() {
      if (started) return;
      started = true;
      start();
    },
    add(added) {
      if (added.length === 0) return;
      tester.addSiteSources(added);
      if (added.some((s) => s.kind !== 'url')) keep();
    },
    remove(index) {
      const gone = store.getState().siteInventory[index];
      if (!gone) return;
      tester.removeSiteSource(index);
      if (gone.kind !== 'url') keep();
    },
    clear() {
      tester.clearSiteSources();
      keep();
    },
    expand(folder) {
      if (store.getState().siteFolders.open.includes(folder)) return;
      void againIfRestarted(() => client.children(folder)).then(
        (r) => tester.siteFolderOpened(folder, r.nodes),
        (e: unknown) => tester.siteFoldersFailed(reason(e)),
      );
    },
    csv() {
      // Not asked again after a restart: the new worker has not read the inventory yet.
      return client.csv().catch((e: unknown) => {
        tester.setSiteNotice({ kind: 'error', message: { id: 'site.csv-failed', args: { message: reason(e) } } });
        return null;
      });
    },
    dispose() {
      for (const u of unsubscribe) u();
      pause.cancel();
      client.dispose();
    },
  };
}

