import type { Browser, Page } from '@playwright/test';
import { encodeFragment, makeCase } from '../src/share/index.js';
import { expect, test } from './fixtures.js';

// The first screen is in the page's HTML (app/first-screen.tsx): the sample file, its verdict, the
// Why and the tab bar paint before any script runs, and the app takes that page over without
// moving anything. Another case (a link, a draft) or another language never shows the sample's
// verdict or English words as the page's own, not even for a frame (app/first-paint.ts).

/** The app's entry script: held back, the page stays as its first paint left it. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** A share link to a case the sample's verdict is not the answer of: the same file, a URL it allows. */
async function linkToAllowedCase(): Promise<string> {
  const sample = 'User-agent: *\nDisallow: /checkout/\n';
  return '#' + (await encodeFragment(makeCase(sample, [{ url: 'https://www.example-shop.com/products/red-shoes', crawler: { kind: 'text', value: 'Googlebot' } }])));
}

/**
 * Before the page's scripts: records every frame's verdict as painted (rAF runs before each paint),
 * whether its word is visible, and whether English words are (the tagline's colour), and every
 * layout shift; keeps the first paint's verdict element.
 */
function watchFrames(): void {
  const w = window as unknown as { __frames: { verdict: string | null; shown: boolean; english: boolean }[]; __shifts: number[]; __firstVerdict: Element | null };
  w.__frames = [];
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__shifts.push((e as unknown as { value: number }).value);
  }).observe({ type: 'layout-shift', buffered: true });
  const frame = () => {
    const verdict = document.querySelector('[data-testid=verdict]');
    const word = verdict?.querySelector('.verdict-word');
    const tagline = document.querySelector('.tagline');
    if (verdict) {
      w.__firstVerdict ??= verdict;
      w.__frames.push({
        verdict: verdict.getAttribute('data-verdict'),
        shown: !!word && getComputedStyle(word).visibility === 'visible' && getComputedStyle(word).color !== 'rgba(0, 0, 0, 0)',
        english: !!tagline && tagline.textContent!.startsWith('Exactly as Google') && getComputedStyle(tagline).color !== 'rgba(0, 0, 0, 0)',
      });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** What the page painted, frame by frame, and the layout shifts since it opened. */
async function painted(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: { verdict: string | null; shown: boolean; english: boolean }[]; __shifts: number[] };
    return { frames: w.__frames, shifts: w.__shifts.reduce((a, b) => a + b, 0) };
  });
}

/** A page in a fresh context of `browser`, its scripts' first `init` run before the page's. */
async function freshPage(browser: Browser, baseURL: string | undefined, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  await page.addInitScript(watchFrames);
  return page;
}

/** Opens the page with the app's code held back (the page stays its HTML); resolves to what releases it. */
async function openHeld(page: Page): Promise<() => void> {
  let release = (): void => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  // The module scripts hold back the load event: the page is used as soon as its HTML is in.
  await page.goto('./', { waitUntil: 'commit' });
  return release;
}

test.describe('the page’s HTML, before any script', () => {
  test('holds the sample file, its verdict, the Why and the tab bar', async ({ request, baseURL }) => {
    const html = await (await request.get(baseURL!)).text();
    expect(html).toMatch(/<section class="verdict verdict-blocked" data-testid="verdict" data-verdict="disallowed" data-line="15"/);
    expect(html).toContain('<div class="verdict-word">Blocked</div>');
    expect(html).toContain('User-agent: Googlebot-News\nDisallow: /checkout/');
    expect(html).toContain('data-testid="explanation"><h3>Why</h3>');
    expect(html).toContain('data-testid="tab-diagnostics"');
    // No script in the page's own text: its Content-Security-Policy runs none.
    expect(html.match(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/json")[^>]*>/g)).toBeNull();
  });

  test('with JavaScript off, paints the sample’s verdict and file, and says they are the sample’s', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('./');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'disallowed');
    await expect(page.locator('.verdict-word')).toHaveText('Blocked');
    await expect(page.locator('.editor-placeholder-text')).toContainText('Disallow: /checkout/');
    await expect(page.getByRole('tab', { name: 'Test' })).toBeVisible();
    await expect(page.locator('.noscript')).toContainText('sample');
    await context.close();
  });
});

