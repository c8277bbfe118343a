/**
 * The vanilla zustand store of the tester, and its actions. React binds to it in app/.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AnalysisResult, CrawlerSpec } from '../worker/protocol.js';
import * as t from './transitions.js';

/** The store plus the actions the UI calls. */
export interface TesterStore {
  readonly store: StoreApi<t.TesterState>;
  setDoc(doc: string): void;
  setUrl(url: string): void;
  setCrawler(text: string, crawler: CrawlerSpec): void;
  applyResult(result: AnalysisResult): void;
  setNotice(notice: t.Notice): void;
}

/** Creates a store starting from `initial`. */
export function createTesterStore(initial: t.TesterState): TesterStore {
  const store = createStore<t.TesterState>()(() => initial);
  const update = (f: (s: t.TesterState) => t.TesterState) => store.setState(f(store.getState()), true);
  return {
    store,
    setDoc: (doc) => update((s) => t.setDoc(s, doc)),
    setUrl: (url) => update((s) => t.setUrl(s, url)),
    setCrawler: (text, crawler) => update((s) => t.setCrawler(s, text, crawler)),
    applyResult: (result) => update((s) => t.applyResult(s, result)),
    setNotice: (notice) => update((s) => t.setNotice(s, notice)),
  };
}
