/**
 * Diagnostics: every finding of a parse — each line's own findings (from the scan's reading) and
 * those that need the whole file (rules that never decide, merged groups, rules blocking CSS/JS) —
 * worded from the one catalogue.
 */
import { AI_CRAWLERS, resolveAgent, type AiPurpose } from '../crawlers/index.js';
import {
  chooseGroups, compilePattern, createChecker, lineParts, LineKind, matchesPattern, PatternShape, type RobotsTxt, type Rule,
} from '../google/index.js';
import { FINDING_CODES, wordFinding, type FindingArgs, type FindingCode, type Severity } from './catalogue.js';
import { lineFindings } from './line-findings.js';
import type { LineFix } from './repairs.js';
import { diagnosePortability, type AddFinding } from './portability.js';
import { diagnoseReaderReach, type ReaderParse } from './reader-reach.js';
import { byPlace } from './merge-findings.js';
import { currentLabelFor, filePreferences, preferenceIssues, type SignalLine, type UsageRule } from '../prefs/index.js';

export type { Severity } from './catalogue.js';

/** One finding, anchored to a line (columns are UTF-16 offsets within the line). */
export interface Diagnostic {
  readonly line: number;
  readonly from: number;
  readonly to: number;
  readonly severity: Severity;
  /** Stable kebab-case code per kind of finding (the catalogue's). */
  readonly code: FindingCode;
  /** The title: what is wrong, in plain words. */
  readonly message: string;
  /** What Google does with the line. */
  readonly google: string;
  readonly hint: string;
  readonly args: FindingArgs;
  /** The one-click repair (columns within the line), when there is an unambiguous one. */
  readonly fix: LineFix | null;
  /** The line's text when diagnosed: what the finding is about, and a repair applies only while the line still reads so. */
  readonly lineText: string;
}

/** Every diagnostic code, for documentation and tests. */
export const DIAGNOSTIC_CODES: readonly FindingCode[] = FINDING_CODES;

const ASSET_DIR = /^\/(?:[^*$]*\/)?(?:js|css|scripts?|styles?|assets|static|dist|build|wp-includes|wp-content|_next|themes?)(?:\/|$)/i;

/** A diagnostic worded from the catalogue. */
export function diagnostic(line: number, from: number, to: number, code: FindingCode, args: FindingArgs, fix: LineFix | null = null, lineText = ''): Diagnostic {
  const w = wordFinding(code, args);
  return { line, from, to, severity: w.severity, code, message: w.title, google: w.google, hint: w.hint, args, fix, lineText };
}

/**
 * Diagnoses a parse. `site` (the site whose robots.txt this is) lets relative sitemaps be repaired.
 * Never throws; findings come sorted by line.
 */
