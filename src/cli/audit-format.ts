/**
 * The audit's report on the command line: text (the summary, blocked URLs first, the tree's top
 * folders, rule impact, changes) and JSON (one object), from the audit's plain data.
 */
import { englishNumber, verdictWord, type ListChecker } from '../robots/index.js';
import {
  cutArgs, cutText, formatText, problemText, skippedCount, skipText, SKIP_REASONS, type AuditReport, type FolderNode,
  type InventoryBudget, type RowVerdict, type SourceReport,
} from '../robots/site/index.js';
import { CAP_FLAGS } from './inventory-options.js';
import { terminalText } from './terminal.js';

const n = englishNumber;

/** What the report needs besides the audit: where each column's words come from, the sources, the compared file's name. */
export interface AuditContext {
  readonly checker: ListChecker;
  readonly sources: readonly SourceReport[];
  /** The bounds the inventory was read within, and what they left out. */
  readonly budget: InventoryBudget;
  readonly compared: string | null;
  /** Blocked URLs listed per crawler in text (the JSON lists what the audit kept). */
  readonly listed: number;
}

/** A column's label: the crawler's id, and the reader when not Google's. */
function columnLabel(ctx: AuditContext, column: number): string {
  const c = ctx.checker.columns[column]!;
  return c.reader === 'google' ? c.id : `${c.id} [${c.reader}]`;
}

function ruleOf(ctx: AuditContext, version: number, line: number): string | null {
  return line > 0 ? ctx.checker.lineText(version, line) : null;
}

/** A source's skipped entries, by reason, in English. */
function skippedWords(s: SourceReport): string[] {
  return SKIP_REASONS.flatMap((r) => (s.skipped[r] ? [skipText(r, s.skipped[r]!)] : []));
}

/** What would let a source's skipped URLs in, when they all went one way: a feed's relative links, or one other host. */
function hint(s: SourceReport): string | null {
  if (s.urls > 0 || s.format === 'sitemapindex') return null;
  const hosts = Object.keys(s.otherHosts);
  if ((s.skipped['other-host'] ?? 0) > 0 && hosts.length === 1) return `all on ${hosts[0]}: if this is that site's sitemap, give --site ${hosts[0]}`;
  if ((s.skipped.relative ?? 0) > 0 && s.format === 'atom') return 'give --site <url> for the feed\'s relative links to resolve on';
  return null;
}

/** One line per source: what it is, what it gave, what it skipped and why, its problem. */
export function describeSource(s: SourceReport): string {
  const from = s.parent ? ` (from ${s.parent}${s.file ? `, opened as ${s.file}` : ''})` : '';
  if (s.readAs) return `${s.source}  read as ${s.readAs}${from}`;
  const what = [formatText(s.format) + (s.gzip ? ' (gzip)' : '') + (s.encoding ? ` (${s.encoding})` : '')];
  if (s.format === 'sitemapindex') what.push(`${n(s.sitemaps)} sitemap${s.sitemaps === 1 ? '' : 's'} followed`);
  else what.push(`${n(s.urls)} URL${s.urls === 1 ? '' : 's'}`);
  const skipped = skippedWords(s);
  if (skipped.length > 0) what.push(`skipped: ${skipped.join('; ')}`);
  const why = hint(s);
  if (why) what.push(why);
  if (s.problem) what.push(`PROBLEM: ${problemText(s.problem)}`);
  return `${s.source}${from}  ${what.join(' · ')}`;
}

/** What the bounds left out, one sentence each, with the option that moves the bound. */
function cutLines(budget: InventoryBudget): string[] {
  return cutArgs(budget.cut, budget.caps).map((a) => `${cutText(a)}${CAP_FLAGS[a['what'] as string] ? ` (${CAP_FLAGS[a['what'] as string]})` : ''}`);
}

/** Sources described on standard error at most; the others are counted (the JSON lists them all). */
const WARNED_SOURCES = 50;

/**
 * The inventory's lines for standard error: each source that skipped something or has a problem
 * (every source when the inventory is empty), then what the bounds left out.
 */
export function inventoryWarnings(sources: readonly SourceReport[], budget: InventoryBudget, all: boolean): string[] {
  const told = all ? sources : sources.filter((s) => s.problem || skippedCount(s) > 0);
  const lines = told.slice(0, WARNED_SOURCES).map(describeSource);
  if (told.length > WARNED_SOURCES) lines.push(`… ${n(told.length - WARNED_SOURCES)} more sources ${all ? '' : 'with skips or a problem '}(--format json lists them)`);
  return [...lines, ...cutLines(budget)];
}

