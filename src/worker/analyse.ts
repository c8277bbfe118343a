/**
 * The worker's work, as a pure function: parse (reusing the previous parse when the text is
 * unchanged), check every test case, and pack the results as compact data.
 */
import {
  carryPreferences, checkUrl, explainVerdict, fetchOutcome, LineKind, prepareChecks, relativeLineTable, resolveCrawler, RobotsParser, robotsTxtUrlFor, urlPreferences,
  type RobotsTxt, type TextChange,
} from '../robots/index.js';
import type {
  AnalyseRequest, AnalysisMessage, AnalysisResult, FileSummary, GroupInfo, SitemapInfo, VerdictData,
} from './protocol.js';

function summarise(robots: RobotsTxt): FileSummary {
  let ignored = 0;
  let invalid = 0;
  const kinds = robots.lines.kind;
  for (let i = 0; i < robots.lineCount; i++) {
    const k = kinds[i];
    if (k === LineKind.IgnoredField || k === LineKind.RuleOutsideGroup || k === LineKind.AfterLimit) ignored++;
    else if (k === LineKind.Invalid) invalid++;
  }
  return {
    byteSize: robots.byteSize,
    lineCount: robots.lineCount,
    bom: robots.bom,
    limitCut: robots.limitCut,
    lineBreaks: robots.lineBreaks,
    groupCount: robots.groups.length,
    ruleCount: robots.ruleCount,
    sitemapCount: robots.sitemaps.length,
    ignoredCount: ignored,
    invalidCount: invalid,
  };
}

