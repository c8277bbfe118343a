import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type App } from './fixtures.js';

// The Logs tab over a log with hundreds of distinct bots (real User-Agents, one per entry of
// crawler-user-agents): the crawler table lists the most requests first, a page at a time, with a
// "show more" that says how many are left and a search over names, operators and User-Agents; the
// crawler filter is typed by name. Keyboard only, at 1400 and 390 px in both themes. Screenshots go
// to /tmp/logs-many-bots (looked at, never committed).
const SHOTS = '/tmp/logs-many-bots';
const ROBOTS = 'User-agent: *\nDisallow: /private/\n\nUser-agent: AhrefsBot\nDisallow: /\n';
const PAGE = 50;

/** One real User-Agent per entry of crawler-user-agents (its first instance), in its order. */
function listedAgents(): string[] {
  const list = JSON.parse(readFileSync(join('node_modules', 'crawler-user-agents', 'crawler-user-agents.json'), 'utf8')) as { instances?: string[] }[];
  return list.flatMap((e) => (e.instances?.[0] ? [e.instances[0]] : []));
}

/** A log in Apache's combined format where the `i`-th agent makes a request count that falls with `i` (a few bots fetch most, a long tail rarely). */
function manyBotsLog(agents: readonly string[]): string {
  const out: string[] = [];
  agents.forEach((ua, i) => {
    const n = 1 + Math.floor(40 / (1 + i / 8));
    for (let k = 0; k < n; k++) {
      const path = k % 3 === 0 ? `/private/r${k}` : `/page/${i}/${k}`;
      out.push(`203.0.113.${(i % 250) + 1} - - [0${1 + (k % 5)}/Mar/2025:1${k % 10}:0${i % 10}:00 +0000] "GET ${path} HTTP/1.1" 200 512 "-" "${ua.replace(/"/g, '')}"`);
    }
  });
  return out.join('\n');
}

async function openWithLog(app: App, log: string): Promise<void> {
  await app.open();
  await app.paste(ROBOTS);
  await app.page.getByTestId('tab-test').focus();
  await app.page.keyboard.press('End');
  await expect(app.page.getByTestId('logs-panel')).toBeVisible();
  const data = await app.page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'access.log'));
    return dt;
  }, log);
  const drop = app.page.getByTestId('logs-drop');
  await drop.dispatchEvent('dragover', { dataTransfer: data });
  await drop.dispatchEvent('drop', { dataTransfer: data });
  await expect(app.page.getByTestId('logs-table')).toBeVisible();
}

const LOG = manyBotsLog(listedAgents().slice(0, 600));

for (const width of [1400, 390]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`hundreds of bots at ${width} px, ${scheme}: the most requests first, a page at a time, searched and filtered from the keyboard`, async ({ app }) => {
      const { page } = app;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 1000 });
      await openWithLog(app, LOG);
      const rows = page.getByTestId('logs-row');
      const count = page.getByTestId('logs-crawlers-count');
      await expect(rows).toHaveCount(PAGE);
      const found = Number((await count.textContent())!.replace(/^.* of |\D/g, ''));
      expect(found, 'distinct crawlers named').toBeGreaterThan(300);
      await expect(count).toHaveText(`${PAGE} of ${found.toLocaleString('en-US')} crawlers`);
      // Most requests first.
      const requests = async () => (await page.locator('[data-testid=logs-row] [data-col=requests]').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
      const first = await requests();
      expect(first).toEqual([...first].sort((a, b) => b - a));
      // The summary's counts stay about every crawler, not the page listed.
      await expect(page.getByTestId('logs-verdict')).toBeVisible();

      // "Show more" by keyboard: it says how many are left, and adds a page.
      const more = page.getByTestId('logs-crawlers-more');
      await expect(more).toHaveText(`Show ${PAGE} more (${(found - PAGE).toLocaleString('en-US')} left)`);
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(rows).toHaveCount(2 * PAGE);
      await expect(more).toHaveText(`Show ${PAGE} more (${(found - 2 * PAGE).toLocaleString('en-US')} left)`);
      const two = await requests();
      expect(two).toEqual([...two].sort((a, b) => b - a));
      expect(two.slice(0, PAGE)).toEqual(first);

      // The table fits its panel, and the page does not scroll sideways.
      const fit = await page.evaluate(() => {
        const table = document.querySelector('[data-testid=logs-table]')!.getBoundingClientRect();
        const panel = document.querySelector('[data-testid=logs-panel]')!.getBoundingClientRect();
        return { table: table.right, panel: panel.right, page: document.documentElement.scrollWidth };
      });
      expect(fit.table).toBeLessThanOrEqual(fit.panel);
      expect(fit.page).toBeLessThanOrEqual(width);
      await page.getByTestId('logs-panel').screenshot({ path: `${SHOTS}/panel-${width}-${scheme}.png` });

      // The search, as typed, over names (whatever their case), operators and User-Agents; it starts at the first page again.
      const search = page.getByTestId('logs-crawlers-search');
      await search.focus();
      await page.keyboard.type('ahrefs');
      await expect(rows).toHaveCount(1);
      await expect(rows.first().locator('.logs-name')).toHaveText('AhrefsBot');
      await expect(count).toHaveText('1 of 1 crawler');
      await expect(more).toHaveCount(0);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('Microsoft');
      await expect(rows.first()).toBeVisible();
      expect(await rows.locator('.logs-name').allTextContents()).toContain('Bingbot');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('majestic12.co.uk');
      await expect(rows.locator('.logs-name')).toHaveText(['MJ12bot']);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('no such bot here');
      await expect(page.getByTestId('logs-crawlers-none')).toBeVisible();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await expect(rows).toHaveCount(PAGE);
      await page.getByTestId('logs-crawler-list').screenshot({ path: `${SHOTS}/list-${width}-${scheme}.png` });

      // The filter: typed by name, with suggestions; a name it does not know leaves it as it was and says so.
      const filter = page.getByTestId('logs-filter-crawler');
      await filter.focus();
      await page.keyboard.type('mj12');
      await expect(page.getByTestId('logs-filter-typed')).toHaveText(/^\d+ crawlers? match/);
      await expect(rows).toHaveCount(PAGE);
      expect(await page.locator('datalist option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toContain('MJ12bot');
      await page.keyboard.type('BOT');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-crawler', 'MJ12bot');
      await expect(page.getByTestId('logs-filter-typed')).toHaveCount(0);
      await expect(count).toHaveText('1 of 1 crawler');
      await page.getByTestId('logs-panel').screenshot({ path: `${SHOTS}/filtered-${width}-${scheme}.png` });
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('zzzz');
      await expect(page.getByTestId('logs-filter-typed')).toHaveText('No crawler matches this name.');
      await expect(filter).toHaveAttribute('aria-invalid', 'true');
      await expect(rows).toHaveCount(1);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await expect(rows).toHaveCount(PAGE);
      await expect(count).toHaveText(`${PAGE} of ${found.toLocaleString('en-US')} crawlers`);
    });
  }
}
