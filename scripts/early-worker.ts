/**
 * The analysis worker, started while the page is still loading: the built index.html runs a small
 * classic script that runs before the app's module scripts. Chromium starts a worker from the page's thread,
 * which the app's module evaluation, first render and first layout keep busy for hundreds of
 * milliseconds; started after them (from the tester), the worker loaded its scripts after them too,
 * and the first verdict waited for all of it. app/workers.ts takes the early worker over.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** Where the early script leaves what it started, for app/workers.ts (takeEarlyAnalysisWorker). */
export const EARLY_GLOBAL = 'robotsEarlyAnalysis';

/**
 * The classic script that starts the analysis worker from `workerFile` (a file name beside the
 * script) and keeps what the worker says until the app takes it over: a Worker's message with no
 * listener is gone, and the first one (that it is ready) starts its watchdog.
 */
export function earlyWorkerScript(workerFile: string): string {
  return `(() => {
  // Too late: the app has started its own.
  if (self.${EARLY_GLOBAL} === null) return;
  try {
    const worker = new Worker(new URL(${JSON.stringify(workerFile)}, document.currentScript.src), { type: 'module', name: 'robots-analysis' });
    const said = [];
    const keep = (e) => said.push(e);
    worker.addEventListener('message', keep);
    self.${EARLY_GLOBAL} = { worker, said, stop: () => worker.removeEventListener('message', keep) };
  } catch {}
})();
`;
}

/**
 * `html` with the classic script `file` (async: run once loaded, which is before the module scripts,
 * which wait for the page to be parsed and their imports) from the folder its first module script
 * comes from (the build's base and assets folder); unchanged when it has none.
 */
export function withEarlyScript(html: string, file: string): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]*\/)[^"/]*"/.exec(html);
  if (!entry) return html;
  return `${html.slice(0, entry.index)}<script async src="${entry[1]}${file}"></script>\n    ${html.slice(entry.index)}`;
}

/** The Vite plugin (build only): the early script beside the analysis worker, run first by index.html. */
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
      const code = earlyWorkerScript(worker.slice(dir.length));
      const file = `early-analysis-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName: dir + file, source: code });
      page.source = withEarlyScript(String(page.source), file);
    },
  };
}