export function diagnose(robots: RobotsTxt, options: { readonly site?: string } = {}): Diagnostic[] {
  const steps = diagnoseInSteps(robots, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

// Lines (or rules) between two pauses of diagnoseInSteps.
const STEP = 128;

/**
 * diagnose, pausing (yielding) every few hundred lines, rules or reader checks: a caller can let
 * other work run between steps or stop early. Its return value is diagnose's.
 */
export function* diagnoseInSteps(robots: RobotsTxt, options: { readonly site?: string } = {}): Generator<void, Diagnostic[], void> {
  return yield* findingsInSteps(robots, options, diagnoseReaderReach);
}

/**
 * diagnoseInSteps without the findings the other readers' parses decide, which take most of a big
 * file's time (readerFindingsInSteps gives them; mergeReaderFindings puts the two lists together).
 */
export function* diagnoseWithoutReadersInSteps(robots: RobotsTxt, options: { readonly site?: string } = {}): Generator<void, Diagnostic[], void> {
  return yield* findingsInSteps(robots, options, null);
}

/**
 * The findings the other readers' parses decide, alone, in line order and capped as diagnose caps
 * them, pausing (yielding) between the readers' parses and checks. `parse` gives each reader's
 * parse of the text (by default each parses it anew).
 */
export function* readerFindingsInSteps(robots: RobotsTxt, parse?: ReaderParse): Generator<void, Diagnostic[], void> {
  const out: Diagnostic[] = [];
  yield* diagnoseReaderReach(robots, addingTo(out, robots), parse);
  return capPerCode(out.sort(byPlace), {});
}

// Adds each finding to `out`, worded with its line's text.
function addingTo(out: Diagnostic[], robots: RobotsTxt): AddFinding {
  const textOf = (line: number) => (line >= 1 && line <= robots.lineCount ? robots.text.slice(robots.lines.from[line - 1], robots.lines.to[line - 1]) : '');
  return (line, from, to, code, args, fix = null) => out.push(diagnostic(line, from, to, code, args, fix, textOf(line)));
}

// The findings of a parse; `readerReach` adds those the other readers' parses decide (null: none).
function* findingsInSteps(
  robots: RobotsTxt, options: { readonly site?: string }, readerReach: ((robots: RobotsTxt, add: AddFinding) => Generator<void, void, void>) | null,
): Generator<void, Diagnostic[], void> {
  const out: Diagnostic[] = [];
  const L = robots.lines;
  const add = addingTo(out, robots);
  // One "User-agent: *" above the first stray rule takes in the ones after it too.
  let strayFixed = false;
  // Past Google's limit each line is one finding (a 10 MB paste: 800,000): those the cap would
  // drop are only counted, not worded.
  let afterLimit = 0;

  for (let i = 0; i < robots.lineCount; i++) {
    if (i % STEP === STEP - 1) yield;
    const kind = L.kind[i]!;
    // Most lines carry no finding: skip reading their text.
    if (L.flags[i] === 0 && (kind === LineKind.Blank || kind === LineKind.Comment || kind === LineKind.UserAgent)) continue;
    if (kind === LineKind.AfterLimit) {
      if (++afterLimit <= MAX_PER_CODE) add(i + 1, 0, L.to[i]! - L.from[i]!, 'after-limit', {});
      continue;
    }
    const parts = lineParts(robots, i + 1);
    for (const f of lineFindings(parts, options)) {
      let fix = f.fix;
      if (f.code === 'rule-outside-group') {
        if (strayFixed) fix = null;
        strayFixed = true;
      }
      out.push(diagnostic(i + 1, f.from, f.to, f.code, f.code === 'over-size-limit' ? { bytes: robots.byteSize } : f.args, fix, parts.text));
    }
  }

  yield* diagnoseGroups(robots, add);
  yield* diagnoseSignals(robots, add);
  yield* diagnosePortability(robots, add);
  if (readerReach) yield* readerReach(robots, add);

  if (robots.bom) add(1, 0, 0, 'bom', {});
  if (robots.lineBreaks.cr > 0) add(findFirstCr(robots.text), 0, 0, 'cr-line-endings', { count: robots.lineBreaks.cr });
  if (robots.groups.length === 0 && robots.ruleCount === 0 && L.kind.some((k) => k === LineKind.RuleOutsideGroup)) {
    add(1, 0, 0, 'no-user-agent', {});
  }
  return capPerCode(out.sort(byPlace), { 'after-limit': afterLimit });
}

/** At most this many findings of one kind: a pathological file must not flood the UI. */
export const MAX_PER_CODE = 500;

function capPerCode(all: Diagnostic[], counted: Partial<Record<FindingCode, number>>): Diagnostic[] {
  const counts = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const d of all) {
    const n = (counts.get(d.code) ?? 0) + 1;
    counts.set(d.code, n);
    if (n <= MAX_PER_CODE) out.push(d);
  }
  for (const [code, seen] of counts) {
    const n = Math.max(seen, counted[code as FindingCode] ?? 0);
    if (n > MAX_PER_CODE) {
      const last = out.filter((d) => d.code === code).pop()!;
      out.push(diagnostic(last.line, last.from, last.to, 'more-findings', { count: n - MAX_PER_CODE, code }, null, last.lineText));
    }
  }
  return out;
}

function findFirstCr(text: string): number {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) return line;
    if (c === 0x0a || c === 0x0d) {
      if (c === 0x0d) i++;
      line++;
    }
  }
  return 1;
}

type Add = (line: number, from: number, to: number, code: FindingCode, args: FindingArgs) => void;

// The "no" of each preference that speaks about one AI purpose.
const SIGNAL_NO: Readonly<Record<string, { no: string; purpose: AiPurpose }>> = {
  'ai-train': { no: 'no', purpose: 'training' }, 'ai-input': { no: 'no', purpose: 'search' }, 'train-ai': { no: 'n', purpose: 'training' }, 'ai-use': { no: 'n', purpose: 'search' },
};

