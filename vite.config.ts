import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompiledMessages } from './scripts/precompile-messages.js';
import { earlyAnalysisWorker } from './scripts/early-worker.js';
import { firstScreen } from './scripts/first-screen.js';

// The engine (src/robots/) is pure: its modules run no code on import. Told so, the bundler leaves a
// module out of every chunk whose code uses none of its exports (the barrel src/robots/index.ts
// would otherwise pull the readers, findings and policy into the first load and the analysis worker).
const rolldownOptions = { treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]robots[\\/]/.test(id) } };
/**
 * The page's: the workers' clients and the tabs' coordinators run nothing when loaded either, so a
 * client only a lazy tab uses (the Logs worker's, reached through src/worker/index.ts) goes with
 * that tab rather than into the first load.
 */
const pageRolldownOptions = { treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/](robots|worker|tester)[\\/]/.test(id) || /\.worker\.ts$/.test(id) } };

// The site audit's XML and gzip libraries run nothing when loaded: code that does not use them
// (the first verdict's chunks, which import the engine's index) leaves them out.
function pureLibraries(): Plugin {
  const pure = /[\\/]node_modules[\\/](saxes|xmlchars|fflate)[\\/]/;
  return { name: 'pure-libraries', transform: (code, id) => (pure.test(id) ? { code, moduleSideEffects: false } : null) };
}

/**
 * The built page's Content-Security-Policy. GitHub Pages sets no headers, so it is a <meta> tag
 * (frame-ancestors and reporting cannot be said there). Scripts and workers (the service worker
 * too) only from the page's own origin, never inline. Styles may be inline: React and CodeMirror
 * set them on elements. Images may be data: URLs (the lint squiggles). connect-src is any http(s)
 * origin: the page fetches the robots.txt of whatever site the user types, and the Wayback
 * Machine's index; what a fetch may read stays the site's CORS decision, and with no script but
 * the page's own there is nothing to send elsewhere.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' https: http:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Puts the policy in the built index.html only: the dev server's hot reload runs inline scripts. */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/(<meta charset="UTF-8" \/>)/, `$1\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`),
    },
  };
}

// A relative base lets the same build run at any sub-path (GitHub Pages serves /<repo>/).
export default defineConfig({
  base: process.env.BASE_PATH ?? './',
  plugins: [
    pureLibraries(),
    react(),
    contentSecurityPolicy(),
    // The analysis worker starts before the app's scripts run (scripts/early-worker.ts).
    earlyAnalysisWorker(),
    // The sample's first screen drawn into index.html, and the script that hides what it may not show (scripts/first-screen.ts).
    firstScreen(),
    // The catalogues parsed at build time: the first load carries no ICU parser.
    precompiledMessages(),
    // Offline after one visit: a service worker precaches the built app. A new version is fetched
    // in the background and taken on the next visit (no skipWaiting), so a page never changes
    // code under the user's hands. Installable as an app (manifest, icons). The page registers it
    // after the first verdict, once the user pauses (app/offline-install.ts): its precache fetches
    // and stores every script, which took a core from the first verdict and the keystrokes after it.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'samples/*'],
      manifest: {
        name: 'robots.txt tester',
        short_name: 'robots.txt',
        description: 'Test robots.txt files exactly as Google reads them — in your browser, nothing uploaded.',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        background_color: '#f6f7f9',
        theme_color: '#1f6feb',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,txt,json,webmanifest}'],
        navigateFallback: 'index.html',
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: true, rolldownOptions: pageRolldownOptions },
  worker: {
    format: 'es',
    plugins: () => [pureLibraries()],
    rolldownOptions: {
      ...rolldownOptions,
      // The analysis worker's code goes in a chunk of its own, beside the diagnostics' lazy chunk:
      // WebKit runs a worker's script a second time when a chunk it loads imports that script.
      output: { codeSplitting: { groups: [{ name: 'analysis', test: /[\\/]src[\\/](?!worker[\\/]robots\.worker)/, entriesAware: true }] } },
    },
  },
});
