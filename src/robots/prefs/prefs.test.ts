import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl, parseRobotsTxt, RobotsParser } from '../google/index.js';
import { lines } from '../test-helpers.js';
import { parseDictionary } from './dictionary.js';
import { currentLabelFor } from './vocabulary.js';
import { preferenceIssues } from './issues.js';
import { carryPreferences, filePreferences, readSignal, readUsage } from './read.js';
import { urlPreferences } from './apply.js';

/** The preferences for `ua` on `url`, as `key=value@line` strings (plain data), or the crawl state. */
function prefs(text: string, ua: string, url: string) {
  const robots = parseRobotsTxt(text);
  const p = urlPreferences(robots, checkUrl(robots, ua, url));
  if (!p) return null;
  return {
    crawl: p.crawl,
    usage: p.usage.map((x) => `${x.key}=${x.value}@${x.line}`),
    path: p.usagePath,
    signals: p.signals.map((x) => `${x.key}=${x.value}@${x.line}`),
    withheld: p.withheld,
  };
}

describe('draft-ietf-aipref-attach-05 §3: Content-Usage rules', () => {
  // The draft's own example (§3.4) and its table of paths.
  const EXAMPLE = lines(
    'User-Agent: *', //                      1
    'Allow: /', //                           2
    'Disallow: /never/', //                  3
    'Content-Usage: train-ai=n', //          4
    'Content-Usage: /ai-ok/ train-ai=y', //  5
    '', //                                   6
    'User-Agent: ExampleBot', //             7
    'Allow: /', //                           8
    'Content-Usage: train-ai=y', //          9
  );
  it('§3.4: /test → train-ai=n, /never/test → none (not crawlable), /ai-ok/test → train-ai=y', () => {
    expect(prefs(EXAMPLE, 'OtherBot', '/test')).toEqual({ crawl: 'allowed', usage: ['train-ai=n@4'], path: '', signals: [], withheld: [] });
    expect(prefs(EXAMPLE, 'OtherBot', '/never/test')).toEqual({ crawl: 'blocked', usage: [], path: null, signals: [], withheld: [4] });
    expect(prefs(EXAMPLE, 'OtherBot', '/ai-ok/test')).toEqual({ crawl: 'allowed', usage: ['train-ai=y@5'], path: '/ai-ok/', signals: [], withheld: [] });
  });
  it('§3.4: a crawler with its own group reads only that group’s rules', () => {
    expect(prefs(EXAMPLE, 'ExampleBot', '/ai-ok/x')?.usage).toEqual(['train-ai=y@9']);
    expect(prefs(EXAMPLE, 'ExampleBot', '/never/x')?.usage).toEqual(['train-ai=y@9']);
  });
  it('§3.1: paths match as Allow/Disallow do (wildcards, $, percent-encoding), the longest wins', () => {
    const text = lines('User-agent: *', 'Content-Usage: /*.pdf$ train-ai=n', 'Content-Usage: /docs/ train-ai=y, ai-use=y', 'Content-Usage: /caf%C3%A9/ search=n');
    expect(prefs(text, 'x', '/docs/a.pdf')?.usage).toEqual(['train-ai=n@2']);
    expect(prefs(text, 'x', '/docs/a.pdfx')?.usage).toEqual(['train-ai=y@3', 'ai-use=y@3']);
    expect(prefs(text, 'x', '/café/x')?.usage).toEqual(['search=n@4']);
    expect(prefs(text, 'x', '/other')?.usage).toEqual([]);
  });
  it('§3.1: rules with paths of equal length apply together; a "no" outweighs a "yes" (vocab-08 §5.1)', () => {
    const text = lines('User-agent: *', 'Content-Usage: /a/ train-ai=y, search=y', 'Content-Usage: /a/ train-ai=n');
    expect(prefs(text, 'x', '/a/b')?.usage).toEqual(['train-ai=n@3', 'search=y@2']);
  });
  it('§3.2: the path ends at the first space or tab; a value not starting with “/” has no path', () => {
    expect(readUsage(1, 0, '/a\ttrain-ai=n')).toMatchObject({ path: '/a', statement: 'train-ai=n', prefs: [{ key: 'train-ai', value: 'n' }] });
    expect(readUsage(1, 0, 'train-ai=n')).toMatchObject({ path: null, prefs: [{ key: 'train-ai', value: 'n' }] });
  });
  it('merged groups (RFC 9309 §2.2.1) contribute their rules together; Google-specific: only a rule ends a run of user-agent lines', () => {
    expect(prefs(lines('User-agent: a', 'Content-Usage: train-ai=n', 'User-agent: b'), 'b', '/q')?.usage).toEqual(['train-ai=n@2']);
    const text = lines('User-agent: a', 'Disallow: /x', 'Content-Usage: train-ai=n', 'User-agent: b', 'Disallow: /x', 'User-agent: a', 'Content-Usage: /p/ ai-use=n');
    expect(prefs(text, 'a', '/p/q')?.usage).toEqual(['ai-use=n@7']);
    expect(prefs(text, 'a', '/q')?.usage).toEqual(['train-ai=n@3']);
    expect(prefs(text, 'b', '/q')?.usage).toEqual([]);
  });
  it('Google-specific: a special-case crawler that ignores * reads none of the * group’s preferences', () => {
    expect(prefs(lines('User-agent: *', 'Content-Usage: train-ai=n'), 'AdsBot-Google', '/x')?.usage).toEqual([]);
  });
  it('no preferences without a verdict: out of scope, or a fetch result that decides', () => {
    const robots = parseRobotsTxt(lines('User-agent: *', 'Content-Usage: train-ai=n'));
    expect(urlPreferences(robots, checkUrl(robots, 'x', 'https://b.test/x', { site: 'https://a.test' }))).toBeNull();
    expect(urlPreferences(robots, checkUrl(robots, 'x', '/x', { status: { kind: 'http', code: 404 } }))).toBeNull();
    expect(urlPreferences(parseRobotsTxt('User-agent: *\nDisallow: /'), checkUrl(robots, 'x', '/x'))).toBeNull();
  });
});

