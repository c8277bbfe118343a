/**
 * The site audit: an inventory's URLs checked by the one list checker, summed as they stream —
 * verdict counts per crawler (blocked URLs first, with their deciding lines), the site tree, what
 * each rule decides (and which rules decide nothing, or match but never win), and, against a
 * compared version, the URLs whose verdict changes.
 */
import { chooseGroups, ruleMatcher, type RobotsTxt } from '../google/index.js';
import type { ReaderId } from '../readers/index.js';
import type { ResolvedAgent } from '../crawlers/index.js';
import { checkList, countVerdicts, ListChecker, ListVerdict, noVerdicts, type ListBatch, type ListVersion, type ListVerdictCode, type VerdictCounts } from '../lists/index.js';
import { AuditRows, selectRows, type RowQuery } from './rows.js';
import { FolderTree, type FolderSummary, type FolderTreeOptions, type TreePart } from './tree.js';

/** What an inventory is audited against. */
export interface AuditSpec {
  /** The robots.txt audited (a draft, or the live file). */
  readonly robots: ListVersion;
  /** The version it replaces (the live file, for a draft): the URLs whose verdict changes are listed. */
  readonly compare?: ListVersion;
  readonly crawlers: readonly ResolvedAgent[];
  /** Other parsers' readings besides Google's (which the audit always has: rule impact is Google's). */
  readonly readers?: readonly ReaderId[];
  /** The site the file is for: relative URLs resolve on it, other hosts are out of scope. */
  readonly site?: string;
}

/** The list checker of an audit: version 0 the audited file, 1 the compared one; Google's reading first. */
export function auditChecker(spec: AuditSpec): ListChecker {
  const readers: ReaderId[] = ['google', ...(spec.readers ?? []).filter((r) => r !== 'google')];
  return new ListChecker({ versions: spec.compare ? [spec.robots, spec.compare] : [spec.robots], crawlers: spec.crawlers, readers, site: spec.site });
}

/** Options of an audit. */
export interface AuditOptions {
  /** Keep every URL's row (the app's list, filters and export); counts alone otherwise (flat memory). */
  readonly keepRows?: boolean;
  /**
   * `counts`: the verdict counts and blocked examples only — no site tree, no rule impact (what a
   * listing of the rows needs: the CSV). Everything by default.
   */
  readonly sums?: 'all' | 'counts';
  readonly tree?: FolderTreeOptions;
  /** Blocked URLs listed per column (100 by default); all are counted. */
  readonly examples?: number;
  /** Changed rows listed (1,000 by default); all are counted. */
  readonly changeExamples?: number;
}

/** A row's verdict and deciding line. */
export interface RowVerdict {
  readonly verdict: ListVerdictCode;
  readonly line: number;
}

/** One column of the audit: a crawler as one reader reads the file for it. */
export interface AuditColumn {
  /** The crawler's profile id, else its token. */
  readonly id: string;
  /** The crawler as given. */
  readonly crawler: string;
  readonly reader: ReaderId;
  readonly counts: VerdictCounts;
  /** The first blocked URLs, in inventory order, each with its deciding line. */
  readonly blocked: readonly { readonly url: string; readonly line: number }[];
}

/** What one rule does to the inventory, in Google's reading of the audited file. */
export interface RuleImpact {
  readonly line: number;
  readonly text: string;
  readonly allow: boolean;
  /** URL × crawler verdicts it decides. */
  readonly decides: number;
  /** By crawler, in the spec's order. */
  readonly byCrawler: readonly number[];
  /** Some chosen crawler follows its group (and the fetch result does not override the file). */
  readonly applies: boolean;
  /** Some inventory URL in scope matches it for a crawler following its group. */
  readonly matched: boolean;
  /** For a rule that applies and decides nothing: it matches no URL, or every URL it matches is decided by another rule. */
  readonly unused: 'matches-nothing' | 'never-wins' | null;
}

/** A URL × crawler whose verdict differs between the compared version and the audited one. */
export interface VerdictChange {
  readonly url: string;
  readonly column: number;
  /** In the compared version (the live file). */
  readonly before: RowVerdict;
  /** In the audited version (the draft). */
  readonly after: RowVerdict;
}

