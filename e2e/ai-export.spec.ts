import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type App } from './fixtures.js';

// A shop's file: the * group, GPTBot's own group, and a group PerplexityBot shares with Googlebot.
const SHOP = [
  'User-agent: *', 'Disallow: /checkout/', 'Disallow: /*?session=', 'Allow: /checkout/help', '',
  'User-agent: GPTBot', 'Allow: /', '',
  'User-agent: Googlebot', 'User-agent: PerplexityBot', 'Disallow: /drafts/',
].join('\n');

/** What `ai-policy <file> --train block --search allow --server <server> [--status <n>]` writes on standard output (the built CLI). */
function cliRules(text: string, server: string, status?: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'ai-export-'));
  writeFileSync(join(dir, 'robots.txt'), text);
  const args = ['lib/cli.js', 'ai-policy', join(dir, 'robots.txt'), '--train', 'block', '--search', 'allow', '--server', server, ...(status ? ['--status', String(status)] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** etsy.com's robots.txt from the shared real-world corpus (beside the repository), or null where it is not. */
function etsy(): string | null {
  const bodies = '../shared/realworld/google/bodies.jsonl';
  if (!existsSync(bodies)) return null;
  const line = readFileSync(bodies, 'utf8').split('\n').find((l) => l.includes('robotfiles/www.etsy.com"'));
  return line ? (JSON.parse(line) as { robots: string }).robots : null;
}

/** Tabs forward until `testId` has the focus (the keyboard's way there). */
async function tabTo(app: App, testId: string, most = 40): Promise<void> {
  const target = app.page.getByTestId(testId);
  for (let i = 0; i < most && !(await target.evaluate((el) => el === document.activeElement)); i++) await app.page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** The AI tab with "no AI training, yes AI search" taken, all by keyboard. */
async function presetByKeyboard(app: App): Promise<void> {
  await app.page.getByTestId('tab-test').focus();
  await app.page.keyboard.press('ArrowRight');
  await app.page.keyboard.press('ArrowRight');
  await expect(app.page.getByTestId('ai-panel')).toBeVisible();
  await tabTo(app, 'ai-preset-no-training');
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('ai-training-block')).toBeChecked();
  await expect(app.page.getByTestId('ai-outcome')).toHaveAttribute('data-ok', 'yes');
}

for (const [theme, width] of [['light', 1400], ['dark', 390]] as const) {
  test(`the server export by keyboard (${theme}, ${width} px): choose the server, read what it covers, copy, download — the file is what ai-policy --server writes`, async ({ app, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await app.page.setViewportSize({ width, height: 900 });
    await app.page.emulateMedia({ colorScheme: theme });
    await app.open();
    await app.paste(SHOP);
    await presetByKeyboard(app);

    // The export's code is not on the page until its section opens.
    const loaded = () => app.page.evaluate(() => performance.getEntriesByType('resource').some((e) => /ServerExport[-.]/.test(e.name)));
    expect(await loaded()).toBe(false);
    await tabTo(app, 'ai-export-open', 250);
    await app.page.keyboard.press('Enter');
    await expect(app.page.getByTestId('ai-export-body')).toBeVisible();
    expect(await loaded()).toBe(true);

    // nginx first: the rules, and what they cover and cannot, as the CLI says them.
    const text = app.page.getByTestId('ai-export-text');
    await expect.poll(() => text.textContent()).toBe(cliRules(SHOP, 'nginx'));
    const notes = app.page.getByTestId('ai-export-notes');
    await expect(notes.locator('[data-code=covers]')).toContainText('with status 403 exactly where the file blocks them as Google reads it');
    await expect(notes.locator('[data-code=covers]')).toContainText('GPTBot');
    await expect(notes.locator('[data-code=control-tokens]')).toContainText('Google-Extended');
    await expect(notes.locator('[data-code=spoofing]')).toContainText('a crawler that sends a browser’s User-Agent');

    // The radio group by arrow keys: nginx → Apache → Caddy.
    await app.page.getByTestId('ai-export-nginx').focus();
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('ArrowRight');
    await expect(app.page.getByTestId('ai-export-caddy')).toBeChecked();
    const server = width === 390 ? 'haproxy' : 'apache';
    await app.page.keyboard.press(server === 'haproxy' ? 'ArrowRight' : 'ArrowLeft');
    await expect(app.page.getByTestId(`ai-export-${server}`)).toBeChecked();
    // A status as --status takes it.
    await tabTo(app, 'ai-export-status', 5);
    await app.page.keyboard.press('Control+A');
    await app.page.keyboard.type('451');
    const expected = cliRules(SHOP, server, 451);
    await expect.poll(() => text.textContent()).toBe(expected);
    await expect(notes.locator('[data-code=covers]')).toContainText('with status 451');

    // Copy: the clipboard holds the rules.
    await tabTo(app, 'ai-export-copy', 5);
    await app.page.keyboard.press('Enter');
    await expect(app.page.getByTestId('ai-export-copied')).toHaveText('Copied.');
    expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

    // Download: the file's name says the server, its content is the CLI's byte for byte.
    await tabTo(app, 'ai-export-download', 3);
    const download = app.page.waitForEvent('download');
    await app.page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe(server === 'apache' ? 'robots-txt-ai.apache.conf' : 'robots-txt-ai.haproxy.cfg');
    expect(readFileSync((await file.path())!, 'utf8')).toBe(expected);

    // Cloudflare: an expression, no status; its notes say what the WAF needs.
    await app.page.getByTestId('ai-export-cloudflare').check();
    await expect(app.page.getByTestId('ai-export-status')).toHaveCount(0);
    await expect.poll(() => text.textContent()).toBe(cliRules(SHOP, 'cloudflare'));
    await expect(notes.locator('[data-code=cloudflare-regex]')).toContainText('Business and Enterprise');
    const download2 = app.page.waitForEvent('download');
    await app.page.getByTestId('ai-export-download').click();
    expect((await download2).suggestedFilename()).toBe('robots-txt-ai.cloudflare.txt');

    // The section fits the panel at this width: the rules scroll inside their own box.
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('etsy.com, “no AI training, yes AI search”: the summary counts the crawlers and URLs its table shows as differing, and no finding calls the composer’s own names “also applied”', async ({ app }) => {
  const text = etsy();
  test.skip(text === null, 'the shared real-world corpus is not beside the repository');
  await app.open();
  await app.paste(text!);
  await app.page.getByTestId('tab-ai').click();
  await app.page.getByTestId('ai-preset-no-training').click();
  const outcome = app.page.getByTestId('ai-outcome');
  await expect(outcome).toHaveAttribute('data-ok', 'yes');
  await expect(outcome).toContainText(/crawlers, \d+ URLs? differ from the chosen verdict/);
  const said = /(\d+) crawlers, (\d+) URLs? differ/.exec((await outcome.textContent())!)!;
  // The table's rows that differ are the ones the sentence counts: AI2Bot and the other names Google cuts.
  const differing = app.page.getByTestId('ai-verdicts').locator('tr[data-differs]:not([data-differs="0"])');
  await expect(differing).toHaveCount(Number(said[1]));
  await expect(app.page.getByTestId('ai-verdicts').locator('tr[data-crawler=AI2Bot]')).toContainText('Google cannot name it');
  const most = Math.max(...(await differing.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-differs'))))));
  expect(most).toBeLessThanOrEqual(Number(said[2]));
  await expect(outcome).not.toContainText(/all \d+ AI crawlers/);

  // Applied: the findings on the lines it wrote say what Google reads, never that the group reaches its own names.
  await app.page.getByTestId('ai-apply').click();
  await expect(app.page.getByTestId('notice')).toContainText('Applied as one edit');
  await app.page.getByTestId('tab-diagnostics').click();
  // Other parsers' notes shown (the substring note is one): some are listed, none of this kind.
  await app.page.getByTestId('diag-filter-other').locator('input').check();
  await expect(app.page.getByTestId('portability').first()).toBeVisible();
  await expect(app.page.locator('.diag[data-code="agent-name-unreadable"]').first()).toBeVisible();
  await expect(app.page.locator('.diag[data-code="substring-agent"]')).toHaveCount(0);
});