for (const [device, viewport] of [['phone', { width: 412, height: 823 }], ['desktop', { width: 1350, height: 940 }]] as const) {
  test(`${device}: the app takes the first screen over as it is, and nothing on it moves`, async ({ browser, baseURL }) => {
    const page = await freshPage(browser, baseURL, { viewport });
    await page.addInitScript(() => {
      // Every box of the first screen as first painted.
      const w = window as unknown as { __boxes: Record<string, number[]> };
      const boxes = () => Object.fromEntries([...document.querySelectorAll('header, .pane-head, .editor-host, .tab, .field-input, .verdict, .readers, .why, .tested-path')]
        .map((e, i) => [`${e.className || e.tagName} ${i}`, ((r) => [r.x, r.y, r.width, r.height])(e.getBoundingClientRect())]));
      // The first frame with the whole first screen parsed.
      const first = () => (document.querySelector('.why') ? (w.__boxes = boxes()) : requestAnimationFrame(first));
      requestAnimationFrame(first);
      (window as unknown as { __boxesNow: () => Record<string, number[]> }).__boxesNow = boxes;
    });
    await page.goto('./');
    // Everything that fills in later has: the findings' count, the readers' chips, and on a desktop the editor.
    await expect(page.getByTestId('tab-diagnostics')).toHaveText(/^Diagnostics \(\d+\)$/);
    await expect(page.getByTestId('tab-diagnostics')).toHaveAccessibleName(/^Diagnostics \(\d+\)$/);
    await expect(page.getByTestId('reader-chips')).toBeVisible();
    if (device === 'desktop') await expect(page.locator('.cm-content')).toBeVisible();
    await page.waitForTimeout(300);
    const { frames, shifts } = await painted(page);
    expect(shifts, 'layout shift').toBe(0);
    expect(frames.every((f) => f.verdict === 'disallowed' && f.shown)).toBe(true);
    const { before, after, same } = await page.evaluate(() => {
      const w = window as unknown as { __boxes: Record<string, number[]>; __boxesNow: () => Record<string, number[]>; __firstVerdict: Element };
      return { before: w.__boxes, after: w.__boxesNow(), same: w.__firstVerdict === document.querySelector('[data-testid=verdict]') };
    });
    expect(Object.keys(before).length).toBeGreaterThan(12);
    expect(after).toEqual(before);
    // Taken over, not drawn again: the verdict painted first is the one on the page.
    expect(same).toBe(true);
    await page.context().close();
  });
}

test('desktop: the editor replaces its placeholder with the file’s lines where the placeholder had them', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL, { viewport: { width: 1350, height: 940 } });
  // Where the placeholder has line 5's text (in its first paint): a range over that line.
  await page.addInitScript(() => {
    const first = () => {
      const placeholder = document.querySelector('.editor-placeholder-text');
      if (!placeholder) return requestAnimationFrame(first);
      const text = placeholder.firstChild!;
      const at = text.textContent!.split('\n').slice(0, 4).join('\n').length + 1;
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + 'Disallow: /checkout/'.length);
      const r = range.getBoundingClientRect();
      (window as unknown as { __line5: number[] }).__line5 = [r.x, r.y, r.width, r.height];
    };
    requestAnimationFrame(first);
  });
  await page.goto('./');
  const line5 = page.locator('.cm-line').nth(4);
  await expect(line5).toHaveText('Disallow: /checkout/');
  const [placeholder, editor] = await page.evaluate(() => {
    const line = document.querySelectorAll('.cm-line')[4]!;
    const range = document.createRange();
    range.selectNodeContents(line);
    const r = range.getBoundingClientRect();
    return [(window as unknown as { __line5: number[] }).__line5, [r.x, r.y, r.width, r.height]];
  });
  for (let i = 0; i < 4; i++) expect(Math.abs(editor![i]! - placeholder![i]!), `box ${i}: ${placeholder} vs ${editor}`).toBeLessThan(1);
  await page.context().close();
});