/** How verdicts changed in one column. */
export interface ChangeCounts {
  changed: number;
  /** Blocked now, not before. */
  blocked: number;
  /** Blocked before, not now. */
  unblocked: number;
}

/** The audit as plain data. */
export interface AuditReport {
  /** URLs audited. */
  readonly urls: number;
  readonly columns: readonly AuditColumn[];
  /** Every rule of the audited file, in line order. */
  readonly rules: readonly RuleImpact[];
  readonly changes: {
    readonly byColumn: readonly ChangeCounts[];
    readonly rows: readonly VerdictChange[];
    /** More changed than listed. */
    readonly truncated: boolean;
  } | null;
  /** The tree's top folders, as deep as asked. */
  readonly tree: readonly FolderNode[];
  /** Some folders were left out of the tree (its node limit); counts stay exact in their ancestors. */
  readonly treeTruncated: boolean;
}

/** An audit's share of an inventory as plain data (structured-cloneable), for SiteAudit.merge. */
export interface AuditPart {
  readonly urls: number;
  readonly counts: readonly VerdictCounts[];
  readonly blocked: readonly (readonly { readonly index: number; readonly url: string; readonly line: number }[])[];
  readonly decides: readonly Int32Array[];
  readonly matched: Uint8Array;
  readonly changeCounts: readonly ChangeCounts[] | null;
  readonly changes: readonly (VerdictChange & { readonly index: number })[];
  readonly changesTruncated: boolean;
  readonly tree: TreePart;
}

/** A folder of the report's tree. */
export interface FolderNode extends Omit<FolderSummary, 'children'> {
  readonly children: readonly FolderNode[];
  /** Sub-folders not listed (deeper than asked). */
  readonly more: number;
}

const TESTED = (code: number) => code === ListVerdict.Allowed || code === ListVerdict.Blocked;

/** An audit being summed: add each checked batch in inventory order, then read the report. */
export class SiteAudit {
  readonly tree: FolderTree;
  private readonly robots: RobotsTxt;
  private readonly counts: VerdictCounts[];
  /** The first blocked URLs per column, each with its place in the inventory. */
  private readonly blocked: { index: number; url: string; line: number }[][];
  private readonly examples: number;
  private readonly changeExamples: number;
  /** Google's column of each crawler. */
  private readonly googleColumns: number[];
  /** Per crawler: verdicts decided by each line. */
  private readonly decides: Int32Array[];
  /** Per rule (index in robots.rules): the Google columns whose crawler follows its group. */
  private readonly ruleColumns: number[][];
  private readonly matched: Uint8Array;
  private readonly matchers: (((path: string) => boolean) | undefined)[];
  /**
   * Per rule: what every path it matches begins with — a disallow rule's pattern up to its first
   * `*` or `$` (Google's patterns match from the path's start); '' for an allow rule, whose
   * index.html variant matches paths that do not begin so.
   */
  private readonly literalStart: string[];
  /** Per line: its rule's index, -1 for other lines. */
  private readonly ruleAt: Int32Array;
  private open: number[];
  private readonly changeCounts: ChangeCounts[] | null;
  private readonly changes: (VerdictChange & { readonly index: number })[] = [];
  private changesTruncated = false;
  /** Every URL's row, when kept. */
  readonly rows: AuditRows | null;
  private total = 0;
  /** The tree and rule impact are summed (not in a counts-only audit). */
  private readonly whole: boolean;
  /** The rows the last query selected (a list pages through one selection), until a batch is added. */
  private selection: { readonly key: string; readonly rows: Int32Array } | null = null;