describe('draft-ietf-aipref-vocab-08 §6.5: reading a statement', () => {
  const read = (s: string) => {
    const r = readUsage(1, 0, s);
    return { readable: r.readable, prefs: r.prefs.map((p) => `${p.key}=${p.value}`), unknown: r.unknown, odd: r.odd.map((o) => `${o.key}=${o.value}`) };
  };
  it('y and n Tokens only; anything else is unknown, not an error', () => {
    expect(read('train-ai=n, ai-use=y, search=n')).toEqual({ readable: true, prefs: ['train-ai=n', 'ai-use=y', 'search=n'], unknown: [], odd: [] });
    expect(read('train-ai')).toEqual({ readable: true, prefs: [], unknown: [], odd: ['train-ai=boolean:?1'] });
    expect(read('train-ai="n"').odd).toEqual(['train-ai=string:"n"']);
    expect(read('train-ai=no').odd).toEqual(['train-ai=no']);
  });
  it('§6.5.1: the last value of a repeated key counts; §6.5.2: parameters are ignored', () => {
    expect(read('train-ai=y, search=n, train-ai=n').prefs).toEqual(['search=n', 'train-ai=n']);
    expect(readUsage(1, 0, 'train-ai=y, train-ai=n').repeated).toEqual([{ key: 'train-ai', values: ['y', 'n'] }]);
    expect(read('train-ai;allow=n, train-ai=y').prefs).toEqual(['train-ai=y']);
    expect(read('train-ai;allow=n, search=y;x')).toMatchObject({ prefs: ['search=y'], odd: ['train-ai=boolean:?1'] });
    expect(read('train-ai=n;q=1').prefs).toEqual(['train-ai=n']);
  });
  it('RFC 9651: upper-case keys and trailing commas fail the whole statement (every category unknown)', () => {
    expect(read('TRAIN-AI=n')).toEqual({ readable: false, prefs: [], unknown: [], odd: [] });
    expect(read('train-ai=n,')).toEqual({ readable: false, prefs: [], unknown: [], odd: [] });
    expect(read('train-ai=n search=y').readable).toBe(false);
  });
  it('§6.4: labels of earlier revisions are unknown and ignored; what they meant now is known', () => {
    const r = readUsage(1, 0, 'bots=n, train-genai=n, ai=n, inference=n, made-up=y');
    expect(r.prefs).toEqual([]);
    expect(r.unknown.map((label) => [label, currentLabelFor(label)])).toEqual([['bots', ''], ['train-genai', 'train-ai'], ['ai', 'train-ai'], ['inference', 'ai-use'], ['made-up', null]]);
  });
});