/** Folders listed per level in text: the most blocked first, then the largest. */
const TOP_FOLDERS = 10;

function treeLines(ctx: AuditContext, nodes: readonly FolderNode[], indent: string, out: string[]): void {
  const google = ctx.checker.columns.flatMap((c, i) => (c.reader === 'google' ? [i] : []));
  const blockedIn = (f: FolderNode) => google.reduce((a, c) => a + f.counts[c]![1], 0);
  const top = [...nodes].sort((a, b) => blockedIn(b) - blockedIn(a) || b.urls - a.urls).slice(0, TOP_FOLDERS);
  for (const node of top) {
    const blocked = google.map((c) => `${ctx.checker.columns[c]!.id} ${n(node.counts[c]![1])}`).join(', ');
    out.push(`${indent}${node.depth === 0 ? node.label + '/' : node.label}  ${n(node.urls)} URL${node.urls === 1 ? '' : 's'}  blocked: ${blocked}${node.more > 0 ? `  (+${n(node.more)} folders)` : ''}`);
    treeLines(ctx, node.children, indent + '  ', out);
  }
  if (nodes.length > top.length) out.push(`${indent}… ${n(nodes.length - top.length)} more folders (--format json lists them)`);
}

/** The report as text (its lines through terminalText). */
export function auditText(report: AuditReport, ctx: AuditContext): string {
  const out: string[] = [];
  const problems = ctx.sources.filter((s) => s.problem).length;
  out.push(`Inventory: ${n(report.urls)} URL${report.urls === 1 ? '' : 's'} from ${n(ctx.sources.length)} source${ctx.sources.length === 1 ? '' : 's'}${problems > 0 ? ` (${problems} with a problem)` : ''}`);
  for (const s of ctx.sources) out.push(`  ${describeSource(s)}`);
  for (const c of cutLines(ctx.budget)) out.push(`  ${c}`);
  out.push('', 'Verdicts:');
  const labels = report.columns.map((_, c) => columnLabel(ctx, c));
  const width = Math.max(7, ...labels.map((l) => l.length));
  out.push(`  ${'crawler'.padEnd(width)}${[0, 1, 2, 3].map((code) => verdictWord(code).padStart(14)).join('')}`);
  report.columns.forEach((c, i) => {
    const t = c.counts;
    out.push(`  ${labels[i]!.padEnd(width)}${[t.allowed, t.blocked, t.outOfScope, t.cannotTest].map((x) => n(x).padStart(14)).join('')}`);
  });
  const blocked = report.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.counts.blocked > 0);
  out.push('', blocked.length === 0 ? 'In your inventory but blocked: none.' : 'In your inventory but blocked:');
  for (const { c, i } of blocked) {
    out.push(`  ${labels[i]}: ${n(c.counts.blocked)} URL${c.counts.blocked === 1 ? '' : 's'}`);
    for (const b of c.blocked.slice(0, ctx.listed)) out.push(`    ${b.url}  line ${b.line}: ${ruleOf(ctx, 0, b.line) ?? ''}`);
    if (c.counts.blocked > ctx.listed) out.push(`    … ${n(c.counts.blocked - Math.min(ctx.listed, c.blocked.length))} more (--format csv lists every row)`);
  }
  out.push('', `Site tree (top folders; URLs, and blocked per crawler in Google's reading)${report.treeTruncated ? ' — folder limit reached: deeper folders counted in their parents' : ''}:`);
  treeLines(ctx, report.tree, '  ', out);
  out.push('', 'Rule impact (Google\'s reading: URL × crawler verdicts each rule decides):');
  const google = ctx.checker.columns.filter((c) => c.reader === 'google');
  for (const r of report.rules) {
    const by = r.decides > 0 && google.length > 1 ? ` (${r.byCrawler.map((x, k) => `${google[k]!.id} ${n(x)}`).join(', ')})` : '';
    const what = !r.applies ? 'not for these crawlers' : r.unused === 'never-wins' ? 'decides nothing: never wins (every URL it matches is decided by another rule)'
      : r.unused === 'matches-nothing' ? 'decides nothing: matches no URL of the inventory' : `decides ${n(r.decides)}${by}`;
    out.push(`  line ${String(r.line).padEnd(4)} ${r.text.padEnd(32)}  ${what}`);
  }
  if (report.rules.length === 0) out.push('  (no rules)');
  if (report.changes) {
    out.push('', `Changes against ${ctx.compared} (verdicts that differ):`);
    report.changes.byColumn.forEach((c, i) => {
      out.push(`  ${labels[i]}: ${n(c.changed)} changed (${n(c.blocked)} blocked now, ${n(c.unblocked)} no longer blocked)`);
    });
    const word = (v: RowVerdict, version: number) => `${verdictWord(v.verdict)} (${v.line > 0 ? `line ${v.line}: ${ruleOf(ctx, version, v.line)}` : 'line 0'})`;
    for (const ch of report.changes.rows.slice(0, ctx.listed * Math.max(1, report.columns.length))) {
      out.push(`    ${labels[ch.column]}  ${ch.url}  ${word(ch.before, 1)} → ${word(ch.after, 0)}`);
    }
    const listed = Math.min(report.changes.rows.length, ctx.listed * Math.max(1, report.columns.length));
    const total = report.changes.byColumn.reduce((a, c) => a + c.changed, 0);
    if (total > listed) out.push(`    … ${n(total - listed)} more (--format csv lists every row with both verdicts)`);
  }
  return terminalText(out);
}

