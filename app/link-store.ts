import { createStore } from 'zustand/vanilla';

/** The current share link, as written to the address bar, and how to bring it up to date. */
export const linkStore = createStore<{ link: string; tooLarge: number; flush: () => Promise<void> }>()(() => ({
  link: '',
  tooLarge: 0,
  flush: () => Promise.resolve(),
}));