describe('RFC 9651 §4.2.2 dictionaries', () => {
  it('reads every bare item type and inner lists', () => {
    const d = parseDictionary('a=1, b=-2.5, c="x\\"y", d=tok/en:1, e=:aGk=:, f=?0, g=@123, h=%"caf%c3%a9", i=(1 2 "x");p=1, j');
    expect(d?.map((m) => [m.key, m.item.type])).toEqual([
      ['a', 'number'], ['b', 'number'], ['c', 'string'], ['d', 'token'], ['e', 'bytes'], ['f', 'boolean'], ['g', 'date'], ['h', 'display'], ['i', 'inner-list'], ['j', 'boolean'],
    ]);
    expect(d?.[3]?.item.value).toBe('tok/en:1');
  });
  it('fails on what the grammar forbids', () => {
    for (const bad of ['a=', '=1', 'a=1,,b=2', 'a="x', 'a=1.2345', 'a=1234567890123456', 'a=?2', 'a=(1', 'a=é', 'a=1;', 'a b']) expect(parseDictionary(bad), bad).toBeNull();
  });
  it('never throws and never takes long, whatever the text (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => {
      parseDictionary(s);
      readUsage(1, 0, s);
      readSignal(1, 0, s);
    }));
    const hostile = '(' + '1 '.repeat(200_000);
    const t0 = performance.now();
    expect(parseDictionary(hostile)).toBeNull();
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('Content Signals (contentsignals.org) and RSL 1.0 License', () => {
  it('search, ai-input and ai-train take yes or no; use takes immediate, reference or full', () => {
    expect(readSignal(1, 0, 'search=yes, ai-train=no, use=reference, ai-input=maybe, foo=yes')).toMatchObject({
      prefs: [{ key: 'search', value: 'yes' }, { key: 'ai-train', value: 'no' }, { key: 'use', value: 'reference' }], unknown: ['ai-input=maybe', 'foo=yes'],
    });
  });
  it('the group’s signals apply where crawling is allowed, most restrictive first; License lines apply to every crawler', () => {
    const text = lines('License: https://a.test/license.xml', 'User-agent: *', 'Content-Signal: search=yes, ai-train=no, use=full', 'Content-Signal: use=reference', 'Disallow: /x/');
    expect(prefs(text, 'bot', '/y')).toEqual({ crawl: 'allowed', usage: [], path: null, signals: ['search=yes@3', 'ai-train=no@3', 'use=reference@4'], withheld: [] });
    expect(prefs(text, 'bot', '/x/1')).toEqual({ crawl: 'blocked', usage: [], path: null, signals: [], withheld: [3, 4] });
    const robots = parseRobotsTxt(text);
    expect(urlPreferences(robots, checkUrl(robots, 'bot', '/x/1'))?.licenses).toEqual([{ line: 1, url: 'https://a.test/license.xml', absolute: true }]);
  });
});