/**
 * AI-use preference lines read against the file: one outside any group (no crawler reads it), one
 * that cannot take effect or conflicts with another (prefs/), and a "no" beside rules that let a
 * crawler of that purpose fetch everything.
 */
function* diagnoseSignals(robots: RobotsTxt, add: Add): Generator<void, void, void> {
  const L = robots.lines;
  const file = filePreferences(robots);
  const lines = [...file.usage.map((r) => ({ line: r.line, group: r.group, whole: r.path === null, prefs: r.prefs })), ...file.signals];
  // Each line in plain words, or what in it a reader cannot read.
  for (const r of file.usage) preferenceLine(robots, r.line, add, r);
  for (const sig of file.signals) preferenceLine(robots, sig.line, add, null, sig);
  let n = 0;
  for (const p of lines) {
    if (++n % STEP === 0) yield;
    const i = p.line - 1;
    const key = robots.text.slice(L.from[i]! + L.keyFrom[i]!, L.from[i]! + L.keyTo[i]!);
    if (p.group < 0) {
      add(p.line, L.keyFrom[i]!, L.keyTo[i]!, 'ai-signal-outside-group', { key });
      continue;
    }
    // A path-scoped Content-Usage speaks about part of the site: not compared with whole-site rules.
    if ('whole' in p && !p.whole) continue;
    for (const item of p.prefs) {
      const said = Object.hasOwn(SIGNAL_NO, item.key) ? SIGNAL_NO[item.key] : undefined;
      if (!said || item.value !== said.no) continue;
      const open = crawlersAllowedEverything(robots, p.group, said.purpose);
      if (open.length) add(p.line, L.valueFrom[i]!, L.valueTo[i]!, 'ai-signal-contradicts', { item: `${item.key}=${item.value}`, crawler: open[0]!, others: open.length - 1 });
    }
  }
  for (const issue of preferenceIssues(robots)) {
    const i = issue.line - 1;
    const span: [number, number] = [L.valueFrom[i]!, L.valueTo[i]!];
    if (issue.kind === 'not-crawlable') {
      add(issue.line, ...span, 'pref-not-crawlable', { scoped: issue.path === '' ? 'no' : 'yes', path: issue.path, blockedBy: issue.blockedBy });
    } else if (issue.kind === 'conflict') {
      add(issue.line, ...span, 'pref-conflict', {
        key: issue.key, value: issue.value, otherKey: issue.otherKey, otherValue: issue.otherValue, otherLine: issue.otherLine, same: issue.otherLine === issue.line ? 'yes' : 'no',
      });
    }
  }
}

/** What the preference categories and signals mean, in plain English words (other languages show them as declared). */
const PREFERENCE_WORDS: Readonly<Record<string, string>> = {
  // draft-ietf-aipref-vocab-08 §4.
  'train-ai': 'AI training', 'ai-use': 'AI use (input to generative AI)', 'search': 'search',
  // Content Signals.
  'ai-input': 'AI answers (grounding, RAG)', 'ai-train': 'AI training', 'use': 'how far AI may use it',
};

/**
 * One Content-Usage or Content-Signal line in plain words, or findings on what a reader cannot
 * read in it: a statement that is no Dictionary (RFC 9651), a value other than y or n, a label or
 * signal their definitions lack.
 */
