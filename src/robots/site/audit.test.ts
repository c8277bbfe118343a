import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl, parseRobotsTxt } from '../google/index.js';
import { resolveCrawler, type ResolvedAgent } from '../crawlers/index.js';
import { ListVerdict, type ListVerdictCode } from '../lists/index.js';
import type { FetchStatus } from '../url/index.js';
import { auditChecker, auditInventory, FolderTree, SiteAudit, type AuditSpec } from './index.js';

const ua = (value: string) => resolveCrawler({ kind: 'text', value });
const profile = (id: string) => resolveCrawler({ kind: 'profile', id });

const ruleLine = fc.oneof(
  fc.constantFrom('User-agent: *', 'User-agent: Googlebot', 'User-agent: FooBot', 'User-agent: Googlebot-Image', 'Disallow:', 'Allow: /', '', '# c', 'Allow: /index.html', 'Allow: /a/index.htm'),
  fc.tuple(fc.constantFrom('Allow: ', 'Disallow: '), fc.constantFrom('/', '/a', '/a/', '/*.pdf$', '/b?', '/a/b', '/*', '/a/*/c', '/p', 'x', '/$')).map(([k, v]) => k + v),
);
const file = fc.array(ruleLine, { maxLength: 16 }).map((l) => l.join('\n'));
const url = fc.oneof(
  fc.constantFrom('/', '/a', '/a/b', '/a/x/c', '/doc.pdf', '/b?x=1', 'https://x.test/a/', 'https://other.test/a', 'mailto:a@x.test', '/%zz', '/p/q/r'),
  fc.tuple(fc.constantFrom('https://x.test', ''), fc.string({ unit: fc.constantFrom('/', 'a', 'b', 'c', '.', '?', 'p', 'd', 'f', 'x'), maxLength: 10 })).map(([o, p]) => o + '/' + p),
);
const crawler = fc.constantFrom(ua('Googlebot'), ua('FooBot'), profile('googlebot-image'), profile('adsbot-google'), profile('chatgpt-user'), ua('BarBot'));
const status = fc.constantFrom<FetchStatus | undefined>(undefined, { kind: 'http', code: 200 }, { kind: 'http', code: 404 }, { kind: 'http', code: 503 });
const site = fc.constantFrom<string | undefined>(undefined, 'https://x.test');

const code = (v: ReturnType<typeof checkUrl>) => (v.problem ? ListVerdict.CannotTest : !v.inScope ? ListVerdict.OutOfScope : v.allowed ? ListVerdict.Allowed : ListVerdict.Blocked);

/** Audits `urls` whole (in batches of 3, so the sums cross batches). */
function audit(spec: AuditSpec, urls: readonly string[]) {
  const checker = auditChecker(spec);
  const a = new SiteAudit(checker, { keepRows: true, tree: { site: spec.site }, changeExamples: 10_000 });
  for (let i = 0; i < urls.length; i += 3) a.add(checker.check(urls.slice(i, i + 3), spec.compare ? 'all' : 0, i));
  return a;
}

