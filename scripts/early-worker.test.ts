import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_GLOBAL } from '../app/early-analysis.js';
import { earlyWorkerScript, NUMBER_FORMAT_WARM_UP, withEarlyScript } from './early-worker.js';

/** A page's globals for the early script: a Worker that records how it was made and can speak. */
function page(early?: null) {
  const made: { url: string; options: unknown; listeners: Record<string, ((e: unknown) => void)[]> }[] = [];
  class Worker {
    listeners: Record<string, ((e: unknown) => void)[]> = { message: [], error: [] };
    constructor(url: URL, options: unknown) {
      made.push({ url: url.href, options, listeners: this.listeners });
    }
    addEventListener(type: string, l: (e: unknown) => void) {
      this.listeners[type]!.push(l);
    }
    removeEventListener(type: string, l: (e: unknown) => void) {
      this.listeners[type]!.splice(this.listeners[type]!.indexOf(l), 1);
    }
  }
  const self: Record<string, unknown> = early === null ? { [EARLY_GLOBAL]: null } : {};
  const scope = { self, Worker, URL, document: { currentScript: { src: 'https://example.github.io/robots-txt-tester/assets/early-analysis-1.js' } } };
  return { scope, made, self };
}

describe('the early analysis worker (the built page’s first script)', () => {
  it('starts the analysis worker from the file beside it and keeps what it says until taken over', () => {
    const { scope, made, self } = page();
    runInNewContext(earlyWorkerScript('robots.worker-AbC_1.js', 'number-format-warm-up-1.js'), scope);
    expect(made).toMatchObject([{ url: 'https://example.github.io/robots-txt-tester/assets/number-format-warm-up-1.js', options: undefined }, { url: 'https://example.github.io/robots-txt-tester/assets/robots.worker-AbC_1.js', options: { type: 'module', name: 'robots-analysis' } }]);
    made[1]!.listeners.message![0]!({ data: { type: 'ready' } });
    const early = self[EARLY_GLOBAL] as { said: unknown[]; failed(): boolean; stop(): void };
    expect(early.said).toEqual([{ data: { type: 'ready' } }]);
    expect(early.failed()).toBe(false);
    made[1]!.listeners.error![0]!({});
    expect(early.failed()).toBe(true);
    early.stop();
    expect(made[1]!.listeners).toEqual({ message: [], error: [] });
  });

  it('starts nothing when the app has already started its own (it ran late)', () => {
    const { scope, made, self } = page(null);
    runInNewContext(earlyWorkerScript('robots.worker-x.js', 'number-format-warm-up-1.js'), scope);
    expect(made).toEqual([]);
    expect(self[EARLY_GLOBAL]).toBeNull();
  });

  it('goes before the first module script, addressed as that script is (the base may be absolute), async at high priority', () => {
    const html = '<head>\n    <script type="module" crossorigin src="/robots-txt-tester/assets/index-1.js"></script>\n</head>';
    expect(withEarlyScript(html, 'early-analysis-2.js', 'assets/')).toBe(
      '<head>\n    <script async fetchpriority="high" src="/robots-txt-tester/assets/early-analysis-2.js"></script>\n    <script type="module" crossorigin src="/robots-txt-tester/assets/index-1.js"></script>\n</head>',
    );
    // The early script is written beside the worker: a page script elsewhere would address it wrongly.
    expect(() => withEarlyScript(html.replace('/assets/', '/js/'), 'early-analysis-2.js', 'assets/')).toThrow(/not in assets\//);
    expect(withEarlyScript('<head></head>', 'early-analysis-2.js', 'assets/')).toBe('<head></head>');
  });

  it('warms number formatting in a worker that formats a number and closes, whatever happens', () => {
    const done: string[] = [];
    class NumberFormat {
      constructor(readonly locale: string) {}
      static supportedLocalesOf = (l: string[]) => (done.push(`supported ${l.join()}`), l);
      format(n: number) {
        done.push(`format ${this.locale} ${n}`);
        return String(n);
      }
    }
    class PluralRules {
      select = () => (done.push('plural'), 'one');
    }
    runInNewContext(NUMBER_FORMAT_WARM_UP, { Intl: { NumberFormat, PluralRules }, close: () => done.push('close') });
    expect(done).toEqual(['format en 1234.5', 'supported en', 'plural', 'close']);
    const closed: string[] = [];
    // A browser without Intl.PluralRules: the worker still closes.
    expect(() => runInNewContext(NUMBER_FORMAT_WARM_UP, { Intl: { NumberFormat }, close: () => closed.push('close') })).toThrow();
    expect(closed).toEqual(['close']);
  });
});