  constructor(readonly checker: ListChecker, options: AuditOptions = {}) {
    const m = checker.columns.length;
    this.robots = checker.robots[0]!;
    this.tree = new FolderTree(m, options.tree);
    this.counts = checker.columns.map(() => noVerdicts());
    this.blocked = checker.columns.map(() => []);
    this.examples = options.examples ?? 100;
    this.changeExamples = options.changeExamples ?? 1000;
    this.whole = options.sums !== 'counts' || options.keepRows === true;
    this.googleColumns = [];
    checker.columns.forEach((c, i) => {
      if (c.reader === 'google' && this.googleColumns[c.crawlerIndex] === undefined) this.googleColumns[c.crawlerIndex] = i;
    });
    const lines = this.robots.lineCount + 1;
    this.decides = this.googleColumns.map(() => new Int32Array(lines));
    this.ruleAt = new Int32Array(lines).fill(-1);
    this.robots.rules.forEach((r, i) => (this.ruleAt[r.line] = i));
    this.ruleColumns = this.robots.rules.map(() => []);
    this.googleColumns.forEach((col) => {
      const agent = checker.columns[col]!.crawler;
      if (checker.fetchDecides(col, 0) || agent.ignoresRobotsTxt || agent.issue === 'no-crawler' || agent.issue === 'unknown-profile') return;
      const choice = chooseGroups(this.robots, agent);
      if (choice.kind !== 'specific' && choice.kind !== 'global') return;
      for (const g of choice.groups) for (const rule of this.robots.groups[g]!.rules) this.ruleColumns[this.ruleAt[rule.line]!]!.push(col);
    });
    this.matched = new Uint8Array(this.robots.rules.length);
    this.matchers = this.robots.rules.map(() => undefined);
    this.literalStart = this.robots.rules.map((rule) => (rule.allow ? '' : rule.pattern.slice(0, rule.pattern.search(/[*$]|$/))));
    this.open = this.ruleColumns.flatMap((cols, i) => (cols.length > 0 ? [i] : []));
    this.changeCounts = checker.robots.length > 1 ? checker.columns.map(() => ({ changed: 0, blocked: 0, unblocked: 0 })) : null;
    this.rows = options.keepRows ? new AuditRows(m, checker.robots.length > 1) : null;
  }

  /** URLs added so far. */
  get urls(): number {
    return this.total;
  }

  /**
   * Adds a checked batch (the checker's `check(urls, 'all')` when there is a compared version,
   * else `check(urls)`), the batches in inventory order.
   */
  add(batch: ListBatch): void {
    const m = batch.columns;
    const now = batch.results[0]!;
    const { verdict, line } = now;
    this.selection = null;
    countVerdicts(now, m, this.counts);
    const rows = this.rows;
    const base = this.total;
    if (rows) rows.reserve(base + batch.urls.length);
    const g = this.googleColumns;
    if (!this.whole) this.addCounted(batch);
    else for (let u = 0; u < batch.urls.length; u++) {
      const url = batch.urls[u]!;
      const node = this.tree.place(url, batch.paths[u]!);
      const at = u * m;
      for (let c = 0; c < m; c++) {
        const code = verdict[at + c]!;
        this.tree.count(node, c, code);
        if (code === ListVerdict.Blocked && this.blocked[c]!.length < this.examples) this.blocked[c]!.push({ index: batch.start + u, url, line: line[at + c]! });
      }
      for (let k = 0; k < g.length; k++) {
        const i = at + g[k]!;
        const l = line[i]!;
        if (l > 0 && TESTED(verdict[i]!)) this.decides[k]![l]! += 1;
      }
      if (rows) rows.node[base + u] = node;
    }
    if (rows) {
      rows.verdict.set(verdict, base * m);
      rows.line.set(line, base * m);
    }
    const before = batch.results[1];
    if (before && this.changeCounts) {
      if (rows) {
        rows.before!.set(before.verdict, base * m);
        rows.beforeLine!.set(before.line, base * m);
      }
      for (let i = 0; i < verdict.length; i++) {
        const a = verdict[i]!;
        const b = before.verdict[i]!;
        if (a === b) continue;
        const c = i % m;
        const counts = this.changeCounts[c]!;
        counts.changed++;
        if (a === ListVerdict.Blocked) counts.blocked++;
        else if (b === ListVerdict.Blocked) counts.unblocked++;
        if (this.changes.length < this.changeExamples) {
          this.changes.push({
            index: batch.start + (i - c) / m, url: batch.urls[(i - c) / m]!, column: c,
            before: { verdict: b as ListVerdictCode, line: before.line[i]! }, after: { verdict: a as ListVerdictCode, line: line[i]! },
          });
        } else this.changesTruncated = true;
      }
    }
    this.total += batch.urls.length;
    if (this.whole) this.matchOpenRules(batch);
  }