describe('rule impact against per-URL verdicts (Google\'s reading, checkUrl one URL at a time)', () => {
  it('property: each rule decides exactly the URL × crawler verdicts whose deciding line it is; a rule that applies and decides nothing matches nothing or never wins', () => {
    fc.assert(fc.property(file, status, site, fc.uniqueArray(url, { minLength: 1, maxLength: 12 }), fc.uniqueArray(crawler, { minLength: 1, maxLength: 3 }), (text, st, s, urls, crawlers) => {
      const a = audit({ robots: { text, status: st }, crawlers, site: s }, urls);
      const robots = parseRobotsTxt(text);
      const impact = a.ruleImpact();
      expect(impact.map((r) => r.line)).toEqual(robots.rules.map((r) => r.line));
      for (const rule of impact) {
        const byCrawler = crawlers.map((agent) => urls.filter((u) => {
          const v = checkUrl(robots, agent, u, { site: s, status: st });
          return !v.problem && v.inScope && v.line === rule.line;
        }).length);
        expect(rule.byCrawler, `line ${rule.line} of\n${text}`).toEqual(byCrawler);
        expect(rule.decides).toBe(byCrawler.reduce((x, y) => x + y, 0));
        // Matched: some URL × crawler's verdict lists the rule among its matches (a repeated allow
        // shares its first copy's index.html match, which a verdict lists once, with the first line).
        const own = robots.rules.find((r) => r.line === rule.line)!;
        const matched = urls.some((u) => crawlers.some((agent) => {
          const v = checkUrl(robots, agent, u, { site: s, status: st });
          if (v.problem || !v.inScope || v.fetch || v.reason === 'ignores-robots-txt') return false;
          return v.matches.some((m) => m.line === rule.line || (m.viaIndexHtml && own.allow && robots.rules.some((r) => r.line === m.line && r.allow && r.pattern === own.pattern && v.group.groups.includes(r.group) && v.group.groups.includes(own.group))));
        }));
        expect(rule.matched, `line ${rule.line} matched, of\n${text}\nfor ${urls.join(' ')}`).toBe(matched || rule.decides > 0);
        const applies = crawlers.some((agent) => {
          const v = checkUrl(robots, agent, '/', { status: st });
          return !v.fetch && !agent.ignoresRobotsTxt && (v.group.kind === 'specific' || v.group.kind === 'global') && v.group.groups.includes(own.group);
        });
        expect(rule.applies).toBe(applies);
        expect(rule.unused).toBe(applies && rule.decides === 0 ? (rule.matched ? 'never-wins' : 'matches-nothing') : null);
      }
    }), { numRuns: 400 });
  });

  it('RFC 9309 §2.2.2: a rule shadowed by a longer one never wins; a rule no URL reaches matches nothing; another crawler\'s group does not apply', () => {
    const text = 'User-agent: *\nDisallow: /a\nDisallow: /a/\nAllow: /a/public/\nDisallow: /never/\n\nUser-agent: BingBot\nDisallow: /\n';
    const a = audit({ robots: { text }, crawlers: [ua('Googlebot')] }, ['/a/1', '/a/2', '/a/public/x', '/b']);
    expect(a.ruleImpact().map((r) => [r.line, r.decides, r.unused, r.applies])).toEqual([
      [2, 0, 'never-wins', true], [3, 2, null, true], [4, 1, null, true], [5, 0, 'matches-nothing', true], [8, 0, null, false],
    ]);
  });
});

describe('counts, blocked URLs and changes against per-URL verdicts', () => {
  it('property: per crawler counts, the blocked URLs in order, and every changed verdict with both lines', () => {
    fc.assert(fc.property(file, file, site, fc.uniqueArray(url, { minLength: 1, maxLength: 12 }), fc.uniqueArray(crawler, { minLength: 1, maxLength: 3 }), (draft, live, s, urls, crawlers) => {
      const a = audit({ robots: { text: draft }, compare: { text: live }, crawlers, site: s }, urls);
      const report = a.report();
      const [now, before] = [parseRobotsTxt(draft), parseRobotsTxt(live)];
      crawlers.forEach((agent, c) => {
        const col = report.columns[c]!;
        const vs = urls.map((u) => checkUrl(now, agent, u, { site: s }));
        expect(col.counts).toEqual({
          allowed: vs.filter((v) => code(v) === ListVerdict.Allowed).length, blocked: vs.filter((v) => code(v) === ListVerdict.Blocked).length,
          outOfScope: vs.filter((v) => code(v) === ListVerdict.OutOfScope).length, cannotTest: vs.filter((v) => code(v) === ListVerdict.CannotTest).length,
        });
        expect(col.blocked).toEqual(urls.flatMap((u, i) => (code(vs[i]!) === ListVerdict.Blocked ? [{ url: u, line: vs[i]!.line }] : [])));
        const changes = urls.flatMap((u, i) => {
          const old = checkUrl(before, agent, u, { site: s });
          return code(old) === code(vs[i]!) ? [] : [{ url: u, column: c, before: { verdict: code(old), line: old.line }, after: { verdict: code(vs[i]!), line: vs[i]!.line } }];
        });
        expect(report.changes!.rows.filter((r) => r.column === c)).toEqual(changes);
        expect(report.changes!.byColumn[c]).toEqual({
          changed: changes.length,
          blocked: changes.filter((x) => x.after.verdict === ListVerdict.Blocked).length,
          unblocked: changes.filter((x) => x.before.verdict === ListVerdict.Blocked).length,
        });
      });
    }), { numRuns: 200 });
  });

  it('every kept row is the list checker\'s, now and before', () => {
    const a = audit({ robots: { text: 'User-agent: *\nDisallow: /a' }, compare: { text: 'User-agent: *\nDisallow: /b' }, crawlers: [ua('Googlebot')] }, ['/a', '/b', '/c']);
    expect([0, 1, 2].map((i) => a.row(i, 0))).toEqual([
      { now: { verdict: ListVerdict.Blocked, line: 2 }, before: { verdict: ListVerdict.Allowed, line: 0 } },
      { now: { verdict: ListVerdict.Allowed, line: 0 }, before: { verdict: ListVerdict.Blocked, line: 2 } },
      { now: { verdict: ListVerdict.Allowed, line: 0 }, before: { verdict: ListVerdict.Allowed, line: 0 } },
    ]);
  });

  it('readers add columns beside Google\'s (which the audit always has); rule impact stays Google\'s', async () => {
    const report = await auditInventory(['/a/b'], { robots: { text: 'User-agent: *\nDisallow: /a\nAllow: /a/b\n' }, crawlers: [ua('FooBot')], readers: ['python-urllib'] });
    expect(report.columns.map((c) => [c.reader, c.counts.blocked, c.blocked])).toEqual([['google', 0, []], ['python-urllib', 1, [{ url: '/a/b', line: 2 }]]]);
    expect(report.rules.map((r) => [r.line, r.decides])).toEqual([[2, 0], [3, 1]]);
  });
});

