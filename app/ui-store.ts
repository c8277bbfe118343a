import { createStore } from 'zustand/vanilla';
import { DEFAULT_DIAGNOSTICS_FILTER, readDiagnosticsFilter, type DiagnosticsFilter } from '../src/store/index.js';

/** The tabs of the right-hand panel. */
export type PanelTab = 'test' | 'bulk' | 'ai' | 'diagnostics' | 'site' | 'compare' | 'logs';

/** Where the version compared with came from, to name it ("comparing with …"); a link's is unnamed. */
export interface CompareSource {
  readonly kind: 'opened' | 'saved' | 'file' | 'paste' | 'wayback';
  /** A file's name, an archived capture's date. */
  readonly name?: string;
}

/** UI-only state (not part of a shared case). */
export const uiStore = createStore<{
  tab: PanelTab;
  compareSource: CompareSource | null;
  /** A file opened while comparing, by name: the page asks whether to keep comparing (null: nothing to ask). */
  compareAsk: string | null;
}>()(() => ({ tab: 'test', compareSource: null, compareAsk: null }));

/** Compares with `text` from `source` (null: stop comparing). */
export function compareWith(setCompare: (text: string | null) => void, text: string | null, source: CompareSource | null): void {
  uiStore.setState({ compareSource: text === null ? null : source, compareAsk: null });
  setCompare(text);
}

const FILTER_KEY = 'robots-txt-tester:diagnostics-filter';

function loadFilter(): DiagnosticsFilter {
  try {
    const raw = localStorage.getItem(FILTER_KEY);
    return raw ? readDiagnosticsFilter(JSON.parse(raw)) : DEFAULT_DIAGNOSTICS_FILTER;
  } catch {
    return DEFAULT_DIAGNOSTICS_FILTER;
  }
}

/** What the Diagnostics panel lists and the editor marks: the user's choice, remembered across visits. */
export const diagnosticsFilterStore = createStore<DiagnosticsFilter>()(() => loadFilter());

diagnosticsFilterStore.subscribe((f) => {
  try {
    localStorage.setItem(FILTER_KEY, JSON.stringify(f));
  } catch {
    // Storage full or denied: the filter still holds for this visit.
  }
});
