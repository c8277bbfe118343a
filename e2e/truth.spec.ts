import { expect, test, type App } from './fixtures.js';

/** Opens the "Site and fetch result" box. */
async function openContext(app: App): Promise<void> {
  const details = app.page.locator('details.context');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await app.page.locator('.context summary').click();
}

const BOTH = ['User-agent: *', 'Disallow: /all', '', 'User-agent: Googlebot', 'Disallow: /x'].join('\n');

test.describe('no verdict without a valid test', () => {
  for (const [what, url, crawler, problem, text] of [
    ['no crawler', 'https://a.test/x', '', 'no-crawler', 'No crawler to test'],
    ['a junk crawler', 'https://a.test/x', '!!!', 'no-crawler', 'No crawler name can be read from “!!!”'],
    ['no URL', '', 'Googlebot', 'no-url', 'No URL to test'],
    ['javascript:', 'javascript:alert(1)', 'Googlebot', 'not-http', 'is a javascript: URL'],
    ['mailto:', 'mailto:someone@a.test', 'Googlebot', 'not-http', 'is a mailto: URL'],
    ['a relative URL without a site', 'cart', 'Googlebot', 'relative-no-site', '“cart” is a relative URL'],
  ] as const) {
    test(`${what}: a neutral state that says what is missing`, async ({ app }) => {
      await app.open();
      await app.setCase(BOTH, url, crawler);
      await expect(app.verdict).toHaveAttribute('data-verdict', 'invalid');
      await expect(app.verdict).toHaveAttribute('data-problem', problem);
      await expect(app.page.getByTestId('problem')).toContainText(text);
      await expect(app.verdict).not.toContainText(/Allowed|Blocked/);
      await expect(app.page.getByTestId('deciding-rule')).toHaveCount(0);
    });
  }

  test('a relative URL resolves once the site is set; the tested path shows beside the field', async ({ app }) => {
    await app.open();
    await app.setCase(BOTH, 'cart', 'Googlebot');
    await expect(app.verdict).toHaveAttribute('data-verdict', 'invalid');
    await openContext(app);
    await app.page.getByTestId('site').fill('https://a.test');
    await app.expectVerdict('allowed', 0);
    await expect(app.page.getByTestId('tested-path-field')).toHaveText('Tests the path /cart');
    await app.url.fill('https://a.test/x#top');
    await app.expectVerdict('disallowed', 5);
    await expect(app.page.getByTestId('tested-path-field')).toHaveText('Tests the path /x');
    await app.url.fill('/x');
    await expect(app.page.getByTestId('tested-path-field')).toHaveCount(0);
  });

  test('bulk rows with URLs that cannot be tested say so', async ({ app }) => {
    await app.open();
    await app.paste(BOTH);
    await app.page.getByTestId('tab-bulk').click();
    await app.page.getByTestId('bulk-urls').fill('/x\njavascript:alert(1)\ncart');
    await expect(app.page.locator('.bulk-row[data-verdict="invalid"]')).toHaveCount(2);
    await expect(app.page.locator('.bulk-row[data-verdict="invalid"]').first()).toContainText('Cannot test this URL');
  });
});