function preferenceLine(robots: RobotsTxt, line: number, add: Add, usage: UsageRule | null, signal: SignalLine | null = null): void {
  const L = robots.lines;
  const i = line - 1;
  const start = L.from[i]!;
  const key = robots.text.slice(start + L.keyFrom[i]!, start + L.keyTo[i]!);
  const span: [number, number] = L.valueFrom[i]! >= 0 ? [L.valueFrom[i]!, L.valueTo[i]!] : [0, L.to[i]! - start];
  const value = L.valueFrom[i]! >= 0 ? robots.text.slice(start + L.valueFrom[i]!, start + L.valueTo[i]!) : '';
  const said: string[] = [];
  let path = '';
  let declared = value;
  if (usage) {
    path = usage.path ?? '';
    declared = `${path ? `${path} ` : ''}${usage.statement}`;
    if (!usage.readable || (usage.prefs.length === 0 && usage.odd.length === 0 && usage.unknown.length === 0)) {
      add(line, ...span, 'ai-preference-invalid', { key, item: usage.statement || value, example: 'train-ai=n, ai-use=y' });
      return;
    }
    for (const o of usage.odd) add(line, ...span, 'ai-preference-invalid', { key, item: `${o.key}=${o.value}`, example: `${o.key}=n` });
    for (const label of usage.unknown) {
      const now = currentLabelFor(label);
      add(line, ...span, 'pref-unknown-label', { label, retired: now === null ? 'no' : 'yes', hasNow: now ? 'yes' : 'no', now: now ?? '' });
    }
    for (const p of usage.prefs) said.push(`${PREFERENCE_WORDS[p.key]}: ${p.value === 'y' ? 'yes' : 'no'}`);
  } else if (signal) {
    if (signal.prefs.length === 0 && signal.unknown.length === 0) {
      add(line, ...span, 'ai-preference-invalid', { key, item: value, example: 'search=yes, ai-train=no' });
      return;
    }
    for (const item of signal.unknown) add(line, ...span, 'pref-unknown-signal', { item });
    for (const p of signal.prefs) said.push(`${PREFERENCE_WORDS[p.key]}: ${p.value}`);
  }
  // `meaning` in plain English words (the CLI's); `declared` as written, for other languages.
  if (said.length) add(line, ...span, 'ai-preference', { key, meaning: `${said.join(', ')}${path ? ` (for ${path})` : ''}`, declared });
}

/** The AI crawlers of `purpose` that follow group `g` and that it lets fetch everything (no Disallow with a path). */
function crawlersAllowedEverything(robots: RobotsTxt, g: number, purpose: AiPurpose): string[] {
  const out: string[] = [];
  for (const c of AI_CRAWLERS) {
    // A training-control token fetches nothing: the rules cannot let it fetch anything.
    if (c.purpose !== purpose || c.controlToken) continue;
    const choice = chooseGroups(robots, resolveAgent(c));
    if (!choice.groups.includes(g) || choice.kind === 'global-ignored') continue;
    if (choice.groups.every((gi) => robots.groups[gi]!.rules.every((r) => r.allow || r.value === ''))) out.push(c.tokens[0]!);
  }
  return out;
}

/** A character trie over prefixes: walking a string down it visits every key that starts it. */
interface PrefixNode<T> {
  next: Map<number, PrefixNode<T>> | null;
  entry: T | null;
}

function prefixTrie<T>(byPrefix: ReadonlyMap<string, T>): PrefixNode<T> {
  const root: PrefixNode<T> = { next: null, entry: null };
  for (const [prefix, entry] of byPrefix) {
    let node = root;
    for (let i = 0; i < prefix.length; i++) {
      const c = prefix.charCodeAt(i);
      let child = node.next?.get(c);
      if (!child) {
        child = { next: null, entry: null };
        (node.next ??= new Map()).set(c, child);
      }
      node = child;
    }
    node.entry = entry;
  }
  return root;
}

