import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { OTHER_CASE_CLASS, OTHER_LANGUAGE_CLASS, SHARED_CASE_CLASS } from '../app/first-paint.js';
import { FIRST_SCREEN_END_ID, FIRST_SCREEN_WHOLE, firstPaintScript, PAGE_DATA_ID, withFirstScreen } from './first-screen.js';

const screen = { html: '<div class="app">…</div>', language: 'en', draftKey: 'robots-txt-tester:draft', sampleDraft: '{"v":4,"r":"a</script>b"}' };

const app = { entry: './assets/index-1.js', preloads: ['./assets/store-3.js'] };

/**
 * Runs the built early script on a page opened at `hash`, with `storage` kept and the browser's
 * `languages`, in a browser that tells when its first paint is on screen or not (`paintTiming`):
 * the classes it put on <html>, and the sources of the elements it added to the head.
 */
function run(code: string, { hash = '', storage = {} as Record<string, string> | null, languages = ['en-US'], paintTiming = false } = {}) {
  const classes = new Set<string>();
  const added: string[] = [];
  const data = { textContent: JSON.stringify({ ...screen, app }) };
  const document = {
    // The early script also listens for a tab tapped before the app is in (app/early-tab.ts).
    addEventListener: () => undefined,
    documentElement: { classList: { add: (...c: string[]) => c.forEach((x) => classes.add(x)) } },
    getElementById: (id: string) => (id === PAGE_DATA_ID ? data : null),
    location: { hash },
    readyState: 'interactive',
    visibilityState: 'visible',
    createElement: () => ({}),
    head: { append: (el: { src?: string; href?: string }) => added.push(el.src ?? el.href ?? '') },
  };
  const localStorage = {
    getItem: (k: string) => {
      if (storage === null) throw new Error('storage is disabled');
      return storage[k] ?? null;
    },
  };
  const PerformanceObserver = Object.assign(function PerformanceObserver() {
    return { observe: () => undefined, disconnect: () => undefined };
  }, { supportedEntryTypes: paintTiming ? ['paint'] : [] });
  runInNewContext(code, { document, localStorage, navigator: { languages, language: languages[0] }, PerformanceObserver, setTimeout: () => 0 });
  return { marks: [...classes].sort(), added };
}

/** The classes the built early script puts on <html> (see `run`). */
const marksOf = (code: string, options: Parameters<typeof run>[1] = {}) => run(code, options).marks;

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

  it('adds the app’s scripts once the first paint is on screen when the HTML shows the page as it is, at once otherwise', async () => {
    const code = await firstPaintScript();
    expect(run(code, { paintTiming: true }).added).toEqual([]);
    expect(run(code).added).toEqual([...app.preloads, app.entry]);
    expect(run(code, { paintTiming: true, hash: '#zAbc' }).added).toEqual([...app.preloads, app.entry]);
    expect(run(code, { paintTiming: true, languages: ['nl'] }).added).toEqual([...app.preloads, app.entry]);
  });
});

describe('the first screen in index.html', () => {
  const html = '<head>\n    <script type="module" crossorigin src="./assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="./assets/store-3.js">\n    <link rel="stylesheet" crossorigin href="./assets/index-4.css">\n</head>\n<body>\n    <div id="root"></div>\n</body>';

  it('goes in the root element, and the page’s data and the early script where the first script was, addressed as the page’s script is; the app’s scripts move into the data', () => {
    const out = withFirstScreen(html, screen, 'first-paint-2.js', 'assets/');
    expect(out).toContain(`<div id="root"><div class="app">…</div></div><template id="${FIRST_SCREEN_END_ID}"></template>`);
    const data = out.indexOf(`<script type="application/json" id="${PAGE_DATA_ID}">`);
    const early = out.indexOf('<script src="./assets/first-paint-2.js"></script>');
    expect(data).toBeGreaterThan(0);
    expect(early).toBeGreaterThan(data);
    expect(out).not.toContain('<script type="module"');
    expect(out).not.toContain('modulepreload');
    // The stylesheet is requested before the early script runs, and the script waits for it.
    expect(out.indexOf('<link rel="stylesheet"')).toBeGreaterThan(0);
    expect(out.indexOf('<link rel="stylesheet"')).toBeLessThan(early);
    // HTML's rel=expect: no frame is painted before the first screen is parsed whole.
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain(FIRST_SCREEN_WHOLE);
    expect(FIRST_SCREEN_WHOLE).toContain(`href="#${FIRST_SCREEN_END_ID}"`);
    // Data, never markup: the sample's text cannot end the element it is in.
    expect(out).not.toContain('a</script>b');
    const json = out.slice(out.indexOf('>', data) + 1, out.indexOf('</script>', data));
    expect(JSON.parse(json)).toEqual({ language: 'en', draftKey: screen.draftKey, sampleDraft: screen.sampleDraft, app });
  });

  it('refuses a page without an empty root element, or whose script is elsewhere', () => {
    expect(() => withFirstScreen(html.replace('<div id="root"></div>', '<main></main>'), screen, 'f.js', 'assets/')).toThrow(/root/);
    expect(() => withFirstScreen(html.replace('./assets/index', './js/index'), screen, 'f.js', 'assets/')).toThrow(/not in assets\//);
    expect(() => withFirstScreen(html.replace('</head>', '<script type="module" src="./assets/more.js"></script></head>'), screen, 'f.js', 'assets/')).toThrow(/one module script/);
  });
});
