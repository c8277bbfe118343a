import { expect, test } from './fixtures.js';

test.describe('offline after one visit, installable', () => {
  test('a second visit opens and works with no network: the editor, a verdict, the Bulk tab', async ({ app, context }) => {
    await app.open();
    // The service worker has precached the app once it is active.
    await app.page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return reg.active?.state;
    });
    await context.setOffline(true);
    await app.page.reload();
    await expect(app.verdict).toHaveAttribute('data-verdict', /allowed|disallowed/);
    await app.setCase('User-agent: *\nDisallow: /offline', 'https://a.test/offline/page', 'Googlebot');
    await app.expectVerdict('disallowed', 2);
    await app.page.getByTestId('tab-bulk').click();
    await app.page.getByTestId('bulk-urls').fill('/offline/1\n/online');
    await expect(app.page.getByTestId('bulk-table').locator('[data-url="/offline/1"]')).toHaveAttribute('data-verdict', 'disallowed');
    await context.setOffline(false);
  });

  test('installable: a manifest with its name and 192 / 512 px icons that load', async ({ app }) => {
    await app.open();
    const href = await app.page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = await app.page.evaluate(async (h) => (await fetch(h!)).json(), href);
    expect(manifest).toMatchObject({ name: 'robots.txt tester', display: 'standalone' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const ok = await app.page.evaluate(async (src) => (await fetch(new URL(src, location.href))).ok, icon.src);
      expect([icon.src, ok]).toEqual([icon.src, true]);
    }
  });
});
