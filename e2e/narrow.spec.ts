import { existsSync, readFileSync } from 'node:fs';
import { expect, manyRules, test } from './fixtures.js';

// At 390 px (a phone) no tab scrolls the page sideways, with a real ~100 KB file.

/** linkedin's 107 KB robots.txt when the shared corpus is beside the repository, else a stand-in of the same size. */
function bigRealFile(): string {
  const bodies = '../shared/realworld/google/bodies.jsonl';
  if (existsSync(bodies)) {
    for (const line of readFileSync(bodies, 'utf8').split('\n')) {
      if (!line.includes('linkedin.com')) continue;
      const o = JSON.parse(line) as { source: string; robots: string };
      if (o.source.endsWith('sg.linkedin.com')) return o.robots;
    }
  }
  return `User-agent: *\n${manyRules(4000, '/some/long/path/segment')}\nSitemap: https://www.example.com/sitemap.xml\n`;
}

test.use({ viewport: { width: 390, height: 844 } });

test('no tab scrolls the page sideways at 390 px, whatever it shows', async ({ app }) => {
  test.setTimeout(120_000);
  await app.open();
  await app.paste(bigRealFile());
  await app.url.fill('https://www.linkedin.com/jobs/view/senior-engineer-at-example-1234567890/?trackingId=abcdefghijklmnop');
  await expect(app.verdict).toHaveAttribute('data-verdict', /allowed|disallowed/);
  // Several crawlers and URLs in the Test grid, a URL list in Bulk, a comparison: each tab at its widest.
  await app.page.getByTestId('add-crawler').click();
  await app.page.keyboard.type('Bingbot');
  await app.page.keyboard.press('Enter');
  await app.page.getByTestId('add-test').click();
  await app.url.fill('https://www.linkedin.com/in/someone-with-a-rather-long-profile-name-0123456789/recent-activity/all/');
  await app.page.getByTestId('tab-bulk').click();
  await app.page.getByTestId('bulk-urls').fill(Array.from({ length: 30 }, (_, i) => `https://www.linkedin.com/company/example-${i}/jobs/?currentJobId=${i}123456789&origin=COMPANY_PAGE_JOBS_CLUSTER_EXPANSION`).join('\n'));
  await app.page.getByTestId('tab-compare').click();
  await app.page.getByTestId('compare-opened').click();
  const tabs = await app.page.getByRole('tab').evaluateAll((els) => els.map((e) => e.id));
  expect(tabs.length).toBeGreaterThanOrEqual(6);
  for (const id of tabs) {
    await app.page.locator(`#${id}`).click();
    await expect(app.page.locator(`#${id}`)).toHaveAttribute('aria-selected', 'true');
    await expect(app.page.locator('.tab-panel')).not.toContainText(/^Loading…$/);
    await app.page.waitForTimeout(400);
    const { scrollWidth, innerWidth } = await app.page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect.soft(scrollWidth, `the ${id} tab is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
  }
});