test.describe('the Why is true in every state', () => {
  test('RFC 9309 §2.3.1.4: a 503 names the status and what Google does, never “no group”', async ({ app }) => {
    await app.open();
    await app.setCase(BOTH, 'https://a.test/free', 'Googlebot');
    await openContext(app);
    await app.page.getByTestId('http-status').selectOption('503');
    await app.expectVerdict('disallowed', 0);
    await expect(app.page.getByTestId('reason')).toHaveText(/^HTTP 503: a server error\. Google crawls nothing until it can fetch robots\.txt.*The groups and rules in the file are not used\.$/);
    await expect(app.page.getByTestId('explanation')).not.toContainText('No group names');
    await expect(app.page.getByTestId('group-explanation')).toHaveCount(0);
  });

  test('spec §1: out of scope names the robots.txt that governs the URL', async ({ app }) => {
    await app.open();
    await app.setCase(BOTH, 'https://b.test/x', 'Googlebot');
    await openContext(app);
    await app.page.getByTestId('site').fill('https://a.test');
    await expect(app.verdict).toHaveAttribute('data-verdict', 'out-of-scope');
    await expect(app.verdict).toContainText('a different host (b.test)');
    await expect(app.page.getByTestId('governing-robots')).toHaveText('https://b.test/robots.txt');
  });

  test('Google-specific: a special-case crawler ignores the * group', async ({ app }) => {
    await app.open();
    await app.setCase(BOTH, 'https://a.test/all', 'AdsBot-Google');
    await app.expectVerdict('allowed', 0);
    await expect(app.page.getByTestId('group-explanation')).toHaveText('AdsBot-Google is a special-case crawler: it ignores the * group (line 1), and no group names it, so everything is allowed.');
  });

  test('RFC 9309 §2.2.1: an empty group allows everything and * is not used', async ({ app }) => {
    await app.open();
    await app.setCase(['User-agent: *', 'Disallow: /', '', 'User-agent: Googlebot', 'Crawl-delay: 1'].join('\n'), 'https://a.test/p', 'Googlebot');
    await app.expectVerdict('allowed', 0);
    await expect(app.page.getByTestId('reason')).toHaveText('That group has no rules: everything is allowed for this crawler, and the * group is not used.');
  });

  test('RFC 9309 §2.2.1: no group names the crawler → *; no * → everything allowed', async ({ app }) => {
    await app.open();
    await app.setCase(BOTH, 'https://a.test/all', 'Bingbot');
    await app.expectVerdict('disallowed', 2);
    await expect(app.page.getByTestId('group-explanation')).toHaveText('No group names Bingbot, so the * group (line 1) applies.');
    await app.paste('User-agent: Googlebot\nDisallow: /');
    await app.expectVerdict('allowed', 0);
    await expect(app.page.getByTestId('group-explanation')).toHaveText('No group names Bingbot and there is no * group: everything is allowed.');
  });

  test('Google-specific: Google-InspectionTool falls back to Googlebot, said plainly (and the CLI agrees: see cli.test.ts)', async ({ app }) => {
    await app.open();
    await app.setCase('User-agent: Googlebot\nDisallow: /x', 'https://a.test/x', 'Google-InspectionTool');
    await app.expectVerdict('disallowed', 2);
    await expect(app.page.getByTestId('group-explanation')).toHaveText('No group names Google-InspectionTool, so it follows the Googlebot group (line 1), as Google documents for this crawler.');
    await expect(app.page.getByTestId('explanation')).not.toContainText('exact');
  });

  test('Google-specific: profile notes where they matter; a token Google cannot use is warned about', async ({ app }) => {
    await app.open();
    await app.setCase(BOTH, 'https://a.test/x', 'Googlebot-Image');
    await app.expectVerdict('allowed', 0);
    await expect(app.page.locator('[data-testid=why-note][data-code=no-googlebot-fallback]')).toContainText('follows *, not the Googlebot group');
    await app.userAgent.fill('AB42bot');
    await expect(app.page.locator('[data-testid=why-note][data-code=token-unusable]')).toContainText('“AB42bot” is not a name Google’s parser can match');
  });
});

