import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../google/index.js';
import { describeLine } from './describe.js';
import { diagnose } from './diagnostics.js';
import { FINDING_CODES, wordFinding, type FindingCode } from './catalogue.js';
import { lines } from '../test-helpers.js';

/** `[line, code, severity]` of every finding of a file: plain data to assert on. */
const found = (text: string) => diagnose(parseRobotsTxt(text)).map((d) => [d.line, d.code, d.severity]);

/** Which codes a test below has shown; the last test checks that none is left out. */
const seen = new Set<FindingCode>();
function expectFinding(text: string, line: number, code: FindingCode, severity: string): void {
  expect(found(text)).toContainEqual([line, code, severity]);
  seen.add(code);
}

describe('AI-use preferences, RSL and AI crawler names', () => {
  it('ai-signal-outside-group, ai-signal-contradicts, rsl-license, agent-name-unreadable', () => {
    expectFinding(lines('Content-Signal: ai-train=no', 'User-agent: *', 'Disallow: /x'), 1, 'ai-signal-outside-group', 'warning');
    expectFinding(lines('User-agent: GPTBot', 'Allow: /', 'Content-Signal: ai-train=no'), 3, 'ai-signal-contradicts', 'warning');
    expectFinding(lines('License: https://example.com/l.xml', 'User-agent: *'), 1, 'rsl-license', 'info');
    // Names their operators document, which the AI access tab writes on purpose: a note, not a warning.
    expectFinding(lines('User-agent: Crawl4AI', 'User-agent: AI2Bot', 'Disallow: /'), 1, 'agent-name-unreadable', 'info');
    expectFinding(lines('User-agent: Crawl4AI', 'User-agent: AI2Bot', 'Disallow: /'), 2, 'agent-name-unreadable', 'info');
    expect(diagnose(parseRobotsTxt(lines('User-agent: GPTBot', 'Allow: /', 'Content-Signal: ai-train=no'))).find((d) => d.code === 'ai-signal-contradicts')!.message)
      .toBe('“ai-train=no” says no, but this group lets GPTBot fetch the whole site.');
  });
});