test.describe('another case never shows the sample’s verdict as its own', () => {
  test('a share link: the sample’s data are out of sight at the first paint, their places kept', async ({ browser, baseURL }) => {
    const page = await freshPage(browser, baseURL);
    await page.route(ENTRY, (route) => route.abort());
    await page.goto('./' + (await linkToAllowedCase()));
    await expect(page.locator('html')).toHaveClass(/paint-other-case/);
    await expect(page.getByTestId('verdict')).toBeVisible();
    for (const hidden of ['.verdict-word', '.verdict-for', '.editor-placeholder-text', '.why', '[data-testid=file-summary]', '.tested-path']) {
      await expect(page.locator(hidden).first(), hidden).toBeHidden();
    }
    for (const blank of ['#url-input', '#crawler-input', '#tab-site']) {
      await expect(page.locator(blank), blank).toHaveCSS('color', 'rgba(0, 0, 0, 0)');
    }
    await page.context().close();
  });

  test('a share link: every frame shows its own verdict or none, and nothing shifts', async ({ browser, baseURL }) => {
    const page = await freshPage(browser, baseURL);
    await page.goto('./' + (await linkToAllowedCase()));
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'allowed');
    await expect(page.getByTestId('shared-banner')).toBeVisible();
    await page.waitForTimeout(300);
    const { frames, shifts } = await painted(page);
    expect(frames.filter((f) => f.shown).map((f) => f.verdict)).not.toContain('disallowed');
    expect(frames.at(-1)).toMatchObject({ verdict: 'allowed', shown: true });
    expect(shifts).toBeLessThanOrEqual(0.05);
    await page.context().close();
  });

  test('a saved draft of the visitor’s own: the sample’s data are out of sight at the first paint, the verdict’s place kept', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const first = await context.newPage();
    await first.goto('./');
    // The app loads once the first paint is on screen (app/app-scripts.ts): the URL is typed into its field, not the HTML's.
    await expect(first.locator('html')).toHaveAttribute('data-tabs-live', '');
    await first.getByTestId('test-url').fill('https://www.example-shop.com/products/red-shoes');
    await expect(first.getByTestId('verdict')).toHaveAttribute('data-verdict', 'allowed');
    await first.evaluate(() => (window as unknown as { __robotsTester: { saved(): Promise<void> } }).__robotsTester.saved());
    await first.close();
    const page = await context.newPage();
    await page.route(ENTRY, (route) => route.abort());
    await page.goto('./');
    await expect(page.locator('html')).toHaveClass(/paint-other-case/);
    await expect(page.locator('html')).not.toHaveClass(/paint-shared/);
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toBeVisible();
    expect((await verdict.boundingBox())!.height).toBeGreaterThan(20);
    for (const hidden of ['.verdict-word', '.verdict-for', '.editor-placeholder-text', '.why']) {
      await expect(page.locator(hidden).first(), hidden).toBeHidden();
    }
    await context.close();
  });

  test('a saved draft: the sample is not shown as the draft; a draft that is the sample’s is taken over as it is', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const first = await context.newPage();
    await first.goto('./');
    await expect(first.getByTestId('verdict')).toHaveAttribute('data-verdict', 'disallowed');
    // The app (loaded once the first paint is on screen) has taken the page over.
    await expect(first.locator('html')).toHaveAttribute('data-tabs-live', '');
    // The sample, kept as the draft unchanged: a returning visitor's page is the HTML's.
    await first.evaluate(() => (window as unknown as { __robotsTester: { saved(): Promise<void> } }).__robotsTester.saved());
    const again = await context.newPage();
    await again.addInitScript(watchFrames);
    await again.goto('./');
    await expect(again.getByTestId('reader-chips')).toBeVisible({ timeout: 15_000 });
    expect(await again.evaluate(() => (window as unknown as { __firstVerdict: Element }).__firstVerdict === document.querySelector('[data-testid=verdict]'))).toBe(true);
    await again.close();
    // A draft of the user's own.
    await first.getByTestId('test-url').fill('https://www.example-shop.com/products/red-shoes');
    await expect(first.getByTestId('verdict')).toHaveAttribute('data-verdict', 'allowed');
    await first.evaluate(() => (window as unknown as { __robotsTester: { saved(): Promise<void> } }).__robotsTester.saved());
    await first.close();
    const page = await context.newPage();
    await page.addInitScript(watchFrames);
    await page.goto('./');
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'allowed');
    await expect(page.getByTestId('test-url')).toHaveValue('https://www.example-shop.com/products/red-shoes');
    const { frames, shifts } = await painted(page);
    expect(frames.filter((f) => f.shown).map((f) => f.verdict)).not.toContain('disallowed');
    expect(shifts).toBeLessThanOrEqual(0.05);
    await context.close();
  });
});

test('another language: no English word paints before the page is in the visitor’s', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL, { locale: 'nl-NL' });
  await page.goto('./');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.locator('.tagline')).not.toHaveText(/^Exactly as Google/);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'disallowed');
  await page.waitForTimeout(300);
  const { frames, shifts } = await painted(page);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((f) => f.english)).toEqual([]);
  // The verdict is the sample's, and right: it may show, in Dutch only.
  expect(frames.filter((f) => f.shown).every((f) => f.verdict === 'disallowed')).toBe(true);
  expect(shifts).toBeLessThanOrEqual(0.05);
  await page.context().close();
});

test('a tab tapped on the page’s HTML, before the app has taken it over, is the tab the app opens', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  // The app's code is held back until the tap is made on the static page.
  const release = await openHeld(page);
  await expect(page.getByTestId('tab-bulk')).toBeVisible();
  await page.getByTestId('tab-bulk').click();
  release();
  await expect(page.getByTestId('tab-bulk')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('bulk-urls')).toBeVisible();
  await page.context().close();
});

test('a file chosen on the page’s HTML, before the app has taken it over, is the file the app opens', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  // The app's code is held back until the file is chosen on the static page's input.
  const release = await openHeld(page);
  const file = 'User-agent: *\nDisallow: /search\nSitemap: https://github.com/sitemap.xml\n';
  await page.getByTestId('open-file').setInputFiles({ name: 'github.com.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
  release();
  // The file's site root replaces the sample's URL, and the file its text.
  await expect(page.getByTestId('test-url')).toHaveValue('https://github.com/');
  await expect(page.locator('[data-testid="robots-editor"] .cm-line').nth(1)).toHaveText('Disallow: /search');
  await expect(page.getByTestId('notice')).toContainText('github.com.txt');
  await page.context().close();
});

test('a URL typed while the app takes the page over keeps every key, and its verdict is the one shown', async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  // A slow phone's CPU: the move from the drawn state to the store's takes long enough to type into.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const release = await openHeld(page);
  release();
  // The editor is the app's own once the page's HTML is taken over: type from that moment on.
  await page.waitForFunction(() => !!document.querySelector('[data-testid=robots-editor] .cm-content'), null, { polling: 'raf' });
  const field = page.getByTestId('test-url');
  await field.selectText();
  await page.keyboard.type('https://www.example-shop.com/products/x', { delay: 15 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(field).toHaveValue('https://www.example-shop.com/products/x');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'allowed');
  await page.context().close();
});