  /** A counts-only audit's share of a batch: the blocked examples (the counts are summed apart). */
  private addCounted(batch: ListBatch): void {
    const m = batch.columns;
    const { verdict, line } = batch.results[0]!;
    for (let c = 0; c < m; c++) {
      const examples = this.blocked[c]!;
      if (examples.length >= this.examples || this.counts[c]!.blocked === 0) continue;
      for (let u = 0; u < batch.urls.length && examples.length < this.examples; u++) {
        if (verdict[u * m + c] === ListVerdict.Blocked) examples.push({ index: batch.start + u, url: batch.urls[u]!, line: line[u * m + c]! });
      }
    }
  }

  /**
   * Settles which rules some URL matches: a rule that decided something did; the others are
   * tried on this batch's tested URLs (of a crawler following their group) until one matches,
   * so each rule stops costing anything once it has matched.
   */
  private matchOpenRules(batch: ListBatch): void {
    if (this.open.length === 0) return;
    const rules = this.robots.rules;
    const m = batch.columns;
    const { verdict } = batch.results[0]!;
    const still: number[] = [];
    for (const r of this.open) {
      const line = rules[r]!.line;
      if (this.decides.some((d) => d[line]! > 0)) {
        this.matched[r] = 1;
        continue;
      }
      const cols = this.ruleColumns[r]!;
      const matches = (this.matchers[r] ??= ruleMatcher(rules[r]!));
      const start = this.literalStart[r]!;
      let found = false;
      for (let u = 0; u < batch.urls.length && !found; u++) {
        let tested = false;
        for (const c of cols) if (TESTED(verdict[u * m + c]!)) tested = true;
        if (!tested) continue;
        const path = batch.paths[u]!;
        // Most paths part from the pattern's literal start within a character or two: only the
        // others need the matcher (a rule that matches nothing is tried on every URL).
        if (start.length > 0) {
          if (path.length < start.length) continue;
          let k = 0;
          while (k < start.length && path.charCodeAt(k) === start.charCodeAt(k)) k++;
          if (k < start.length) continue;
        }
        if (matches(path)) found = true;
      }
      if (found) this.matched[r] = 1;
      else still.push(r);
    }
    this.open = still;
  }

  /** What each rule decides, line by line. */
  ruleImpact(): RuleImpact[] {
    return this.robots.rules.map((rule, i) => {
      const byCrawler = this.decides.map((d) => d[rule.line]!);
      const decides = byCrawler.reduce((a, b) => a + b, 0);
      const applies = this.ruleColumns[i]!.length > 0;
      const matched = this.matched[i] === 1 || decides > 0;
      return {
        line: rule.line, text: this.checker.lineText(0, rule.line), allow: rule.allow, decides, byCrawler, applies, matched,
        unused: applies && decides === 0 ? (matched ? 'never-wins' : 'matches-nothing') : null,
      };
    });
  }

  /** The folder tree as nested data, `levels` deep below its roots. */
  treeNodes(levels: number): FolderNode[] {
    // By address: the same tree whatever order its folders were first seen in (threads merge in any).
    const sorted = (nodes: number[]) => nodes.map((n) => this.tree.summary(n)).sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
    const build = (s: FolderSummary, left: number): FolderNode => {
      const kids = left > 0 ? sorted(this.tree.children(s.node)) : [];
      return { ...s, children: kids.map((k) => build(k, left - 1)), more: left > 0 ? 0 : s.children };
    };
    return sorted(this.tree.roots()).map((r) => build(r, levels));
  }

  /** What this audit has summed, as plain data: a share of the inventory (a worker thread's), for `merge`. */
  part(): AuditPart {
    return {
      urls: this.total, counts: this.counts.map((c) => ({ ...c })), blocked: this.blocked.map((b) => b.slice()), decides: this.decides.map((d) => d.slice()),
      matched: Uint8Array.from(this.robots.rules, (_, i) => (this.matched[i] === 1 || this.decides.some((d) => d[this.robots.rules[i]!.line]! > 0) ? 1 : 0)),
      changeCounts: this.changeCounts?.map((c) => ({ ...c })) ?? null, changes: this.changes.slice(), changesTruncated: this.changesTruncated, tree: this.tree.part(),
    };
  }

