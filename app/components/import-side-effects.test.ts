/**
 * A component's words load with it, through useT(namespace), never as a side effect of importing
 * its module: importing every component leaves the interface's catalogues and translator as they were.
 */
import { describe, expect, it } from 'vitest';
import { i18nStore, translate } from '../i18n/index.js';

describe('component modules', () => {
  it('register no messages when imported', async () => {
    const before = i18nStore.getState();
    const modules = Object.values(import.meta.glob('./**/*.tsx'));
    expect(modules.length).toBeGreaterThan(20);
    for (const load of modules) await load();
    // A load begun at import would have landed by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(i18nStore.getState()).toBe(before);
    expect(Object.keys(before.loaded)).toEqual(['en']);
    expect(translate().has('logs.intro')).toBe(false);
  });
});
