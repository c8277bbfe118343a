import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { OTHER_CASE_CLASS, OTHER_LANGUAGE_CLASS, SHARED_CASE_CLASS } from '../app/first-paint.js';
import { firstPaintScript, PAGE_DATA_ID, withFirstScreen } from './first-screen.js';

const screen = { html: '<div class="app">…</div>', language: 'en', draftKey: 'robots-txt-tester:draft', sampleDraft: '{"v":4,"r":"a</script>b"}' };

/** Runs the built early script on a page opened at `hash`, with `storage` kept and the browser's `languages`; the classes it put on <html>. */
function marksOf(code: string, { hash = '', storage = {} as Record<string, string> | null, languages = ['en-US'] } = {}): string[] {
  const classes = new Set<string>();
  const data = { textContent: JSON.stringify(screen) };
  const document = {
    // The early script also listens for a tab tapped before the app is in (app/early-tab.ts).
    addEventListener: () => undefined,
    documentElement: { classList: { add: (...c: string[]) => c.forEach((x) => classes.add(x)) } },
    getElementById: (id: string) => (id === PAGE_DATA_ID ? data : null),
    location: { hash },
  };
  const localStorage = {
    getItem: (k: string) => {
      if (storage === null) throw new Error('storage is disabled');
      return storage[k] ?? null;
    },
  };
  runInNewContext(code, { document, localStorage, navigator: { languages, language: languages[0] } });
  return [...classes].sort();
}

describe('the first paint’s script (the built page’s first, before the first paint)', () => {
  it('marks nothing for a first visit in the HTML’s language, nor for a returning one whose draft is the sample', async () => {
    const code = await firstPaintScript();
    expect(marksOf(code)).toEqual([]);
    expect(marksOf(code, { storage: { 'robots-txt-tester:draft': screen.sampleDraft } })).toEqual([]);
    expect(marksOf(code, { storage: null })).toEqual([]);
  });

  it('hides the sample for a link or a draft of the user’s own, and the words for another language (chosen here or the browser’s)', async () => {
    const code = await firstPaintScript();
    expect(marksOf(code, { hash: '#zAbc' })).toEqual([OTHER_CASE_CLASS, SHARED_CASE_CLASS].sort());
    expect(marksOf(code, { storage: { 'robots-txt-tester:draft': '{"v":4,"r":"mine"}' } })).toEqual([OTHER_CASE_CLASS]);
    expect(marksOf(code, { languages: ['nl-BE', 'en'] })).toEqual([OTHER_LANGUAGE_CLASS]);
    expect(marksOf(code, { storage: { 'robots-txt-tester.language': 'ko' } })).toEqual([OTHER_LANGUAGE_CLASS]);
  });
});

describe('the first screen in index.html', () => {
  const html = '<head>\n    <script type="module" crossorigin src="./assets/index-1.js"></script>\n</head>\n<body>\n    <div id="root"></div>\n</body>';

  it('goes in the root element, and the page’s data and the early script before the first script, addressed as the page’s script is', () => {
    const out = withFirstScreen(html, screen, 'first-paint-2.js', 'assets/');
    expect(out).toContain('<div id="root"><div class="app">…</div></div>');
    const data = out.indexOf(`<script type="application/json" id="${PAGE_DATA_ID}">`);
    const early = out.indexOf('<script src="./assets/first-paint-2.js"></script>');
    expect(data).toBeGreaterThan(0);
    expect(early).toBeGreaterThan(data);
    expect(out.indexOf('<script type="module"')).toBeGreaterThan(early);
    // Data, never markup: the sample's text cannot end the element it is in.
    expect(out).not.toContain('a</script>b');
    const json = out.slice(out.indexOf('>', data) + 1, out.indexOf('</script>', data));
    expect(JSON.parse(json)).toEqual({ language: 'en', draftKey: screen.draftKey, sampleDraft: screen.sampleDraft });
  });

  it('refuses a page without an empty root element, or whose script is elsewhere', () => {
    expect(() => withFirstScreen(html.replace('<div id="root"></div>', '<main></main>'), screen, 'f.js', 'assets/')).toThrow(/root/);
    expect(() => withFirstScreen(html.replace('./assets/', './js/'), screen, 'f.js', 'assets/')).toThrow(/not in assets\//);
  });
});