describe('shares of an inventory merged (the CLI\'s worker threads)', () => {
  it('property: audits of consecutive shares, merged in any order, report what one audit of the whole does', () => {
    fc.assert(fc.property(file, file, fc.uniqueArray(url, { minLength: 1, maxLength: 14 }), fc.uniqueArray(crawler, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 4 }), fc.boolean(),
      (draft, live, urls, crawlers, shares, reverse) => {
        const spec: AuditSpec = { robots: { text: draft }, compare: { text: live }, crawlers, site: 'https://x.test' };
        const options = { tree: { site: spec.site }, examples: 3, changeExamples: 4 };
        const whole = new SiteAudit(auditChecker(spec), options);
        const merged = new SiteAudit(auditChecker(spec), options);
        const parts = [];
        for (let s = 0; s < shares; s++) {
          const from = Math.floor((s * urls.length) / shares);
          const to = Math.floor(((s + 1) * urls.length) / shares);
          const share = new SiteAudit(auditChecker(spec), options);
          for (let i = from; i < to; i += 2) {
            const batch = whole.checker.check(urls.slice(i, Math.min(to, i + 2)), 'all', i);
            whole.add(batch);
            share.add(batch);
          }
          parts.push(share.part());
        }
        for (const p of reverse ? parts.reverse() : parts) merged.merge(structuredClone(p));
        // Node ids are handles, numbered as folders were first seen: the rest must be equal.
        const plain = (r: unknown) => JSON.parse(JSON.stringify(r, (k, v: unknown) => (k === 'node' ? undefined : v)));
        expect(plain(merged.report(3))).toEqual(plain(whole.report(3)));
      }), { numRuns: 200 });
  });
});

describe('the site tree', () => {
  it('folders per origin, counts summed into parents, the root\'s site for paths', async () => {
    const report = await auditInventory(
      ['https://x.test/', 'https://x.test/blog/a', 'https://x.test/blog/2024/b', '/blog/2024/c?x=/y/', 'https://x.test/shop/p', 'https://cdn.test/img/1.png'],
      { robots: { text: 'User-agent: *\nDisallow: /blog/2024/' }, crawlers: [ua('Googlebot')], site: 'https://x.test' },
      { treeLevels: 3 },
    );
    const shape = (n: (typeof report.tree)[number]): unknown => [n.label, n.urls, n.counts[0]![1], n.children.map(shape)];
    // Listed by address.
    expect(report.tree.map(shape)).toEqual([
      ['https://cdn.test', 1, 0, [['img/', 1, 0, []]]],
      ['https://x.test', 5, 2, [['blog/', 3, 2, [['2024/', 2, 2, []]]], ['shop/', 1, 0, []]]],
    ]);
    expect(report.tree[0]!.counts[0]).toEqual([0, 0, 1, 0]);
  });

  it('a depth limit counts deeper URLs in their ancestor; a node limit keeps counts exact in the nearest folder', () => {
    const deep = new FolderTree(1, { maxDepth: 1 });
    const n = deep.place('https://x.test/a/b/c/d', '/a/b/c/d');
    expect(deep.summary(n).folder).toBe('https://x.test/a/');
    const capped = new FolderTree(1, { maxNodes: 3 });
    for (const p of ['/a/1', '/b/1', '/c/1', '/a/x/1']) capped.count(capped.place('https://x.test' + p, p), 0, ListVerdict.Blocked);
    expect(capped.truncated).toBe(true);
    expect(capped.roots().map((r) => capped.summary(r).urls)).toEqual([4]);
    expect(capped.children(0).map((c) => [capped.summary(c).label, capped.summary(c).urls])).toEqual([['a/', 2], ['b/', 1]]);
  });

  it('walk(): a URL is under a folder exactly when its folder\'s place falls in the folder\'s range', () => {
    const t = new FolderTree(1);
    const paths = ['/a/b/1', '/a/2', '/c/3', '/a/b/d/4', '/5'];
    const nodes = paths.map((p) => t.place('https://x.test' + p, p));
    const { pre, end } = t.walk();
    const under = (f: number) => paths.filter((_, i) => pre[f]! <= pre[nodes[i]!]! && pre[nodes[i]!]! < end[f]!);
    expect(under(t.find('https://x.test/a/'))).toEqual(['/a/b/1', '/a/2', '/a/b/d/4']);
    expect(under(t.find('https://x.test/a/b/'))).toEqual(['/a/b/1', '/a/b/d/4']);
    expect(under(t.find('https://x.test/'))).toEqual(paths);
  });
});