/** Rules that can never decide, merged groups, and rules blocking CSS/JS. */
function* diagnoseGroups(robots: RobotsTxt, add: Add): Generator<void, void, void> {
  const L = robots.lines;
  const span = (line: number): [number, number] => [L.valueFrom[line - 1]!, L.valueTo[line - 1]!];
  const reported = new Set<string>();
  const once = (line: number, code: string, f: () => void) => {
    const k = `${line}:${code}`;
    if (!reported.has(k)) {
      reported.add(k);
      f();
    }
  };
  // Each token's effective rule set: the union of its (merged) groups; and the * groups.
  const sets: { label: string; groups: readonly number[] }[] = [];
  for (const [token, groups] of robots.groupsByToken) {
    sets.push({ label: token, groups });
    if (groups.length > 1) {
      const first = robots.groups[groups[0]!]!;
      const agent = first.agents.find((a) => a.token.toLowerCase() === token)!;
      for (const g of groups.slice(1)) {
        const other = robots.groups[g]!.agents.find((a) => a.token.toLowerCase() === token)!;
        add(other.line, 0, 0, 'merged-groups', { global: 'no', token: agent.token, otherLine: first.firstLine });
      }
    }
  }
  if (robots.globalGroups.length > 0) sets.push({ label: '*', groups: robots.globalGroups });
  if (robots.globalGroups.length > 1) {
    for (const g of robots.globalGroups.slice(1)) {
      const agent = robots.groups[g]!.agents.find((a) => a.global)!;
      add(agent.line, 0, 0, 'merged-groups', { global: 'yes', token: '*', otherLine: robots.groups[robots.globalGroups[0]!]!.firstLine });
    }
  }
  for (const set of sets) {
    const rules: Rule[] = set.groups.flatMap((g) => robots.groups[g]!.rules).filter((r) => r.value !== '');
    const compiled: { r: Rule; c: ReturnType<typeof compilePattern> }[] = [];
    for (const r of rules) {
      if (compiled.length % STEP === STEP - 1) yield;
      compiled.push({ r, c: compilePattern(r.pattern) });
    }
    // Rules that match every URL their literal prefix matches (no inner wildcard, no $): per kind and
    // prefix, only the strongest counts (longest, then earliest). A rule can only be covered by one
    // whose prefix starts its own, so each rule costs one lookup per prefix length.
    type Entry = { r: Rule; c: ReturnType<typeof compilePattern> };
    const strongest = [new Map<string, Entry>(), new Map<string, Entry>()];
    for (const e of compiled) {
      if (e.c.shape !== PatternShape.Prefix) continue;
      const map = strongest[e.r.allow ? 1 : 0]!;
      const cur = map.get(e.c.prefix);
      if (!cur || e.c.priority > cur.c.priority) map.set(e.c.prefix, e);
    }
    const tries = strongest.map(prefixTrie);
    const firstByPattern = new Map<string, Rule>();
    let n = 0;
    for (const { r, c } of compiled) {
      if (++n % STEP === 0) yield;
      const key = (r.allow ? 'a' : 'd') + r.pattern;
      const first = firstByPattern.get(key);
      if (first) {
        once(r.line, 'duplicate-rule', () => add(r.line, ...span(r.line), 'duplicate-rule', { otherLine: first.line }));
        continue;
      }
      firstByPattern.set(key, r);
      // Each prefix of r's prefix that is some rule's prefix, shortest first: one walk down a trie.
      let node: PrefixNode<Entry> | undefined = tries[r.allow ? 0 : 1]!;
      for (let len = 0; node; node = len < c.prefix.length ? node.next?.get(c.prefix.charCodeAt(len++)) : undefined) {
        const s = node.entry;
        if (!s) continue;
        // s matches everything r matches; r never decides if s also wins against it.
        const wins = s.r.allow ? s.c.priority >= c.priority : s.c.priority > c.priority;
        if (wins) {
          once(r.line, 'shadowed-rule', () => add(r.line, ...span(r.line), 'shadowed-rule', {
            other: `${s.r.allow ? 'Allow' : 'Disallow'}: ${s.r.value}`, otherLine: s.r.line, tie: s.r.allow && s.c.priority === c.priority ? 'yes' : 'no',
          }));
          break;
        }
      }
    }
    // Rules that block stylesheets or scripts, for crawlers that read this group (Google needs them to render).
    if (set.label === '*' || set.label.startsWith('googlebot')) {
      const token = set.label === '*' ? 'Googlebot' : set.label;
      if (chooseGroups(robots, resolveAgent(token)).kind !== 'specific' && set.label !== '*') continue;
      const check = createChecker(robots, token);
      for (const { r, c } of compiled) {
        if (++n % STEP === 0) yield;
        if (r.allow) continue;
        const mentions = /\.(css|js)\b|\/(css|js)\b/i.test(r.pattern) || ASSET_DIR.test(c.prefix);
        if (!mentions) continue;
        const base = c.prefix.endsWith('/') ? c.prefix : c.prefix.replace(/[^/]*$/, '');
        const probes = [`${base}x.css`, `${base}x.js`, `${c.prefix}.css`, `${c.prefix}.js`, `${c.prefix}x.css`, `${c.prefix}x.js`];
        const blocked = probes.find((p) => {
          if (!matchesPattern(c, p)) return false;
          const q = check(p);
          return !q.allowed && q.line === r.line;
        });
        if (blocked) {
          once(r.line, 'blocks-css-js', () => add(r.line, ...span(r.line), 'blocks-css-js', {
            example: blocked, global: set.label === '*' ? 'yes' : 'no', who: set.label === '*' ? '*' : set.label, prefix: c.prefix,
          }));
        }
      }
    }
  }
}
