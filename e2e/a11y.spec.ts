import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.js';

const ROBOTS = ['User-agent: *', 'Disallow: /private', 'Crawl-delay: 5', 'Disalow /x', '', 'User-agent: Googlebot', 'Disallow: /no-google', 'Sitemap: /rel.xml'].join('\n');
// Compare last: the states after the loop edit its other version.
const TABS = ['test', 'bulk', 'ai', 'diagnostics', 'site', 'logs', 'compare'] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const [device, viewport] of [['desk', { width: 1400, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    test.describe(`axe: ${scheme}, ${device}`, () => {
      test.use({ colorScheme: scheme, viewport });
      test('no serious or critical violation on any tab', async ({ app }) => {
        // Nine axe runs over every tab: ~45 s on a busy 2-core machine, past 60 s when it is busier.
        test.setTimeout(120_000);
        await app.open();
        await app.setCase(ROBOTS, 'https://a.test/private/x', 'Googlebot');
        await app.expectVerdict('allowed', 0);
        const found: string[] = [];
        for (const tab of TABS) {
          await app.page.getByTestId(`tab-${tab}`).click();
          if (tab === 'bulk') {
            await app.page.getByTestId('bulk-urls').fill('https://a.test/private/x\nhttps://a.test/no-google\n/cart');
            await expect(app.page.getByTestId('bulk-summary')).toBeVisible();
          }
          if (tab === 'ai') {
            await app.page.getByTestId('ai-preset-no-training').click();
            await app.page.getByTestId('ai-search-paths').check();
            await expect(app.page.getByTestId('ai-diff')).toBeVisible();
          }
          if (tab === 'diagnostics') await expect(app.page.getByTestId('diagnostics')).toBeVisible();
          if (tab === 'compare') {
            await app.page.getByTestId('compare-paste').click();
            await expect(app.page.getByTestId('merge-view')).toBeVisible();
          }
          const result = await new AxeBuilder({ page: app.page }).analyze();
          for (const v of result.violations) {
            if (v.impact !== 'serious' && v.impact !== 'critical') continue;
            found.push(`${tab}: ${v.id} (${v.impact}) — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join(' ')}`).join(' | ')}`);
          }
        }
        // States with more colour: verdicts that changed between versions, the New dialog, a notice.
        await app.page.locator('[data-testid=merge-view] [aria-label="Other version"]').fill('User-agent: *\nDisallow: /');
        await app.page.getByTestId('tab-bulk').click();
        await expect(app.page.locator('.bulk-row .pill-warn').first()).toBeVisible();
        await app.page.getByTestId('open-file').setInputFiles({ name: 'image.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
        await expect(app.page.getByTestId('notice')).toBeVisible();
        for (const v of (await new AxeBuilder({ page: app.page }).analyze()).violations) {
          if (v.impact === 'serious' || v.impact === 'critical') found.push(`bulk (changed), notice: ${v.id} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        }
        await app.page.getByTestId('new-file').click();
        await expect(app.page.getByTestId('new-dialog')).toBeVisible();
        for (const v of (await new AxeBuilder({ page: app.page }).analyze()).violations) {
          if (v.impact === 'serious' || v.impact === 'critical') found.push(`new dialog: ${v.id} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        }
        expect(found).toEqual([]);
      });
    });
  }
}
