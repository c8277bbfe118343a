import { createStore } from 'zustand/vanilla';
import { DEFAULT_DIAGNOSTICS_FILTER, readDiagnosticsFilter, type DiagnosticsFilter } from '../src/store/index.js';

/** The tabs of the right-hand panel. */
export type PanelTab = 'test' | 'bulk' | 'ai' | 'diagnostics' | 'sitemaps' | 'compare' | 'logs';

/** UI-only state (not part of a shared case). */
export const uiStore = createStore<{ tab: PanelTab }>()(() => ({ tab: 'test' }));

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
