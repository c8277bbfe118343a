import { describe, expect, it } from 'vitest';
import { IpVerifier, publishedCrawlers, readIpRanges } from './ranges.js';
import { loadPublishedRanges, shippedInUse, withPublishedRanges, withShippedRanges } from './published-ranges.js';
import type { IpRangesFile } from './setup.js';

const published = await loadPublishedRanges();
const verifier = (files: readonly IpRangesFile[]) => new IpVerifier(files.map((f) => readIpRanges(f.text, f.source, f.crawlers)));
/** A ranges file given by the user. */
const given = (source: string, crawlers: string[], ...prefixes: string[]): IpRangesFile => ({
  source, crawlers, text: JSON.stringify({ creationTime: '2026-12-01T00:00:00Z', prefixes: prefixes.map((p) => ({ ipv4Prefix: p })) }),
});

describe("the operators' published ranges shipped with the tester (published-ranges.json)", () => {
  it('each file is one an operator publishes (its name tells whom it verifies), with its URL, its own date and the date of its copy', () => {
    expect(published.files.length).toBeGreaterThan(0);
    for (const f of published.files) {
      expect(publishedCrawlers(f.name), f.name).not.toBeNull();
      expect(f.url).toMatch(/^https:\/\/[^/]+\/.+\.json$/);
      expect(f.copied).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(f.creationTime ?? '').toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });
  it('every prefix reads as one (none skipped), each once', () => {
    for (const f of withPublishedRanges([], published)) {
      const r = readIpRanges(f.text, f.source, f.crawlers);
      expect(r.skipped, f.source).toBe(0);
      const entries = (JSON.parse(f.text) as { prefixes: unknown[] }).prefixes.map((p) => JSON.stringify(p));
      expect(new Set(entries).size, f.source).toBe(entries.length);
    }
  });
  it("Google's documented crawler address verifies Googlebot (developers.google.com: crawl-66-249-66-1.googlebot.com); a documentation address is spoofed; Google's user-triggered fetchers and OpenAI's are covered", () => {
    const v = verifier(withPublishedRanges([], published));
    expect(v.verify('googlebot', '66.249.66.1')).toBe('verified');
    expect(v.verify('googlebot', '203.0.113.9')).toBe('spoofed');
    expect(['google-read-aloud', 'gptbot', 'oai-searchbot', 'chatgpt-user', 'applebot', 'adsbot-google', 'bingbot'].map((c) => v.knows(c))).toEqual([true, true, true, true, true, true, true]);
  });
  it("Bing's file (bing.com/toolbox/bingbot.json) verifies Bingbot from its 157.55.39.0/24 and 40.77.188.0/22, not from an RFC 5737 documentation address", () => {
    const v = verifier(withPublishedRanges([], published));
    expect([v.verify('bingbot', '157.55.39.1'), v.verify('bingbot', '40.77.189.7'), v.verify('bingbot', '198.51.100.4')]).toEqual(['verified', 'verified', 'spoofed']);
  });
  it('a file the user gives for crawlers replaces the shipped copy for them (a newer file is taken), and only for them', () => {
    const mine = given('googlebot.json', ['googlebot'], '203.0.113.0/24');
    const files = withPublishedRanges([mine], published);
    const v = verifier(files);
    expect([v.verify('googlebot', '203.0.113.9'), v.verify('googlebot', '66.249.66.1')]).toEqual(['verified', 'spoofed']);
    // googlebot.json's other crawlers keep the shipped copy.
    expect(v.verify('googlebot-image', '66.249.66.1')).toBe('verified');
    expect(files.at(-1)).toBe(mine);
    expect(shippedInUse([mine], published).filter((f) => f.replaced)).toEqual([]);
    const whole = [...publishedCrawlers('googlebot.json')!];
    expect(shippedInUse([{ crawlers: whole }], published).filter((f) => f.replaced).map((f) => f.file.name)).toEqual(['googlebot.json']);
  });
  it('a setup gets them only when it asks (publishedRanges), under its own files', async () => {
    const setup = { versions: [{ text: '' }], readers: ['google' as const], ranges: [given('mine.json', ['claudebot'], '192.0.2.0/24')] };
    expect(await withShippedRanges(setup)).toBe(setup);
    const asked = await withShippedRanges({ ...setup, publishedRanges: true });
    expect(asked.publishedRanges).toBe(false);
    expect(asked.ranges.map((r) => r.source)).toEqual([...published.files.map((f) => `${f.name} (shipped, copied ${f.copied})`), 'mine.json']);
  });
});
