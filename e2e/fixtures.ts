import { expect, test as base, type Locator, type Page } from '@playwright/test';

/** Every test fails on an uncaught page error. */
export const test = base.extend<{ app: App }>({
  app: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(new App(page));
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

  /** Replaces the whole robots.txt as a user's Ctrl+A, Ctrl+V does (fast for big texts). */
  async paste(text: string): Promise<void> {
    await this.content.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.content.evaluate((el, t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
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
