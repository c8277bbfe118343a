import { createStore } from 'zustand/vanilla';

/** The tabs of the right-hand panel. */
export type PanelTab = 'test' | 'bulk' | 'ai' | 'diagnostics' | 'sitemaps' | 'compare' | 'logs';

/** UI-only state (not part of a shared case). */
export const uiStore = createStore<{ tab: PanelTab }>()(() => ({ tab: 'test' }));