/** A source as the JSON gives it. */
function sourceJson(s: SourceReport) {
  return {
    source: s.source, parent: s.parent, format: s.format, gzip: s.gzip, ...(s.encoding ? { encoding: s.encoding } : {}), bytes: s.bytes, urls: s.urls, sitemaps: s.sitemaps,
    skipped: skippedCount(s), skippedWhy: { ...s.skipped }, ...(Object.keys(s.otherHosts).length > 0 ? { otherHosts: { ...s.otherHosts } } : {}),
    ...(s.file ? { file: s.file } : {}), ...(s.readAs ? { readAs: s.readAs } : {}),
    ...(s.problem ? { error: { code: s.problem.code, message: problemText(s.problem), ...s.problem.args } } : {}),
  };
}

function folderJson(ctx: AuditContext, node: FolderNode): unknown {
  const crawlers: Record<string, { allowed: number; blocked: number; outOfScope: number; cannotTest: number }> = {};
  ctx.checker.columns.forEach((c, i) => {
    const [allowed, blocked, outOfScope, cannotTest] = node.counts[i]!;
    crawlers[columnLabel(ctx, i)] = { allowed, blocked, outOfScope, cannotTest };
  });
  return { folder: node.folder, urls: node.urls, crawlers, children: node.children.map((c) => folderJson(ctx, c)), more: node.more };
}

/** The report as one JSON object. */
export function auditJson(report: AuditReport, ctx: AuditContext): unknown {
  const reader = (i: number) => (ctx.checker.columns[i]!.reader === 'google' ? {} : { reader: ctx.checker.columns[i]!.reader });
  const google = ctx.checker.columns.filter((c) => c.reader === 'google');
  const verdict = (v: RowVerdict, version: number) => ({ verdict: verdictWord(v.verdict), line: v.line, rule: ruleOf(ctx, version, v.line) });
  const cut = ctx.budget.cut;
  return {
    inventory: report.urls,
    cut: { urls: cut.urls, deadline: cut.deadline, sitemapLines: cut.sitemapLines, childSitemaps: cut.childSitemaps, unread: cut.unread, caps: { ...ctx.budget.caps } },
    sources: ctx.sources.map(sourceJson),
    crawlers: report.columns.map((c, i) => ({
      crawler: c.id, ...reader(i), ...c.counts, blockedUrls: c.blocked.map((b) => ({ url: b.url, line: b.line, rule: ruleOf(ctx, 0, b.line) })),
    })),
    rules: report.rules.map((r) => ({ line: r.line, text: r.text, decides: r.decides, byCrawler: Object.fromEntries(google.map((c, k) => [c.id, r.byCrawler[k]])), applies: r.applies })),
    unusedRules: report.rules.filter((r) => r.unused).map((r) => ({ line: r.line, text: r.text, why: r.unused === 'never-wins' ? 'never wins' : 'matches nothing' })),
    tree: report.tree.map((t) => folderJson(ctx, t)),
    ...(report.treeTruncated ? { treeTruncated: true } : {}),
    ...(report.changes ? {
      changes: {
        against: ctx.compared,
        crawlers: report.changes.byColumn.map((c, i) => ({ crawler: ctx.checker.columns[i]!.id, ...reader(i), ...c })),
        urls: report.changes.rows.map((r) => ({ url: r.url, crawler: ctx.checker.columns[r.column]!.id, ...reader(r.column), before: verdict(r.before, 1), after: verdict(r.after, 0) })),
        truncated: report.changes.truncated,
      },
    } : {}),
  };
}