test.describe('one reading: colours, gutter, hover and Diagnostics agree', () => {
  const FILE = [
    'User-agent: *', //                              1
    'Allow: no-slash', //                            2 error: never matches
    'Disallow /a', //                                3 warning: missing colon
    'Disallow /a /b', //                             4 error: unreadable
    'Sitemap: /sitemap.xml', //                      5 error: relative sitemap
    'Content-Signal: search=yes, ai-train=no', //    6 info: AI-use preference
    'User-agent:\u00a0Googlebot', //                 7 error: names nobody
    'Disallow: /z', //                               8
  ].join('\n');

  test('each line has one severity in the gutter and the Diagnostics panel', async ({ app }) => {
    await app.open();
    await app.setCase(FILE, 'https://a.test/a', 'Googlebot');
    // Line 7 names nobody for Google, so Googlebot follows * (lines 1-6): the missing-colon rule decides.
    await app.expectVerdict('disallowed', 3);
    // The marker beside line n: the gutter element level with it.
    const markerOf = (line: number) => app.line(line).evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const cell = [...document.querySelectorAll('.rt-marker-gutter .cm-gutterElement')].find((g) => Math.abs(g.getBoundingClientRect().top - top) < 3);
      return cell?.querySelector('.rt-marker')?.className ?? 'none';
    });
    const expected: [number, string, string][] = [
      [2, 'error', 'path-never-matches'], [3, 'warning', 'missing-colon'], [4, 'error', 'invalid-line'],
      [5, 'error', 'sitemap-not-absolute'], [6, 'info', 'ai-preference'], [7, 'error', 'agent-empty'],
    ];
    for (const [line, severity] of expected) await expect.poll(() => markerOf(line)).toBe(`rt-marker rt-marker-${severity}`);
    await expect.poll(() => markerOf(8)).toBe('none');
    await app.page.getByTestId('tab-diagnostics').click();
    for (const [line, severity, code] of expected) {
      // A kind's card carries its first line; the others are listed in it.
      const card = app.page.locator(`.diag[data-code="${code}"]`);
      await expect(card).toHaveClass(new RegExp(`diag-${severity}`));
      if ((await card.getAttribute('data-line')) !== String(line)) {
        if ((await card.getByTestId('show-lines').getAttribute('aria-expanded')) !== 'true') await card.getByTestId('show-lines').click();
        await expect(card.locator(`.diag-line[data-line="${line}"]`)).toBeVisible();
      }
    }
    const signal = app.page.locator('.diag[data-line="6"][data-code="ai-preference"]');
    await expect(signal).toContainText('an AI-use preference — search: yes, AI training: no');
    await expect(signal).toContainText('does not act on it');
    await expect(signal).not.toContainText(/remove/i);
  });

  test('syntax colours follow the engine: unreadable lines and a no-break space agent are not coloured as valid', async ({ app }) => {
    await app.open();
    await app.setCase(FILE, 'https://a.test/a', 'Googlebot');
    // Line 7 names nobody for Google, so Googlebot follows * (lines 1-6): the missing-colon rule decides.
    await app.expectVerdict('disallowed', 3);
    await expect(app.line(4).locator('.rt-syn-invalid')).toHaveText('Disallow /a /b');
    await expect(app.line(4).locator('.rt-syn-field')).toHaveCount(0);
    await expect(app.line(7).locator('.rt-syn-agent')).toHaveCount(0);
    await expect(app.line(7).locator('.rt-syn-invalid')).toHaveCount(1);
    await expect(app.line(3).locator('.rt-syn-field')).toHaveText('Disallow');
    await expect(app.line(2).locator('.rt-syn-invalid')).toHaveText('no-slash');
  });

  test('findings that need the whole file (a shadowed rule) mark the gutter and the hover too, and follow edits', async ({ app }) => {
    await app.open();
    await app.setCase('User-agent: *\nDisallow: /\nAllow: /*', 'https://a.test/x', 'Googlebot');
    await app.expectVerdict('allowed', 3);
    const marker = app.page.locator('.rt-marker-warning[title*="Never decides"]');
    await expect(marker).toHaveCount(1);
    await app.line(2).hover({ position: { x: 30, y: 8 } });
    await expect(app.page.locator('.rt-tooltip [data-code="shadowed-rule"]')).toContainText('Never decides');
    // A line added above moves the finding with its rule.
    await app.line(1).click();
    await app.page.keyboard.press('Home');
    await app.page.keyboard.type('# note\n');
    await expect(app.line(3)).toHaveText('Disallow: /');
    await expect(app.page.locator('.rt-marker-warning[title*="Never decides"]')).toHaveCount(1);
    await app.line(3).hover({ position: { x: 30, y: 8 } });
    await expect(app.page.locator('.rt-tooltip [data-code="shadowed-rule"]')).toBeVisible();
  });

  test('hovering a line shows its findings from the catalogue: title, what Google does, hint', async ({ app }) => {
    await app.open();
    await app.setCase(FILE, 'https://a.test/a', 'Googlebot');
    // Line 7 names nobody for Google, so Googlebot follows * (lines 1-6): the missing-colon rule decides.
    await app.expectVerdict('disallowed', 3);
    await app.line(2).locator('.rt-syn-invalid').hover();
    const tip = app.page.locator('.rt-tooltip');
    await expect(tip.locator('[data-code="path-never-matches"]')).toContainText('“no-slash” starts with neither “/” nor “*”.');
    await expect(tip.locator('[data-code="path-never-matches"] .rt-tooltip-hint')).toHaveText('Write “/no-slash”.');
  });
});
