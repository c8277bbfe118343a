import { expect, test as base, type Locator, type Page } from '@playwright/test';

/** What test-only worker hooks add to each worker's script: a listener that can make it hang or crash, as a real bug would. */
const WORKER_HOOKS = `
self.addEventListener('message', (e) => {
  const m = e.data;
  if (m && m.type === 'test-hang') { const until = performance.now() + m.ms; while (performance.now() < until) {} }
  else if (m && m.type === 'test-crash') setTimeout(() => { throw new Error('Simulated crash (test hook)'); }, 0);
});`;

/**
 * Test-only worker hooks, kept out of the product's worker: each worker script is served with the
 * listener appended (the page's Content-Security-Policy allows workers from its own origin only,
 * so no blob: wrapper), and the page keeps the workers it starts to send them the test messages.
 */
function installWorkerHooks(): void {
  const Native = window.Worker;
  const started: { worker: Worker; name: string }[] = [];
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      started.push({ worker: this, name: options?.name ?? '' });
    }
  };
  const newest = (name: string) => [...started].reverse().find((w) => w.name === name)?.worker;
  // Whether a worker of that name was there to be told: a test must not go on as if it were.
  const tell = (name: string, message: object) => {
    const worker = newest(name);
    worker?.postMessage(message);
    return worker !== undefined;
  };
  (window as unknown as { __workerHooks: object }).__workerHooks = {
    hang: (name: string, ms: number) => tell(name, { type: 'test-hang', ms }),
    crash: (name: string) => tell(name, { type: 'test-crash' }),
  };
}

/** Every test fails on an uncaught page error. */
export const test = base.extend<{ app: App }>({
  app: async ({ page }, use) => {
    await page.addInitScript(installWorkerHooks);
    await page.route(/\.worker-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()) + WORKER_HOOKS });
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(new App(page));
    // A worker still loading when the test ends (one started by its last step) has its response
    // disposed under the handler: that is the page closing, not a failure of the test.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(errors, 'uncaught page errors').toEqual([]);
  },
});
export { expect };

/** A robots.txt of one `*` group with `count` rules: `Disallow: /<stem>-0/`, `/<stem>-1/`, … (rule i on line i + 2). */
export function manyRules(count: number, stem: string): string {
  return ['User-agent: *', ...Array.from({ length: count }, (_, i) => `Disallow: /${stem}-${i}/`)].join('\n');
}

/** Tiny helpers over the tester's stable test hooks. */
export class App {
  constructor(readonly page: Page) {}

  async open(path = './'): Promise<void> {
    await this.page.goto(path);
    await expect(this.verdict).toHaveAttribute('data-verdict', /allowed|disallowed/);
    await this.showEditor();
  }

  get verdict(): Locator {
    return this.page.getByTestId('verdict');
  }
  get url(): Locator {
    return this.page.getByTestId('test-url');
  }
  get userAgent(): Locator {
    return this.page.getByTestId('user-agent');
  }
  get content(): Locator {
    return this.page.locator('[data-testid="robots-editor"] .cm-content');
  }
  line(n: number): Locator {
    return this.page.locator('[data-testid="robots-editor"] .cm-line').nth(n - 1);
  }

  /**
   * Loads the editor: CodeMirror loads once the editor is near the screen (a phone shows the tests
   * above it), so the page is scrolled to it, and back to where it was.
   */
  async showEditor(): Promise<void> {
    if ((await this.content.count()) > 0) return;
    const at = await this.page.evaluate(() => scrollY);
    // The page's HTML may give way to the app's own drawing meanwhile (another language, a draft): then the new one is scrolled to.
    await expect(async () => {
      await this.page.getByTestId('robots-editor').scrollIntoViewIfNeeded({ timeout: 2000 });
      await this.content.waitFor({ state: 'attached', timeout: 2000 });
    }).toPass();
    await this.page.evaluate((y) => scrollTo(0, y), at);
  }

  /** Replaces the whole robots.txt as a user's Ctrl+A, Ctrl+V does (fast for big texts). */
  async paste(text: string): Promise<void> {
    await this.showEditor();
    await this.content.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.content.evaluate((el, t) => {
      // The event is built first and its own clipboardData filled: Firefox reads nothing from a
      // DataTransfer handed to the constructor; this works in Chromium, Firefox and WebKit.
      const ev = new ClipboardEvent('paste', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
      ev.clipboardData!.setData('text/plain', t);
      el.dispatchEvent(ev);
    }, text);
  }

  /** Keeps the named worker busy for `ms` (its watchdog should replace it). */
  async hangWorker(name: string, ms: number): Promise<void> {
    const told = await this.page.evaluate(([n, t]) => (window as unknown as { __workerHooks: { hang(n: string, t: number): boolean } }).__workerHooks.hang(n, t), [name, ms] as const);
    if (!told) throw new Error(`no worker named ${name} was started`);
  }

  /** Makes the named worker die of an uncaught error. */
  async crashWorker(name: string): Promise<void> {
    const told = await this.page.evaluate((n) => (window as unknown as { __workerHooks: { crash(n: string): boolean } }).__workerHooks.crash(n), name);
    if (!told) throw new Error(`no worker named ${name} was started`);
  }

  async setCase(robots: string, url: string, ua: string): Promise<void> {
    await this.paste(robots);
    await this.url.fill(url);
    await this.userAgent.fill(ua);
  }

  async expectVerdict(verdict: 'allowed' | 'disallowed', line: number, timeout?: number): Promise<void> {
    await expect(this.verdict).toHaveAttribute('data-verdict', verdict, { timeout });
    await expect(this.verdict).toHaveAttribute('data-line', String(line), { timeout });
  }
}
