import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JS_BUDGET_KB, jsBeforeFirstUse } from '../bench/js-size.mjs';

// The build these tests are served (npm run test:e2e builds it first).
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

test.describe('JavaScript before first use (the 150 KB gzip budget)', () => {
  test('the first load and the heaviest language’s stay within the budget', () => {
    const size = jsBeforeFirstUse(root);
    expect(size.files.some((f) => f.startsWith('robots.worker'))).toBe(true);
    expect(size.catalogue).toMatch(/^(hi|nl|ko)-core-/);
    expect(size.kb, `before first use: ${size.files.join(', ')}`).toBeLessThanOrEqual(JS_BUDGET_KB);
    expect(size.heaviestKb, `with ${size.catalogue}`).toBeLessThanOrEqual(JS_BUDGET_KB);
  });

  // The budget counts what index.html loads, the analysis worker and a language's first catalogue
  // part: holding back every other script, the first verdict must still show, in every language.
  for (const language of ['en', 'hi', 'nl', 'ko']) {
    test(`${language}: the first verdict shows with no script the budget leaves out`, async ({ browser, baseURL }) => {
      const counted = new Set(jsBeforeFirstUse(root).files);
      for (const f of readdirSync(join(root, 'dist/assets'))) if (f.startsWith(`${language}-core-`) && f.endsWith('.js')) counted.add(f);
      const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
      await context.addInitScript((l) => localStorage.setItem('robots-txt-tester.language', l), language);
      const held: string[] = [];
      const release: (() => Promise<void>)[] = [];
      await context.route(/\/assets\/[^/]+\.js$/, (route) => {
        const file = new URL(route.request().url()).pathname.split('/').pop()!;
        if (counted.has(file)) return route.continue();
        held.push(file);
        release.push(() => route.continue());
      });
      const page = await context.newPage();
      await page.goto('./');
      await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', /^(allowed|disallowed)$/);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // Something was held back (the editor at least), so the check means something.
      expect(held.length).toBeGreaterThan(0);
      await Promise.all(release.map((r) => r()));
      await context.close();
    });
  }
});
