import { createStore } from 'zustand/vanilla';

/** The current share link, as written to the address bar, and how to bring it up to date. */
export const linkStore = createStore<{ link: string; flush: () => Promise<void> }>()(() => ({
  link: '',
  flush: () => Promise.resolve(),
}));
