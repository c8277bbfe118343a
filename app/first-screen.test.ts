/**
 * The first screen as the build draws it into index.html: the sample's file, its first verdict (as
 * the analysis worker answers it), the Why, the readers' row and the tab bar, in English.
 */
import { describe, expect, it } from 'vitest';
import { toCase, initialState } from '../src/store/index.js';
import { draftJson } from './persistence.js';
import { renderFirstScreen } from './first-screen.js';
import { SAMPLE_CASE } from './samples.js';

describe('the first screen', () => {
  it('is the sample with its verdict, as the app draws it once the first answer is in', async () => {
    const screen = await renderFirstScreen();
    expect(screen.language).toBe('en');
    // The verdict of the sample's test: Googlebot, /checkout/payment, line 15.
    expect(screen.html).toMatch(/data-testid="verdict" data-verdict="disallowed" data-line="15"/);
    expect(screen.html).toContain('Googlebot may not crawl <code>/checkout/payment?step=2</code>');
    expect(screen.html).toContain(SAMPLE_CASE.robots.split('\n').slice(3, 6).join('\n'));
    expect(screen.html).toContain('data-testid="explanation"><h3>Why</h3>');
    // The readers' row, lazy in the app, is drawn as it is while the other parsers read the file.
    expect(screen.html).toContain('data-state="pending"><p class="muted" data-testid="readers-pending">Reading the file as other crawlers’ parsers do…</p>');
    // Counted tabs: the findings are not in yet (the app takes the page over before they are).
    expect(screen.html).toMatch(/data-testid="tab-diagnostics" class="tab">Diagnostics<\/button>/);
    // The shared case's banner's room, inert.
    expect(screen.html).toMatch(/<div class="first-paint-banner" aria-hidden="true"><div class="banner"><span>You are viewing a shared test case/);
    expect(screen.html).not.toMatch(/first-paint-banner[^]*data-testid="shared-banner"/);
  });

  it('names the draft the sample is kept as once opened: the early script compares the kept one with it', async () => {
    const screen = await renderFirstScreen();
    expect(screen.sampleDraft).toBe(draftJson(toCase(initialState(SAMPLE_CASE, 'draft'))));
    expect(screen.draftKey).toBe('robots-txt-tester:draft');
  });
});