describe('RFC 9309 §2.2: lines that are not “key: value”', () => {
  it('invalid-line: one word, three words without a colon, nothing before the colon', () => {
    expectFinding(lines('User-agent: *', '<html>'), 2, 'invalid-line', 'error');
    expectFinding(lines('User-agent: *', 'Disallow /a /b'), 2, 'invalid-line', 'error');
    expectFinding(lines('User-agent: *', ': /x'), 2, 'invalid-line', 'error');
    const d = diagnose(parseRobotsTxt(lines('User-agent: *', 'Disallow /a /b', ': /x')));
    expect(d.map((x) => x.message)).toEqual([
      'No colon, and more than two words: Google cannot tell field from value.',
      'Nothing before the colon: this line has no field name.',
    ]);
  });
  it('rule-outside-group and no-user-agent (§2.1: rules belong to the group above them)', () => {
    expectFinding(lines('Disallow: /x', 'User-agent: *'), 1, 'rule-outside-group', 'error');
    expectFinding('Disallow: /x', 1, 'no-user-agent', 'error');
  });
  it('empty-disallow and empty-allow (§2.2.2: an empty value matches nothing)', () => {
    expectFinding(lines('User-agent: *', 'Disallow:'), 2, 'empty-disallow', 'info');
    expectFinding(lines('User-agent: *', 'Allow:'), 2, 'empty-allow', 'info');
  });
  it('dollar-not-at-end (§2.2.3: $ is special only at the end)', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /a$b'), 2, 'dollar-not-at-end', 'warning');
  });
  it('shadowed-rule and duplicate-rule (§2.2.2: the most specific match wins)', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /', 'Allow: /*'), 2, 'shadowed-rule', 'warning');
    expectFinding(lines('User-agent: *', 'Disallow: /p', 'Disallow: /p'), 3, 'duplicate-rule', 'info');
  });
  it('merged-groups (§2.2.1: groups naming the same agent are combined)', () => {
    expectFinding(lines('User-agent: a', 'Disallow: /x', 'User-agent: a', 'Disallow: /y'), 3, 'merged-groups', 'info');
  });
  it('bom and cr-line-endings (§2.3: UTF-8, lines end at CR, LF or CRLF)', () => {
    expectFinding('\uFEFFUser-agent: *', 1, 'bom', 'info');
    expectFinding('User-agent: *\rDisallow: /x', 1, 'cr-line-endings', 'info');
  });
  it('sitemap-not-absolute (§2.2.4: a sitemap is a fully qualified URL)', () => {
    expectFinding('Sitemap: /sitemap.xml', 1, 'sitemap-not-absolute', 'error');
  });
});

describe('Google-specific readings', () => {
  it('ignored-field: a key Google does not know at all', () => {
    expectFinding(lines('User-agent: *', 'Unicorn: /x'), 2, 'ignored-field', 'warning');
  });
  it('unused-field: a key on the reporter’s list of known keys Google does not use', () => {
    expectFinding(lines('User-agent: *', 'Crawl-delay: 5'), 2, 'unused-field', 'info');
    expectFinding(lines('User-agent: *', 'Host: example.com'), 2, 'unused-field', 'info');
  });
  it('intent-dropped: a robots meta directive in robots.txt, which Google has not read since 2019 (Google Search Central)', () => {
    expectFinding(lines('User-agent: *', 'Noindex: /x'), 2, 'intent-dropped', 'warning');
    expectFinding(lines('User-agent: *', 'nofollow: /x'), 2, 'intent-dropped', 'warning');
    expectFinding(lines('User-agent: *', 'NOARCHIVE: /x'), 2, 'intent-dropped', 'warning');
    const [d] = diagnose(parseRobotsTxt(lines('User-agent: *', 'Noindex: /x')));
    expect(d!.google).toBe('Google stopped reading noindex in robots.txt in 2019: use a noindex robots meta tag or an X-Robots-Tag header.');
  });
  it('misspelled-field and field-prefix: keys Google accepts anyway', () => {
    expectFinding(lines('User-agent: *', 'Disalow: /a'), 2, 'misspelled-field', 'warning');
    expectFinding(lines('User-agent: *', 'Disallowed: /a'), 2, 'field-prefix', 'info');
  });
  it('missing-colon: exactly two words', () => {
    expectFinding(lines('User-agent: *', 'Disallow /a'), 2, 'missing-colon', 'warning');
  });
  it('path-never-matches: a path must start with / or *', () => {
    expectFinding(lines('User-agent: *', 'Allow: no-slash'), 2, 'path-never-matches', 'error');
  });
  it('path-has-space: the space stays literal, browsers send %20', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /path with space'), 2, 'path-has-space', 'warning');
    expect(diagnose(parseRobotsTxt(lines('User-agent: *', 'Disallow: /a b')))[0]!.hint).toBe('Write “/a%20b”.');
  });
  it('escaped-pattern: raw non-ASCII is matched percent-encoded', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /café'), 2, 'escaped-pattern', 'info');
  });
  it('agent-cut and agent-empty: a name is letters, - and _', () => {
    expectFinding(lines('User-agent: Googlebot/2.1', 'Disallow: /'), 1, 'agent-cut', 'warning');
    expectFinding(lines('User-agent: *Googlebot', 'Disallow: /'), 1, 'agent-empty', 'error');
    expectFinding(lines('User-agent:\u00a0Googlebot', 'Disallow: /'), 1, 'agent-empty', 'error');
  });
  it('long-line and nul-byte: the line buffer and C strings', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /' + 'a'.repeat(17_000)), 2, 'long-line', 'warning');
    expectFinding(lines('User-agent: *', 'Disallow: /a\0b'), 2, 'nul-byte', 'warning');
  });
  it('over-size-limit and after-limit: Google reads 500 KiB', () => {
    const big = 'User-agent: *\n' + '#'.repeat(99).concat('\n').repeat(5200);
    expectFinding(big, 5121, 'over-size-limit', 'error');
    expectFinding(big, 5200, 'after-limit', 'warning');
  });
  it('blocks-css-js: Google renders pages with their CSS and JavaScript', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /assets/'), 2, 'blocks-css-js', 'warning');
  });
  it('more-findings: at most 500 of one kind are listed', () => {
    expectFinding(lines('User-agent: *', ...Array.from({ length: 600 }, () => 'Disallow: /p')), 502, 'more-findings', 'info');
  });
});

describe('AI-use preferences (Content-Signal, Content-Usage): known keys Google does not act on', () => {
  it('says in plain words what the line declares, never “remove it”', () => {
    expectFinding(lines('User-agent: *', 'Content-Signal: search=yes, ai-train=no'), 2, 'ai-preference', 'info');
    const [d] = diagnose(parseRobotsTxt(lines('User-agent: *', 'Content-Signal: search=yes, ai-train=no')));
    expect(d!.message).toBe('Content-Signal: an AI-use preference — search: yes, AI training: no.');
    expect(d!.google).toMatch(/does not act on it/);
    expect(`${d!.message} ${d!.google} ${d!.hint}`).not.toMatch(/remove/i);
    const [u] = diagnose(parseRobotsTxt(lines('User-agent: *', 'Content-Usage: /docs/ train-ai=n, search=y')));
    expect(u!.message).toBe('Content-Usage: an AI-use preference — AI training: no, search: yes (for /docs/).');
    const [w] = diagnose(parseRobotsTxt(lines('User-agent: *', 'Content-Usage: ai-use=n', 'Content-Signal: use=reference')));
    expect(w!.message).toBe('Content-Usage: an AI-use preference — AI use (input to generative AI): no.');
  });
  it('a value that cannot be read gets its own finding (draft-ietf-aipref-vocab-08 §6.5, RFC 9651 §4.2.2)', () => {
    expectFinding(lines('User-agent: *', 'Content-Signal: ,'), 2, 'ai-preference-invalid', 'warning');
    expectFinding(lines('User-agent: *', 'Content-Usage: train-ai=no'), 2, 'ai-preference-invalid', 'warning');
    expectFinding(lines('User-agent: *', 'Content-Usage: Train-AI=n'), 2, 'ai-preference-invalid', 'warning');
  });
  it('keys the current definitions lack: a retired vocabulary label (with its current one), an undefined signal', () => {
    expectFinding(lines('User-agent: *', 'Content-Usage: train-genai=n'), 2, 'pref-unknown-label', 'warning');
    const [d] = diagnose(parseRobotsTxt(lines('User-agent: *', 'Content-Usage: train-genai=n'))).filter((x) => x.code === 'pref-unknown-label');
    expect([d!.message, d!.hint]).toEqual(['“train-genai” is not a category of the current AI-preferences vocabulary.', 'Write “train-ai” instead.']);
    expect(d!.google).toMatch(/^It is a label of an earlier draft; draft-ietf-aipref-vocab-08 defines train-ai, ai-use and search/);
    expectFinding(lines('User-agent: *', 'Content-Signal: ai-train=maybe'), 2, 'pref-unknown-signal', 'warning');
  });
  it('preferences that cannot take effect: on paths the group may not crawl (attach-05 §3.1); conflicting values', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /x/', 'Content-Usage: /x/y train-ai=n'), 3, 'pref-not-crawlable', 'warning');
    expect(diagnose(parseRobotsTxt(lines('User-agent: GPTBot', 'Disallow: /', 'Content-Usage: train-ai=n'))).find((x) => x.code === 'pref-not-crawlable')!.message)
      .toBe('This preference never applies: line 2 blocks the whole site for this group.');
    expectFinding(lines('User-agent: *', 'Content-Signal: ai-train=no', 'Content-Usage: train-ai=y'), 3, 'pref-conflict', 'warning');
    expect(diagnose(parseRobotsTxt(lines('User-agent: *', 'Content-Usage: train-ai=y, train-ai=n'))).find((x) => x.code === 'pref-conflict')!.message)
      .toBe('“train-ai=n” here, but “train-ai=y” earlier in this line: the two disagree.');
  });
  it('RSL 1.0: a licence URL must be absolute', () => {
    expectFinding(lines('License: /license.xml', 'User-agent: *'), 1, 'rsl-license-not-absolute', 'warning');
  });
});

describe('portability: lines other crawlers’ parsers read differently (each parser’s source as authority)', () => {
  const readers = (text: string, line: number, code: FindingCode) => diagnose(parseRobotsTxt(text)).find((d) => d.line === line && d.code === code)?.args.readers;
  it('order-matters: an Allow after a Disallow that covers it (first-match parsers: CPython ≤ 3.12)', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /a', 'Allow: /a/b'), 3, 'order-matters', 'warning');
    expect(readers(lines('User-agent: *', 'Disallow: /a', 'Allow: /a/b'), 3, 'order-matters')).toBe('Python ≤3.12 and 3.13.0–3.13.7');
    expect(found(lines('User-agent: *', 'Allow: /a/b', 'Disallow: /a')).map((f) => f[1])).not.toContain('order-matters');
    expect(found(lines('User-agent: *', 'Disallow: /b', 'Allow: /a/b')).map((f) => f[1])).not.toContain('order-matters');
  });
  it('wildcard-literal: * and $ are plain characters to CPython ≤ 3.12', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /*.pdf$'), 2, 'wildcard-literal', 'info');
  });
  it('first-group-only: CPython ≤ 3.12 reads only the first group for a crawler (Google merges)', () => {
    expectFinding(lines('User-agent: a', 'Disallow: /x', 'User-agent: b', 'Allow: /', 'User-agent: a', 'Disallow: /y'), 5, 'first-group-only', 'info');
  });
  it('substring-agent: Python and Protego give a Googlebot group to Googlebot-Image, which Google sends to *', () => {
    expectFinding(lines('User-agent: Googlebot', 'Disallow: /g', '', 'User-agent: *', 'Disallow: /x'), 1, 'substring-agent', 'info');
    const d = diagnose(parseRobotsTxt(lines('User-agent: Googlebot', 'Disallow: /g', '', 'User-agent: *', 'Disallow: /x'))).find((x) => x.code === 'substring-agent')!;
    expect(d.message).toMatch(/^Also applied to Googlebot-Image, .* by Python ≤3\.12 and 3\.13\.0–3\.13\.7, Python 3\.13\.14\+ and 3\.14\.5\+, Scrapy \(Protego 0\.7\)\.$/);
    // Googlebot-Image with a group of its own: only CPython ≤ 3.12 (first match in file order) still gives it the
    // Googlebot group; the other parsers find the exact name first.
    const own = lines('User-agent: Googlebot', 'Disallow: /g', '', 'User-agent: Googlebot-Image', 'Disallow: /i');
    const python = diagnose(parseRobotsTxt(own)).find((x) => x.code === 'substring-agent')!;
    expect(python.args.crawlers).toMatch(/Googlebot-Image/);
    const onlyImage = lines('User-agent: Googlebot', 'Disallow: /g', '', 'User-agent: Googlebot-Image', 'User-agent: Googlebot-Video', 'User-agent: Googlebot-News', 'Disallow: /i');
    expect(readers(onlyImage, 1, 'substring-agent')).toBe('Python ≤3.12 and 3.13.0–3.13.7');
  });
  it('substring-agent is not raised for a crawler the group names in full: a parser reads that name as written (Google cuts AI2Bot to “AI”)', () => {
    const named = lines('User-agent: AI2Bot', 'User-agent: Ai2Bot-Dolma', 'User-agent: img2dataset', 'Disallow: /', '', 'User-agent: *', 'Disallow: /x');
    expect(found(named).filter((f) => f[1] === 'substring-agent')).toEqual([]);
    // A crawler it reaches only by a piece of its name is still said.
    const reached = lines('User-agent: AI2Bot', 'Disallow: /', '', 'User-agent: *', 'Disallow: /x');
    expect(diagnose(parseRobotsTxt(reached)).find((x) => x.code === 'substring-agent')?.args.crawlers).toBe('Ai2Bot-Dolma');
  });
  it('blank-line-in-group: CPython ≤ 3.12 ends a group at an empty line', () => {
    expectFinding(lines('User-agent: *', '', 'Disallow: /x'), 2, 'blank-line-in-group', 'warning');
    expectFinding(lines('User-agent: *', 'Disallow: /x', '', 'Disallow: /y'), 3, 'blank-line-in-group', 'warning');
    expect(found(lines('User-agent: *', 'Disallow: /x', '', 'User-agent: b', 'Disallow: /y')).map((f) => f[1])).not.toContain('blank-line-in-group');
  });
  it('crawl-delay-blocks: crawler-commons allows nothing over 300 seconds', () => {
    expectFinding(lines('User-agent: *', 'Crawl-delay: 301'), 2, 'crawl-delay-blocks', 'warning');
    expect(found(lines('User-agent: *', 'Crawl-delay: 300')).map((f) => f[1])).not.toContain('crawl-delay-blocks');
  });
  it('path-unsendable: raw characters a URL parser encodes, and dot segments it resolves (WHATWG URL)', () => {
    expectFinding(lines('User-agent: *', 'Disallow: /a{b}'), 2, 'path-unsendable', 'warning');
    expectFinding(lines('User-agent: *', 'Disallow: /a/../b'), 2, 'path-unsendable', 'warning');
    expect(found(lines('User-agent: *', 'Disallow: /a?x={y}')).map((f) => f[1])).not.toContain('path-unsendable');
    expect(found(lines('User-agent: *', 'Disallow: /a.b/..c')).map((f) => f[1])).not.toContain('path-unsendable');
  });
});

describe('one catalogue, one severity everywhere', () => {
  it('the hover reading of a line carries the same codes and severities as the diagnostics', () => {
    const text = lines('Allow: /x', 'User-agent: *', 'Allow: no-slash', 'Disallow /a', 'Sitemap: /s.xml', 'Crawl-delay: 1');
    const robots = parseRobotsTxt(text);
    for (const d of diagnose(robots)) {
      const info = describeLine(robots, d.line);
      expect(info.findings.map((f) => [f.code, f.severity])).toContainEqual([d.code, d.severity]);
    }
    expect(describeLine(robots, 3).severity).toBe('error');
    expect(describeLine(robots, 4).severity).toBe('warning');
    expect(describeLine(robots, 5).severity).toBe('error');
  });
  it('every code has a title, what Google does, and a hint', () => {
    for (const code of FINDING_CODES) {
      const w = wordFinding(code, {});
      expect([w.title.length > 0, w.google.length > 0, w.hint.length > 0]).toEqual([true, true, true]);
    }
  });
  it('every code is shown by a test above', () => {
    expect(FINDING_CODES.filter((c) => !seen.has(c))).toEqual([]);
  });
});

describe('one-click repairs: only where one repair is unambiguous', () => {
  /** The file after applying the repair of `code` on `line` (null when there is none): both edits, column -1 taking the break before. */
  const repaired = (text: string, line: number, code: FindingCode, site?: string): string | null => {
    const d = diagnose(parseRobotsTxt(text), { site }).find((x) => x.line === line && x.code === code);
    if (!d?.fix) return null;
    const starts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
    const edits = [{ from: d.fix.from < 0 ? starts[line - 1]! - 1 : starts[line - 1]! + d.fix.from, to: starts[line - 1]! + d.fix.to, insert: d.fix.insert }];
    if (d.fix.also) edits.push({ from: starts[d.fix.also.line - 1]! + d.fix.also.from, to: starts[d.fix.also.line - 1]! + d.fix.also.to, insert: d.fix.also.insert });
    let out = text;
    for (const e of edits.sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
    return out;
  };
  it('Google-specific: a misspelled or prefixed key, a missing colon', () => {
    expect(repaired('User-agent: *\nDisalow: /a', 2, 'misspelled-field')).toBe('User-agent: *\nDisallow: /a');
    expect(repaired('useragent: *\nDisallow: /a', 1, 'misspelled-field')).toBe('User-agent: *\nDisallow: /a');
    expect(repaired('User-agent: *\nDisallowed: /b', 2, 'field-prefix')).toBe('User-agent: *\nDisallow: /b');
    expect(repaired('User-agent: *\nDisallow \t/c', 2, 'missing-colon')).toBe('User-agent: *\nDisallow: /c');
  });
  it('paths: a leading /, a raw space as %20', () => {
    expect(repaired('User-agent: *\nAllow: no-slash', 2, 'path-never-matches')).toBe('User-agent: *\nAllow: /no-slash');
    expect(repaired('User-agent: *\nDisallow: /a b c', 2, 'path-has-space')).toBe('User-agent: *\nDisallow: /a%20b%20c');
  });
  it('RFC 9309 §2.2.4: a relative sitemap is made absolute only when the site is known', () => {
    expect(repaired('Sitemap: /s.xml', 1, 'sitemap-not-absolute', 'https://a.test/robots.txt')).toBe('Sitemap: https://a.test/s.xml');
    expect(repaired('Sitemap: /s.xml', 1, 'sitemap-not-absolute')).toBeNull();
  });
  it('a whole User-Agent header becomes its token; a cut name that may mean something else gets no repair', () => {
    expect(repaired('User-agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\nDisallow: /', 1, 'agent-cut'))
      .toBe('User-agent: Googlebot\nDisallow: /');
    expect(repaired('User-agent: Googlebot/2.1\nDisallow: /', 1, 'agent-cut')).toBe('User-agent: Googlebot\nDisallow: /');
    expect(repaired('User-agent: Googlebot Images\nDisallow: /', 1, 'agent-cut')).toBeNull();
  });
  it('another crawler’s name runs its own parser — a note that says so, and no rewrite that could break it', () => {
    for (const name of ['MJ12bot', '360Spider2', 'archive.org_bot', 'peer39_crawler/1.0', 'taragroup intelligent bot']) {
      const d = diagnose(parseRobotsTxt(`User-agent: ${name}\nDisallow: /`)).filter((x) => x.line === 1 && x.code !== 'substring-agent');
      expect(d.map((x) => [x.code, x.severity, x.fix]), name).toEqual(name === '360Spider2' ? [['agent-empty', 'error', null]] : [['agent-name-unreadable', 'info', null]]);
      if (name !== '360Spider2') {
        expect(d[0]!.google, name).toContain(`${name} is not one of Google’s crawlers: it runs its own parser`);
        expect(`${d[0]!.message} ${d[0]!.hint}`, name).not.toMatch(/Write “User-agent/);
      }
    }
    expect(diagnose(parseRobotsTxt('User-agent: MJ12bot\nDisallow: /'))[0]!.hint).toBe(
      'Keep the line as it is: MJ12bot’s own parser may need the full name, and writing “MJ” would change nothing for Google. If MJ12bot must also keep out under Google’s reading, say so in the “*” group too.',
    );
  });
  it('RFC 9309 §2.1: one “User-agent: *” above the first stray rule (it takes in the next ones)', () => {
    expect(repaired('Disallow: /a\nDisallow: /b', 1, 'rule-outside-group')).toBe('User-agent: *\nDisallow: /a\nDisallow: /b');
    expect(repaired('Disallow: /a\nDisallow: /b', 2, 'rule-outside-group')).toBeNull();
  });
  it('portability: the Allow moves above the Disallow it came after; a blank line inside a group goes; unsendable paths are encoded or resolved', () => {
    expect(repaired(lines('User-agent: *', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /c'), 3, 'order-matters'))
      .toBe(lines('User-agent: *', 'Allow: /a/b', 'Disallow: /a', 'Disallow: /c'));
    expect(repaired(lines('User-agent: *', '', 'Disallow: /x'), 2, 'blank-line-in-group')).toBe(lines('User-agent: *', 'Disallow: /x'));
    expect(repaired(lines('User-agent: *', 'Disallow: /a{b}<c>'), 2, 'path-unsendable')).toBe(lines('User-agent: *', 'Disallow: /a%7Bb%7D%3Cc%3E'));
    expect(repaired(lines('User-agent: *', 'Disallow: /a/./b/../c'), 2, 'path-unsendable')).toBe(lines('User-agent: *', 'Disallow: /a/c'));
    expect(repaired(lines('User-agent: *', 'Disallow: /*.pdf$'), 2, 'wildcard-literal')).toBeNull();
  });
  it('findings with no single right answer get none', () => {
    expect(repaired('User-agent: *\nDisallow: /a$b', 2, 'dollar-not-at-end')).toBeNull();
    expect(repaired('User-agent: *\nUnicorn: x', 2, 'ignored-field')).toBeNull();
  });
});

describe('the engine’s messages are ICU templates with their data', () => {
  it('every template has balanced braces, and every finding’s English is its template worded with its data', async () => {
    const { engineMessages } = await import('./messages.js');
    const { formatIcu } = await import('../text/index.js');
    const all = engineMessages();
    expect(Object.keys(all).length).toBeGreaterThan(130);
    for (const [id, t] of Object.entries(all)) {
      let depth = 0;
      for (const c of t) {
        depth += c === '{' ? 1 : c === '}' ? -1 : 0;
        expect([id, depth >= 0]).toEqual([id, true]);
      }
      expect([id, depth]).toEqual([id, 0]);
    }
    for (const d of diagnose(parseRobotsTxt(lines('Disallow: /x', 'User-agent: *', 'Disalow /a', 'Disallow: /a$b', 'Crawl-delay: 1', 'Disallow: /a\rDisallow: /a')))) {
      expect(formatIcu(all[`finding.${d.code}.title`]!, d.args)).toBe(d.message);
    }
  });
});

describe('describeLine', () => {
  it('says how Google reads a line and why it ignores one', () => {
    const text = lines('Disallow: /x', 'User-agent: *', 'Crawl-delay: 5', 'Disalow /y', 'Disallow:');
    const r = parseRobotsTxt(text);
    const codes = (line: number) => describeLine(r, line).findings.map((f) => f.code);
    expect(codes(1)).toEqual(['rule-outside-group']);
    expect(codes(3)).toEqual(['unused-field']);
    expect(describeLine(r, 3).findings[0]!.google).toMatch(/Googlebot sets its crawl rate by itself/);
    expect(codes(4)).toEqual(['misspelled-field', 'missing-colon']);
    expect(describeLine(r, 4).severity).toBe('warning');
    expect(describeLine(r, 5).kindName).toBe('empty-rule');
  });
});