describe('preferences that cannot take effect', () => {
  const issues = (text: string) => preferenceIssues(parseRobotsTxt(text)).map((i) => [i.line, i.kind, 'key' in i ? `${i.key}=${i.value}/${i.otherKey}=${i.otherValue}@${i.otherLine}` : 'label' in i ? i.label : 'item' in i ? i.item : `${i.path}<${i.blockedBy}`]);
  it('attach-05 §3.1: on a path the group’s crawlers may not fetch', () => {
    expect(issues(lines('User-agent: *', 'Disallow: /private/', 'Content-Usage: /private/x/ train-ai=n', 'Content-Usage: /public/ train-ai=n'))).toEqual([[3, 'not-crawlable', '/private/x/<2']]);
    expect(issues(lines('User-agent: GPTBot', 'Disallow: /', 'Content-Usage: train-ai=n', 'Content-Signal: ai-train=no'))).toEqual([[3, 'not-crawlable', '<2'], [4, 'not-crawlable', '<2']]);
    // An Allow that may reopen part of the path: the preference can take effect there.
    expect(issues(lines('User-agent: *', 'Disallow: /private/', 'Allow: /private/open/', 'Content-Usage: /private/ train-ai=n'))).toEqual([]);
  });
  it('vocab-08 §6.4: a label the current vocabulary does not define; a Content Signals item it does not define', () => {
    expect(issues(lines('User-agent: *', 'Content-Usage: train-genai=n', 'Content-Signal: ai-training=no'))).toEqual([[2, 'unknown-label', 'train-genai'], [3, 'unknown-signal', 'ai-training=no']]);
  });
  it('conflicting values where they apply together: one statement, one path, Content-Usage beside Content Signals', () => {
    expect(issues(lines('User-agent: *', 'Content-Usage: train-ai=y, train-ai=n'))).toEqual([[2, 'conflict', 'train-ai=n/train-ai=y@2']]);
    expect(issues(lines('User-agent: *', 'Content-Usage: /a/ train-ai=y', 'Content-Usage: /b/ train-ai=n', 'Content-Usage: /a/ train-ai=n'))).toEqual([[4, 'conflict', 'train-ai=n/train-ai=y@2']]);
    expect(issues(lines('User-agent: *', 'Content-Signal: ai-train=no', 'Content-Usage: train-ai=y'))).toEqual([[3, 'conflict', 'train-ai=y/ai-train=no@2']]);
    expect(issues(lines('User-agent: *', 'Content-Signal: ai-train=no', 'Content-Usage: train-ai=n, ai-use=y'))).toEqual([]);
  });
});

describe('preferences across keystrokes (this tool: a re-parse patched in place)', () => {
  const FILE = lines('User-agent: *', 'Disallow: /a', 'Content-Usage: /b train-ai=n', 'Noindex: /c', 'Content-Signal: search=yes', 'Content-Usag: ai-use=n');
  /** The end of `line` (1-based) in FILE. */
  const endOf = (line: number) => FILE.split('\n').slice(0, line).join('\n').length;
  /** The parse of FILE, its preferences read, and the re-parse with `typed` put at `at`, handed them when it may. */
  function keystroke(at: number, typed: string) {
    const parser = new RobotsParser();
    const before = parser.parse(FILE);
    const read = filePreferences(before);
    const text = FILE.slice(0, at) + typed + FILE.slice(at);
    const now = parser.parse(text, { base: FILE, from: at, to: at, insert: typed });
    carryPreferences(before, now, parser.rowsChanged(before, now)!);
    return { read, now: filePreferences(now), fresh: filePreferences(parseRobotsTxt(text)) };
  }
  const plain = (p: ReturnType<typeof filePreferences>) => JSON.parse(JSON.stringify(p)) as unknown;

  it('a keystroke in a rule line hands the preferences read on: the same reading, not read again', () => {
    const { read, now, fresh } = keystroke(endOf(2), 'x');
    expect(now).toBe(read);
    expect(plain(now)).toEqual(plain(fresh));
  });

  it('a keystroke in a line that is or may be a preference reads them again', () => {
    for (const [line, typed] of [[3, ',train-genai=y'], [4, 'x'], [5, ',ai-train=no']] as const) {
      const { read, now, fresh } = keystroke(endOf(line), typed);
      expect(now).not.toBe(read);
      expect(plain(now)).toEqual(plain(fresh));
    }
  });

  it('a key typed into a preference or out of one reads them again', () => {
    // Content-Usage → Content-Usagex: no longer a preference.
    const out = keystroke(FILE.indexOf('Content-Usage:') + 13, 'x');
    expect(out.now.usage.map((u) => u.line)).toEqual([]);
    expect(plain(out.now)).toEqual(plain(out.fresh));
    // Content-Usag → Content-Usage: one.
    const into = keystroke(FILE.indexOf('Content-Usag:') + 12, 'e');
    expect(into.now.usage.map((u) => u.line)).toEqual([3, 6]);
    expect(plain(into.now)).toEqual(plain(into.fresh));
  });
});
