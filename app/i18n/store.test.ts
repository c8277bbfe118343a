/**
 * The interface's language as the app lives it: a tab's namespace loads in the current language
 * when the tab first shows and again on each language switch; the staged start; the last choice wins.
 */
import { createElement, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import type { Namespace } from './catalogues.js';
import { loadCatalogue } from './loader.js';
import { useT } from './hooks.js';
import type { Language } from './languages.js';
import { i18nStore, setLanguage, translate } from './store.js';

// setLanguage marks the page's language on <html>: there is no page here.
vi.stubGlobal('document', { documentElement: { lang: '' } });
// The Site tab's Korean words cannot load here, as offline or after a new deploy.
vi.mock('./catalogues/ko-site.ts', () => {
  throw new Error('offline');
});

/** What a tab that words `id` from its `namespace` shows once React has rendered it (it suspends until its words are in). */
async function renderTab(namespace: Namespace, id: string): Promise<string> {
  function Tab() {
    const tr = useT(namespace);
    return createElement('p', null, tr(id));
  }
  const { prelude } = await prerender(createElement(Suspense, { fallback: 'loading' }, createElement(Tab)));
  const html = await new Response(prelude).text();
  return /<p>(.*)<\/p>/.exec(html)?.[1] ?? html;
}

/** `id`'s text in `language`'s file of `namespace` (ids without arguments: the text is the words). */
async function words(language: Language, namespace: Namespace, id: string): Promise<string> {
  return (await loadCatalogue(language, namespace))[id] as string;
}

const loaded = (language: Language, namespace: Namespace) => i18nStore.getState().loaded[language]?.[namespace] !== undefined;

describe('the language and its namespaces', () => {
  it('the staged start shows the language once its core is in, and the rest of the page right after', async () => {
    await setLanguage('hi', false, true);
    expect(i18nStore.getState().language).toBe('hi');
    expect(loaded('hi', 'core')).toBe(true);
    await vi.waitFor(() => expect(loaded('hi', 'more')).toBe(true));
    expect(translate()('diagnostics.label')).toBe(await words('hi', 'more', 'diagnostics.label'));
  });

  it('a tab’s namespace loads in the current language when the tab opens, and again on a language switch', async () => {
    await setLanguage('nl', false);
    expect(loaded('nl', 'logs')).toBe(false);
    expect(await renderTab('logs', 'logs.choose')).toBe(await words('nl', 'logs', 'logs.choose'));
    expect(loaded('nl', 'logs')).toBe(true);
    // English too: every translator's fallback.
    expect(loaded('en', 'logs')).toBe(true);

    await setLanguage('ko', false);
    expect(loaded('ko', 'logs')).toBe(true);
    expect(translate()('logs.choose')).toBe(await words('ko', 'logs', 'logs.choose'));
    expect(await renderTab('logs', 'logs.choose')).toBe(await words('ko', 'logs', 'logs.choose'));
    // A tab never opened loads nothing.
    expect(loaded('ko', 'site')).toBe(false);
    expect(loaded('nl', 'site')).toBe(false);
  });

  it('a tab whose words cannot load in the language shows them in English, and waits for them no more', async () => {
    await setLanguage('ko', false);
    const english = await words('en', 'site', 'site.open-files');
    expect(await renderTab('site', 'site.open-files')).toBe(english);
    expect(loaded('ko', 'site')).toBe(false);
    expect(await renderTab('site', 'site.open-files')).toBe(english);
    expect(translate()('logs.choose')).toBe(await words('ko', 'logs', 'logs.choose'));
  });

  it('a choice made while another loads wins', async () => {
    await Promise.all([setLanguage('nl', false), setLanguage('hi', false)]);
    expect(i18nStore.getState().language).toBe('hi');
    expect(i18nStore.getState().requested).toBe('hi');
  });
});
