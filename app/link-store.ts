import { createStore } from 'zustand/vanilla';

/**
 * The current share link, as written to the address bar, and how to bring it up to date; whether
 * another tab autosaves the draft, and how to make this one do it.
 */
export const linkStore = createStore<{ link: string; tooLarge: number; flush: () => Promise<void>; draftElsewhere: boolean; takeOverDraft: () => void }>()(() => ({
  link: '',
  tooLarge: 0,
  flush: () => Promise.resolve(),
  draftElsewhere: false,
  takeOverDraft: () => {},
}));
