/**
 * The analysis worker, started while the page is still loading: the built index.html runs a small
 * classic script that (almost always) runs before the app's module scripts. Chromium starts a
 * worker from the page's thread, which the app's module evaluation, first render and first layout
 * keep busy for hundreds of milliseconds; started after them (from the tester), the worker loaded
 * its scripts after them too, and the first verdict waited for all of it. The app takes the early
 * worker over (app/early-analysis.ts).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { ANALYSIS_WORKER_NAME, EARLY_GLOBAL } from '../app/early-analysis.js';

/**
 * The code of a worker that formats a number and closes. A thread's first number format in
 * Chromium loads ICU's number data, 140–500 ms on the page's thread with the CPU slowed 4× (the
 * translator's first plural, in the page's first render); done once on any thread of the page's
 * process, it costs the others about nothing after. Any language warms every language's.
 */
export const NUMBER_FORMAT_WARM_UP = `try {
  new Intl.NumberFormat('en').format(1234.5);
  Intl.NumberFormat.supportedLocalesOf(['en']);
  new Intl.PluralRules('en').select(1);
} finally {
  close();
}
`;

/**
 * The classic script that starts the analysis worker from `workerFile` (a file name beside the
 * script) and keeps what the worker says until the app takes it over (a Worker's message with no
 * listener is gone, and the first one, that it is ready, starts its watchdog), and whether it
 * failed to load (the app then starts its own at once); and, from `warmUpFile`, the worker that
 * warms number formatting (NUMBER_FORMAT_WARM_UP) off the page's thread.
 */
export function earlyWorkerScript(workerFile: string, warmUpFile: string): string {
  return `(() => {
  // Too late: the app has started its own.
  if (self.${EARLY_GLOBAL} === null) return;
  try {
    new Worker(new URL(${JSON.stringify(warmUpFile)}, document.currentScript.src));
  } catch {}
  try {
    const worker = new Worker(new URL(${JSON.stringify(workerFile)}, document.currentScript.src), { type: 'module', name: ${JSON.stringify(ANALYSIS_WORKER_NAME)} });
    const said = [];
    let failed = false;
    const keep = (e) => said.push(e);
    const fail = () => { failed = true; };
    worker.addEventListener('message', keep);
    worker.addEventListener('error', fail);
    self.${EARLY_GLOBAL} = { worker, said, failed: () => failed, stop: () => { worker.removeEventListener('message', keep); worker.removeEventListener('error', fail); } };
  } catch {}
})();
`;
}

/**
 * `html` with the classic script `file` from the folder `dir` (the analysis worker's), placed
 * before the first module script and addressed from the folder that script comes from (the
 * build's base), async and fetched at high priority: it runs once loaded, which is before the
 * module scripts unless it comes late (then it does nothing). Throws when the first module script
 * is not in `dir`; unchanged when there is none.
 */
export function withEarlyScript(html: string, file: string, dir: string): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]*\/)[^"/]*"/.exec(html);
  if (!entry) return html;
  if (!entry[1]!.endsWith(`/${dir}`)) throw new Error(`the page's script is not in ${dir}, where the early script goes`);
  return `${html.slice(0, entry.index)}<script async fetchpriority="high" src="${entry[1]}${file}"></script>\n    ${html.slice(entry.index)}`;
}

/** The Vite plugin (build only): the early script beside the analysis worker, run first by index.html, and the warm-up worker it starts. */
export function earlyAnalysisWorker(): Plugin {
  return {
    name: 'early-analysis-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const workers = Object.keys(bundle).filter((f) => /^(.*\/)?robots\.worker-[\w-]+\.js$/.test(f));
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      if (workers.length !== 1) this.error(`expected one analysis worker script in the bundle, found ${workers.length}`);
      const worker = workers[0]!;
      const dir = worker.slice(0, worker.lastIndexOf('/') + 1);
      const warmUp = `number-format-warm-up-${createHash('sha256').update(NUMBER_FORMAT_WARM_UP).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName: dir + warmUp, source: NUMBER_FORMAT_WARM_UP });
      const code = earlyWorkerScript(worker.slice(dir.length), warmUp);
      const file = `early-analysis-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName: dir + file, source: code });
      try {
        page.source = withEarlyScript(String(page.source), file, dir);
      } catch (e) {
        this.error((e as Error).message);
      }
    },
  };
}