  /** Adds another audit's share of the same inventory (same checker spec and options), made by `part`. */
  merge(part: AuditPart): void {
    this.total += part.urls;
    part.counts.forEach((c, i) => {
      const t = this.counts[i]!;
      t.allowed += c.allowed;
      t.blocked += c.blocked;
      t.outOfScope += c.outOfScope;
      t.cannotTest += c.cannotTest;
    });
    // The first examples of the whole inventory are among each share's first.
    part.blocked.forEach((b, i) => {
      const all = [...this.blocked[i]!, ...b].sort((x, y) => x.index - y.index).slice(0, this.examples);
      this.blocked[i]!.splice(0, this.blocked[i]!.length, ...all);
    });
    part.decides.forEach((d, k) => {
      const into = this.decides[k]!;
      for (let l = 0; l < d.length; l++) into[l]! += d[l]!;
    });
    part.matched.forEach((m, i) => {
      if (m) this.matched[i] = 1;
    });
    this.open = this.open.filter((r) => this.matched[r] !== 1);
    if (this.changeCounts && part.changeCounts) {
      part.changeCounts.forEach((c, i) => {
        const t = this.changeCounts![i]!;
        t.changed += c.changed;
        t.blocked += c.blocked;
        t.unblocked += c.unblocked;
      });
      const all = [...this.changes, ...part.changes].sort((x, y) => x.index - y.index || x.column - y.column);
      if (all.length > this.changeExamples || part.changesTruncated) this.changesTruncated = true;
      this.changes.splice(0, this.changes.length, ...all.slice(0, this.changeExamples));
    }
    this.tree.merge(part.tree);
  }

  /** The audit so far as plain data; the tree `treeLevels` deep (2 by default). */
  report(treeLevels = 2): AuditReport {
    return {
      urls: this.total,
      columns: this.checker.columns.map((c, i) => ({
        id: c.id, crawler: c.crawler.input, reader: c.reader, counts: { ...this.counts[i]! }, blocked: this.blocked[i]!.map(({ url, line }) => ({ url, line })),
      })),
      rules: this.whole ? this.ruleImpact() : [],
      changes: this.changeCounts ? { byColumn: this.changeCounts.map((c) => ({ ...c })), rows: this.changes.map(({ index: _, ...row }) => row), truncated: this.changesTruncated } : null,
      tree: this.treeNodes(treeLevels),
      treeTruncated: this.tree.truncated,
    };
  }

  /**
   * The indexes, in inventory order, of the kept rows `query` selects (none when rows are not
   * kept): what a list of the audit pages through.
   */
  select(query: RowQuery): Int32Array {
    if (!this.rows) return new Int32Array(0);
    const key = `${query.column}|${query.verdicts.join(',')}|${query.changed}|${query.folder}`;
    if (this.selection?.key !== key) this.selection = { key, rows: selectRows(this.rows, this.tree, this.total, query) };
    return this.selection.rows;
  }

  /** A kept row's verdicts: column `column` of URL `index` now (and in the compared version). */
  row(index: number, column: number): { now: RowVerdict; before: RowVerdict | null } {
    const rows = this.rows!;
    const i = index * this.checker.columns.length + column;
    return {
      now: { verdict: rows.verdict[i]! as ListVerdictCode, line: rows.line[i]! },
      before: rows.before ? { verdict: rows.before[i]! as ListVerdictCode, line: rows.beforeLine![i]! } : null,
    };
  }
}

/**
 * Audits the URLs of an inventory (strings, or an async stream of them) against a robots.txt for
 * its crawlers: the whole report, with the tree `treeLevels` deep. The library's one-call audit.
 */
export async function auditInventory(
  urls: Iterable<string> | AsyncIterable<string>,
  spec: AuditSpec,
  options: AuditOptions & { readonly treeLevels?: number } = {},
): Promise<AuditReport> {
  const checker = auditChecker(spec);
  const audit = new SiteAudit(checker, { ...options, tree: { site: spec.site, ...options.tree } });
  for await (const batch of checkList(checker, urls, { versions: spec.compare ? 'all' : 0 })) audit.add(batch);
  return audit.report(options.treeLevels);
}
