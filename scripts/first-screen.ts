/**
 * The first screen in the built index.html: the build draws the sample's first screen with the
 * app's own components (app/first-screen.tsx, run in Node through a Vite server of its own) into
 * the page's root element, so a first visit paints it before any script runs, and adds the small
 * script that runs before the first paint and marks what that HTML may not show (app/first-paint.ts):
 * another case opened, another language. What the script compares with (the HTML's language, the
 * sample's draft) is data in the page, beside it: it is not code the page runs.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createServer, type Plugin } from 'vite';
import type { AppScripts } from '../app/app-scripts.js';
import type { FirstScreen } from '../app/first-screen.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The id of the page's data element that the early script reads. */
export const PAGE_DATA_ID = 'first-paint-page';

/** The sample's first screen, drawn by the app's components in a Vite server of its own (Node). */
export async function drawFirstScreen(root = ROOT): Promise<FirstScreen> {
  const server = await createServer({
    root, configFile: false, logLevel: 'error', appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const m = (await server.ssrLoadModule('/app/first-screen.tsx')) as typeof import('../app/first-screen.js');
    return await m.renderFirstScreen();
  } finally {
    await server.close();
  }
}

/** The early script: marks <html> before the first paint with what the page's HTML may not show, notes a tab tapped before the app is in, and loads the app's scripts (once the first paint is on screen when it shows the HTML as it is). */
export async function firstPaintScript(root = ROOT): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: [
        "import { initialLanguage } from './app/i18n/languages.ts';",
        "import { markPageFirstPaint } from './app/first-paint.ts';",
        "import { recordEarlyTab } from './app/early-tab.ts';",
        "import { appScriptsOf, loadAppScripts } from './app/app-scripts.ts';",
        `const shows = markPageFirstPaint(document, ${JSON.stringify(PAGE_DATA_ID)}, initialLanguage);`,
        'recordEarlyTab(document);',
        `loadAppScripts(document, appScriptsOf(document, ${JSON.stringify(PAGE_DATA_ID)}), shows.sample && shows.words);`,
      ].join('\n'),
      resolveDir: root, loader: 'ts', sourcefile: 'first-paint-script.ts',
    },
    bundle: true, format: 'iife', minify: true, target: 'es2020', platform: 'browser', write: false, logLevel: 'silent',
  });
  return bundled.outputFiles[0]!.text;
}

/** JSON safe inside a <script> element (no `</script>`, no `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The page's module scripts and module preloads (as the bundler wrote them), taken out of `html`: the early script adds them (app/app-scripts.ts). */
export function withoutAppScripts(html: string): { html: string; scripts: AppScripts } {
  const modules = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
  const preloads = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
  const entries = [...html.matchAll(modules)].map((m) => m[1]!);
  if (entries.length !== 1) throw new Error(`expected one module script in the page, found ${entries.length}`);
  const scripts = { entry: entries[0]!, preloads: [...html.matchAll(preloads)].map((m) => m[1]!) };
  return { html: html.replace(modules, '').replace(preloads, ''), scripts };
}

/**
 * `html` with its stylesheet links moved before its first script. The early script blocks the
 * parser; a stylesheet named after it was requested only once it had run (Lighthouse's traces
 * here), and arriving after the rest of the HTML was parsed, the browser laid the page out once
 * unstyled and once again styled (33 + 55 ms unthrottled: the second layout counted as blocking
 * time after the first paint). Named first, it is requested with the early script, which waits
 * for it (a stylesheet blocks the scripts after it), and the page is laid out once, styled.
 */
export function stylesheetsFirst(html: string): string {
  const links = /\s*<link rel="stylesheet"[^>]*>/g;
  const sheets = [...html.matchAll(links)].map((m) => m[0].trim());
  if (sheets.length === 0 || !html.includes('<script')) return html;
  const without = html.replace(links, '');
  const at = without.indexOf('<script');
  return `${without.slice(0, at)}${sheets.join('\n    ')}\n    ${without.slice(at)}`;
}

/**
 * `html` with the first screen in its root element, its stylesheets first (stylesheetsFirst) and,
 * before its first script, the hold on rendering until the root is parsed (FIRST_SCREEN_WHOLE), the page's data for the early script and the early script `file` (a
 * classic script that blocks the first paint until it has run), addressed from the folder of the page's module script (the build's base);
 * the module script and its preloads move into the page's data, for the early script to add.
 * Throws when the page has no empty root element or no single module script in `dir`.
 */
export function withFirstScreen(html: string, screen: FirstScreen, file: string, dir: string): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('the page has no empty <div id="root"></div> to draw the first screen in');
  const entry = /<script type="module"[^>]*\ssrc="([^"]*\/)[^"/]*"/.exec(html);
  if (!entry || !entry[1]!.endsWith(`/${dir}`)) throw new Error(`the page's script is not in ${dir}, where the first paint's script goes`);
  const { scripts } = withoutAppScripts(html);
  const styles = stylesheetsFirst(html);
  const first = styles.indexOf('<script');
  const page = scriptJson({ language: screen.language, draftKey: screen.draftKey, sampleDraft: screen.sampleDraft, app: scripts });
  // With the stylesheet first, the browser may paint the page part-parsed (seen under load: the
  // editor drawn where the phone layout's verdict goes, then pushed down once the rest was parsed,
  // a layout shift of ~0.5); the first screen is one frame, painted once its root is whole.
  const head = `${FIRST_SCREEN_WHOLE}\n    <script type="application/json" id="${PAGE_DATA_ID}">${page}</script>\n    <script src="${entry[1]}${file}"></script>\n    `;
  return withoutAppScripts(styles.slice(0, first) + head + styles.slice(first)).html.replace(root, `<div id="root">${screen.html}</div><template id="${FIRST_SCREEN_END_ID}"></template>`);
}

/** The id of the empty element right after the page's root: once it is parsed, the first screen is whole. */
export const FIRST_SCREEN_END_ID = 'first-screen-end';

/**
 * Holds the page's rendering until the element after the root is parsed (HTML's `rel=expect`;
 * Chromium lifts the hold when its target is inserted, not when it is parsed whole, so the target
 * is after the first screen, not the root itself; browsers without it paint as before).
 */
export const FIRST_SCREEN_WHOLE = `<link rel="expect" href="#${FIRST_SCREEN_END_ID}" blocking="render">`;

/** The Vite plugin (build only): the first screen and its early script in index.html. */
export function firstScreen(): Plugin {
  let drawn: Promise<[FirstScreen, string]> | null = null;
  return {
    name: 'first-screen',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      // Drawn while the app is bundled; a failure fails the build (in generateBundle).
      drawn = Promise.all([drawFirstScreen(), firstPaintScript()]);
      drawn.catch(() => {});
    },
    async generateBundle(_, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset' || !drawn) return;
      const [screen, code] = await drawn;
      const entry = Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry);
      if (!entry) this.error('the page has no entry script');
      const dir = entry.fileName.slice(0, entry.fileName.lastIndexOf('/') + 1);
      const file = `first-paint-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName: dir + file, source: code });
      try {
        page.source = withFirstScreen(String(page.source), screen, file, dir);
      } catch (e) {
        this.error((e as Error).message);
      }
    },
  };
}
