import { createStore } from 'zustand/vanilla';

/** The tabs of the right-hand panel. */
export type PanelTab = 'test' | 'bulk' | 'ai' | 'diagnostics' | 'sitemaps' | 'compare';

/** Where the version compared with came from, to name it ("comparing with …"); a link's is unnamed. */
export interface CompareSource {
  readonly kind: 'opened' | 'saved' | 'file' | 'paste' | 'wayback';
  /** A file's name, an archived capture's date. */
  readonly name?: string;
}

/** UI-only state (not part of a shared case). */
export const uiStore = createStore<{ tab: PanelTab; compareSource: CompareSource | null }>()(() => ({ tab: 'test', compareSource: null }));

/** Compares with `text` from `source` (null: stop comparing). */
export function compareWith(setCompare: (text: string | null) => void, text: string | null, source: CompareSource | null): void {
  uiStore.setState({ compareSource: text === null ? null : source });
  setCompare(text);
}