describe('the rows a list shows (SiteAudit.select)', () => {
  it('property: a column\'s verdicts, and the changed ones, are the rows whose per-URL verdicts say so, in inventory order', () => {
    const codes = [ListVerdict.Allowed, ListVerdict.Blocked, ListVerdict.OutOfScope, ListVerdict.CannotTest];
    fc.assert(fc.property(file, file, site, fc.uniqueArray(url, { minLength: 1, maxLength: 12 }), fc.uniqueArray(crawler, { minLength: 1, maxLength: 3 }), fc.subarray(codes), fc.boolean(),
      (draft, live, s, urls, crawlers, verdicts, changed) => {
        const a = audit({ robots: { text: draft }, compare: { text: live }, crawlers, site: s }, urls);
        const [now, before] = [parseRobotsTxt(draft), parseRobotsTxt(live)];
        crawlers.forEach((agent, c) => {
          const want = urls.flatMap((u, i) => {
            const v = code(checkUrl(now, agent, u, { site: s }));
            const b = code(checkUrl(before, agent, u, { site: s }));
            return (verdicts.length === 0 || verdicts.includes(v)) && (!changed || v !== b) ? [i] : [];
          });
          expect([...a.select({ column: c, verdicts, changed, folder: '' })]).toEqual(want);
        });
      }), { numRuns: 200 });
  });

  it('a folder\'s rows are the URLs in it and below it; a folder or column the audit does not have selects none', () => {
    const urls = ['https://x.test/a/1', 'https://x.test/ab/2', '/a/b/3', 'https://x.test/a/', 'https://y.test/a/4', 'https://x.test/5'];
    const a = audit({ robots: { text: 'User-agent: *\nDisallow: /a/b/' }, crawlers: [ua('Googlebot')], site: 'https://x.test' }, urls);
    const rows = (folder: string, verdicts: ListVerdictCode[] = [], column = 0) => [...a.select({ column, verdicts, changed: false, folder })];
    expect(rows('https://x.test/a/')).toEqual([0, 2, 3]);
    expect(rows('https://x.test/a/', [ListVerdict.Blocked])).toEqual([2]);
    expect(rows('https://x.test/')).toEqual([0, 1, 2, 3, 5]);
    expect(rows('https://x.test/nowhere/')).toEqual([]);
    expect(rows('', [], 1)).toEqual([]);
    // Without a compared version, no verdict changed.
    expect([...a.select({ column: 0, verdicts: [], changed: true, folder: '' })]).toEqual([]);
  });

  it('a batch added after a selection is in the next one (the same query selects again)', () => {
    const spec: AuditSpec = { robots: { text: 'User-agent: *\nDisallow: /p' }, crawlers: [ua('Googlebot')] };
    const checker = auditChecker(spec);
    const a = new SiteAudit(checker, { keepRows: true });
    const blocked = { column: 0, verdicts: [ListVerdict.Blocked], changed: false, folder: '' };
    a.add(checker.check(['/p1', '/q'], 0, 0));
    expect([...a.select(blocked)]).toEqual([0]);
    a.add(checker.check(['/p2'], 0, 2));
    expect([...a.select(blocked)]).toEqual([0, 2]);
    // Counts alone (rows not kept): nothing to select.
    expect([...new SiteAudit(checker).select(blocked)]).toEqual([]);
  });
});