function sitemapInfo(robots: RobotsTxt, site: string): SitemapInfo[] {
  const siteRobots = site ? robotsTxtUrlFor(site) : null;
  const siteHost = siteRobots ? new URL(siteRobots).hostname : '';
  return robots.sitemaps.map(({ line, url }) => {
    let host = '';
    let valid = false;
    try {
      const u = new URL(url);
      valid = (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
      host = valid ? u.hostname : '';
    } catch {
      valid = false;
    }
    return { line, url, valid, host, otherHost: valid && siteHost !== '' && host !== siteHost };
  });
}

// An edit this big is a new document (a paste, a file, a link), not a keystroke.
const NEW_DOCUMENT_CHARS = 4096;

/** Whether `text` replaced the parsed text wholesale rather than by a keystroke-sized `edit`. */
export function isNewDocument(text: string, edit: TextChange | null): boolean {
  if (edit === null) return true;
  const removed = edit.to - edit.from;
  return removed + (text.length - (edit.base.length - removed)) >= NEW_DOCUMENT_CHARS;
}

/** Keeps the last parse: URL and crawler changes do not re-parse, and an edit re-scans only its lines. */
export class Analyser {
  private readonly parser = new RobotsParser();
  private last: RobotsTxt | null = null;
  /** The sitemaps' reading for a list of sitemap lines and a site (a keystroke elsewhere keeps the list). */
  private sitemaps: { readonly of: RobotsTxt['sitemaps']; readonly site: string; readonly info: SitemapInfo[] } | null = null;
  /** The answer sent last (see answer()): its id, the parse its line table is of, and its sitemaps. */
  private sent: { readonly id: number; readonly robots: RobotsTxt; readonly sitemaps: readonly SitemapInfo[] } | null = null;

  /** The parse of `text` (the last one itself when `text` was parsed last): the verdicts' and the diagnostics'. */
  parse(text: string, edit: TextChange | null = null): RobotsTxt {
    return this.parser.parse(text, edit);
  }

  /**
   * Analyses one request. Never throws for any text, URL or crawler. `edit` says what changed
   * since the text of the previous request (the parser then compares nothing).
   */
  analyse(req: AnalyseRequest, edit: TextChange | null = null, now: () => number = () => performance.now()): AnalysisResult {
    const { robots, result } = this.run(req, edit, now);
    return { ...result, lines: relativeLineTable(robots) };
  }

  /**
   * The answer to `req` as the worker sends it (AnalysisMessage): built on the answer sent before
   * it when its line table differs in a few rows (a keystroke inside lines), else whole, as it is
   * when the request came with its text whole (`whole`: the sender holds nothing to build on).
   */
  answer(req: AnalyseRequest, edit: TextChange | null, whole: boolean, now: () => number = () => performance.now()): AnalysisMessage {
    const { robots, result } = this.run(req, edit, now);
    const before = this.sent;
    const rows = before !== null && !whole ? this.parser.rowsChanged(before.robots, robots) : null;
    this.sent = { id: req.id, robots, sitemaps: result.sitemaps };
    if (before === null || rows === null) return { ...result, base: null, lines: relativeLineTable(robots) };
    return {
      ...result, base: before.id, lines: { first: rows.first, rows: relativeLineTable(robots, rows.first, rows.count) },
      sitemaps: result.sitemaps === before.sitemaps ? null : result.sitemaps,
    };
  }

  /** Forgets the answer sent last, which never reached the sender: the next answer is whole. */
  forgetAnswer(): void {
    this.sent = null;
  }

  private run(req: AnalyseRequest, edit: TextChange | null, now: () => number): { robots: RobotsTxt; result: Omit<AnalysisResult, 'lines'> } {
    const t0 = now();
    const robots = this.parse(req.text, edit);
    const changed = this.last !== null && robots !== this.last ? this.parser.rowsChanged(this.last, robots) : null;
    if (changed !== null) carryPreferences(this.last!, robots, changed);
    const t1 = now();
    // A new document is indexed for its crawlers at once: the keystrokes that follow stay fast.
    if (robots !== this.last && isNewDocument(req.text, edit)) for (const t of req.tests) prepareChecks(robots, resolveCrawler(t.crawler));
    this.last = robots;
    const options = { site: req.site || undefined, status: req.status };
    const groupIndices = new Set<number>();
    const verdicts: VerdictData[] = req.tests.map((t, i) => {
      const v = checkUrl(robots, resolveCrawler(t.crawler), t.url, options);
      const shown = req.active === undefined || req.active === i;
      for (const g of v.group.groups) groupIndices.add(g);
      return {
        url: t.url,
        allowed: v.allowed,
        line: v.line,
        reason: v.reason,
        rule: v.rule,
        matches: shown ? v.matches : [],
        group: v.group,
        token: v.token,
        tokens: v.agent.tokens,
        fromUserAgentString: v.agent.fromUserAgentString,
        ignoresGlobal: v.agent.ignoresGlobal,
        ignoresRobotsTxt: v.agent.ignoresRobotsTxt,
        profileId: v.agent.profile?.id ?? null,
        testedPath: v.url.path,
        urlValid: v.url.valid,
        inScope: v.inScope,
        scopeReason: v.scope?.reason ?? '',
        governingRobotsUrl: v.scope?.governingRobotsUrl ?? null,
        fetch: v.fetch,
        problem: v.problem,
        explanation: shown ? explainVerdict(robots, v) : null,
        preferences: shown ? urlPreferences(robots, v) : null,
      };
    });
    const groups: GroupInfo[] = [...groupIndices].sort((a, b) => a - b).map((i) => {
      const g = robots.groups[i]!;
      return { index: i, firstLine: g.firstLine, lastLine: g.lastLine, agents: g.agents, ruleCount: g.ruleCount, global: g.global };
    });
    const t2 = now();
    const result = {
      type: 'analysis' as const,
      id: req.id,
      revision: req.revision,
      summary: summarise(robots),
      groups,
      verdicts,
      sitemaps: this.sitemapsOf(robots, req.site),
      fetch: fetchOutcome(req.status),
      parseMs: t1 - t0,
      checkMs: t2 - t1,
    };
    return { robots, result };
  }

  /** The sitemaps' reading, parsed once per list of sitemap lines and site (not per keystroke). */
  private sitemapsOf(robots: RobotsTxt, site: string): SitemapInfo[] {
    const s = this.sitemaps;
    if (s !== null && s.of === robots.sitemaps && s.site === site) return s.info;
    const info = sitemapInfo(robots, site);
    this.sitemaps = { of: robots.sitemaps, site, info };
    return info;
  }
}
