/**
 * The AI access policy composer: from "what may AI crawlers do" to the edit of the file that says
 * it, made on Google's reading of the file (its groups, agents and rules) so that it reuses the
 * crawlers' groups, keeps comments and order, and never touches another crawler's rules.
 */
import { nameableByGoogle, POLICY_CRAWLERS, TOKENLESS_AGENTS, writtenName, type CrawlerProfile } from '../crawlers/index.js';
import { escapePattern, LineKind, MAX_ROBOTS_BYTES, parseRobotsTxt, type Group, type RobotsTxt } from '../google/index.js';
import { blockedEverywhere } from '../prefs/index.js';
import { utf8Length, type TextEdit } from '../text/index.js';
import { contentSignalValue, contentUsageLines, isSignalKey } from './signals.js';
import type { AiPolicy, ComposedPolicy, DroppedRule, PolicyChoice, PolicyNote } from './types.js';

/** A choice with its paths cleaned: trimmed, made to start with `/` or `*`, repeats dropped. */
export function cleanChoice(choice: PolicyChoice): PolicyChoice {
  if (choice.mode !== 'paths') return { mode: choice.mode };
  const paths = [...new Set((choice.paths ?? []).map((p) => p.trim()).filter((p) => p !== '').map((p) => (p.startsWith('/') || p.startsWith('*') ? p : `/${p}`)))];
  return { mode: 'paths', paths };
}

/** Whether a choice sets anything (not `keep`, not an empty path list). */
function sets(raw: PolicyChoice | undefined): boolean {
  if (!raw) return false;
  const choice = cleanChoice(raw);
  return choice.mode !== 'keep' && !(choice.mode === 'paths' && choice.paths!.length === 0);
}

/**
 * Each AI crawler's choice under `policy`: its override, else its purpose's; `keep` ones left out. A
 * name only a directory lists is set by its override alone (written only when asked for by name);
 * an agent without a token is never set (no line can name it).
 */
export function policyTargets(policy: AiPolicy, crawlers: readonly CrawlerProfile[] = POLICY_CRAWLERS): Map<string, PolicyChoice> {
  const out = new Map<string, PolicyChoice>();
  for (const c of crawlers) {
    if (c.tokenless) continue;
    const byPurpose = c.purpose === undefined || c.source === 'directory' ? undefined : policy.purposes[c.purpose];
    const raw = policy.overrides?.[c.id] ?? byPurpose;
    if (sets(raw)) out.set(c.id, cleanChoice(raw!));
  }
  return out;
}

/** Whether an agent of the file names crawler `c` (by Google's token, or as written for names Google cuts). */
function agentNames(agentToken: string, agentValue: string, c: CrawlerProfile): boolean {
  const name = writtenName(c).toLowerCase();
  return agentToken.toLowerCase() === name || agentValue.toLowerCase() === name;
}

/** One rule as the composer writes it. */
interface RuleSpec {
  readonly allow: boolean;
  readonly value: string;
}

/** A rule of the file: where it is, and what it says. */
interface FileRule extends RuleSpec {
  readonly line: number;
}

/**
 * The rules a crawler follows now, as the owner wrote them: those of the groups that name it (its
 * own, shared or not), else those of the `*` groups.
 */
interface BaseRules {
  readonly rules: readonly FileRule[];
  readonly own: boolean;
}

/** The rules a group gets for a choice (none for `allow`: it follows `*`), and what became of the base rules. */
interface RuleLines {
  readonly rules: readonly RuleSpec[];
  /** Base rules written again (carried from `*`, or kept from the crawler's own groups). */
  readonly carried: readonly number[];
  /** Base Allow rules left out: inside a blocked path they would reopen part of it. */
  readonly dropped: readonly number[];
  readonly sharpened: readonly number[];
}

/**
 * The rules for a choice over a crawler's base rules: `block` is `Disallow: /`; `paths` blocks the
 * paths on top of the base rules (an Allow inside a blocked path left out, one that would outweigh
 * a shorter blocked path sharpened); `allow` writes none (the crawler follows `*`).
 */
function ruleLinesFor(choice: PolicyChoice, base: BaseRules): RuleLines {
  const none = { carried: [], dropped: [], sharpened: [] };
  if (choice.mode === 'block') return { rules: [{ allow: false, value: '/' }], ...none };
  if (choice.mode !== 'paths') return { rules: [], ...none };
  const paths = choice.paths!;
  const out = new Map<string, RuleSpec>();
  const add = (allow: boolean, value: string) => out.set(`${allow ? 'a' : 'd'}${value}`, { allow, value });
  // New paths go before carried * rules, after the owner's own (which keep their place).
  if (!base.own) for (const p of paths) add(false, p);
  const carried: number[] = [];
  const dropped: number[] = [];
  const sharpened = new Set<number>();
  for (const r of base.rules) {
    if (r.value === '') {
      // An empty rule blocks nothing; the owner's own is kept as written.
      if (base.own) {
        add(r.allow, '');
        carried.push(r.line);
      }
      continue;
    }
    if (!r.allow && paths.includes(r.value)) {
      // The owner's own rule says what the policy says: it stays as written.
      if (base.own) {
        add(false, r.value);
        carried.push(r.line);
      }
      continue;
    }
    // An Allow inside a blocked path would reopen part of it: every URL it matches is blocked anyway.
    if (r.allow && paths.some((p) => !/[*$]/.test(p) && r.value.startsWith(p))) {
      dropped.push(r.line);
      continue;
    }
    add(r.allow, r.value);
    carried.push(r.line);
    if (r.allow) {
      for (const p of paths) {
        const sharper = outweighing(r.value, p);
        if (sharper && !out.has(`d${sharper}`)) {
          add(false, sharper);
          sharpened.add(r.line);
        }
      }
    }
  }
  if (base.own) for (const p of paths) add(false, p);
  return { rules: [...out.values()], carried, dropped, sharpened: [...sharpened] };
}

/**
 * Google-specific: a carried `Allow: L*R` whose literal start L is shorter than a blocked path p
 * (and starts it) matches URLs inside p too, and wins there when it is at least as long as p
 * (longest pattern wins, Allow on a tie). `Disallow: p*R` matches those URLs and is longer than the
 * Allow: returns it, or null when the Allow cannot outweigh p.
 */
function outweighing(allow: string, p: string): string | null {
  if (/[*$]/.test(p) || allow.length < p.length) return null;
  const star = allow.indexOf('*');
  if (star < 0) return null;
  const literal = allow.slice(0, star);
  if (!p.startsWith(literal) || literal === p) return null;
  return `${p}*${allow.slice(star + 1)}`;
}

/** The line break the file uses most. */
function lineBreak(robots: RobotsTxt): string {
  const { lf, crlf, cr } = robots.lineBreaks;
  return crlf > lf && crlf >= cr ? '\r\n' : cr > lf && cr > crlf ? '\r' : '\n';
}

/** How the file spells field names: all lower case, all upper case, or as the specs write them. */
type KeyStyle = 'lower' | 'upper' | 'canonical';

/** The spelling of the file's own user-agent and rule lines (the first one decides): new lines follow it. */
function keyStyle(robots: RobotsTxt): KeyStyle {
  const { kind, keyFrom, keyTo, from } = robots.lines;
  for (let i = 0; i < robots.lineCount; i++) {
    const k = kind[i];
    if (k !== LineKind.UserAgent && k !== LineKind.Allow && k !== LineKind.Disallow) continue;
    const key = robots.text.slice(from[i]! + keyFrom[i]!, from[i]! + keyTo[i]!);
    if (!/[a-z]/i.test(key)) continue;
    return key === key.toLowerCase() ? 'lower' : key === key.toUpperCase() ? 'upper' : 'canonical';
  }
  return 'canonical';
}

/** A field name in the file's spelling. */
function spell(style: KeyStyle, field: string): string {
  return style === 'lower' ? field.toLowerCase() : style === 'upper' ? field.toUpperCase() : field;
}

/** Per-line plan of the edit: lines to delete and lines to insert after each line (0: before the first). */
class LinePlan {
  readonly del: boolean[];
  readonly ins: string[][];
  constructor(readonly robots: RobotsTxt) {
    this.del = new Array<boolean>(robots.lineCount + 1).fill(false);
    this.ins = Array.from({ length: robots.lineCount + 1 }, () => []);
  }

  lineText(line: number): string {
    const { from, to } = this.robots.lines;
    return this.robots.text.slice(from[line - 1], to[line - 1]);
  }

  /** The edits, one per run of touched lines, in ascending order. */
  edits(eol: string): TextEdit[] {
    const n = this.robots.lineCount;
    const { from, to } = this.robots.lines;
    const touched = (k: number) => this.del[k]! || this.ins[k]!.length > 0;
    const out: TextEdit[] = [];
    const before = this.ins[0]!;
    if (before.length && !touched(1)) out.push({ from: 0, to: 0, insert: before.join(eol) + eol });
    let i = 1;
    while (i <= n) {
      if (!touched(i)) {
        i++;
        continue;
      }
      const a = i;
      while (i + 1 <= n && touched(i + 1)) i++;
      const b = i;
      const lines: string[] = a === 1 ? [...before] : [];
      for (let k = a; k <= b; k++) {
        if (!this.del[k]) lines.push(this.lineText(k));
        pushAll(lines, this.ins[k]!);
      }
      let start = from[a - 1]!;
      let end = to[b - 1]!;
      if (lines.length === 0) {
        // The whole run goes: take one line break with it.
        if (b < n) end = from[b]!;
        else if (a > 1) start = to[a - 2]!;
      }
      out.push({ from: start, to: end, insert: lines.join(eol) });
      i = b + 1;
    }
    return out;
  }
}

/** Where new groups go: after the last line that is not blank, unless the file ends in user-agent lines with no rules (they would join them). */
function insertionLine(robots: RobotsTxt, plan: LinePlan, reusedGroups: ReadonlySet<number>): number {
  let last = robots.lineCount;
  const kind = robots.lines.kind;
  while (last > 0 && (kind[last - 1] === LineKind.Blank || plan.del[last])) last--;
  const lastGroup = robots.groups[robots.groups.length - 1];
  // A last group without rules would take in user-agent lines added after it: insert before it.
  if (lastGroup && lastGroup.rules.length === 0 && !reusedGroups.has(lastGroup.index) && groupLines(robots, lastGroup).some((l) => !plan.del[l])) {
    return lastGroup.firstLine - 1;
  }
  return last;
}

/** The lines of a group's span that belong to it (comments and blank lines excluded). */
function groupLines(robots: RobotsTxt, g: Group): number[] {
  const out: number[] = [];
  for (let l = g.firstLine; l <= g.lastLine; l++) {
    const k = robots.lines.kind[l - 1];
    if (robots.lines.group[l - 1] === g.index && k !== LineKind.Comment && k !== LineKind.Blank) out.push(l);
  }
  return out;
}

const isRuleKind = (k: number) => k === LineKind.Allow || k === LineKind.Disallow || k === LineKind.EmptyRule;

// A group may hold tens of thousands of lines: spreading them into a call's arguments can exceed
// the stack (RangeError), so lines are added and compared one at a time.
function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** The last line of a group's user-agent lines. */
function lastLine(agents: readonly { readonly line: number }[]): number {
  let last = 0;
  for (const a of agents) if (a.line > last) last = a.line;
  return last;
}

/** The rules of a group as written: each rule line with what it says. */
function groupRules(robots: RobotsTxt, g: Group): FileRule[] {
  return g.rules.map((r) => ({ line: r.line, allow: r.allow, value: r.value }));
}

/** The lines of a group's span holding a preference line this policy writes (replaced by the new ones). */
function signalLines(robots: RobotsTxt, g: Group, policy: AiPolicy): number[] {
  return groupLines(robots, g).filter((l) => {
    if (robots.lines.kind[l - 1] !== LineKind.IgnoredField) return false;
    const from = robots.lines.from[l - 1]!;
    return isSignalKey(robots.text.slice(from + robots.lines.keyFrom[l - 1]!, from + robots.lines.keyTo[l - 1]!), policy);
  });
}

// Notes that describe an edit: none of them is true of a file the policy leaves as it is.
const EDIT_NOTES: ReadonlySet<PolicyNote['code']> = new Set<PolicyNote['code']>([
  'carried-rules', 'kept-rules', 'dropped-allow', 'dropped-rules', 'sharpened', 'reused-group', 'left-group', 'signal-written', 'usage-written', 'google-untouched',
]);

/**
 * Composes the edit that makes the file say `policy` for AI crawlers: a crawler's group is reused
 * when every name in it gets the same rules (its lines rewritten only where the rules change, in
 * the file's own spelling), a crawler leaves a group it shares with others, and crawlers with the
 * same new rules share one new group. Paths to block are added to the rules a crawler follows now
 * (its own group's, kept unless the policy overrides them; else the * group's); every own rule the
 * edit drops or replaces is listed. Pure; never throws.
 */
export function composeAiPolicy(text: string, policy: AiPolicy, crawlers: readonly CrawlerProfile[] = POLICY_CRAWLERS): ComposedPolicy {
  const robots = parseRobotsTxt(text);
  const targets = policyTargets(policy, crawlers);
  const notes: PolicyNote[] = [];
  const plan = new LinePlan(robots);
  const eol = lineBreak(robots);
  const style = keyStyle(robots);
  const ruleText = (r: RuleSpec) => `${spell(style, r.allow ? 'Allow' : 'Disallow')}:${r.value === '' ? '' : ` ${r.value}`}`;
  const byId = new Map(crawlers.map((c) => [c.id, c]));
  const targeted = [...targets.keys()].map((id) => byId.get(id)!);

  // Which targeted crawlers each group names, and so the rules each follows now: those of the groups
  // naming it (the owner's rules for it, kept unless the policy overrides them), else the * groups'.
  const named = robots.groups.map((g) => g.agents.map((a) => ({ line: a.line, crawler: targeted.find((c) => agentNames(a.token, a.value, c)) ?? null })));
  const ownGroups = new Map<string, number[]>();
  for (const g of robots.groups) {
    for (const a of named[g.index]!) {
      if (a.crawler === null) continue;
      const list = ownGroups.get(a.crawler.id) ?? [];
      if (!list.includes(g.index)) list.push(g.index);
      ownGroups.set(a.crawler.id, list);
    }
  }
  const starRules = robots.globalGroups.flatMap((i) => groupRules(robots, robots.groups[i]!));
  const baseOf = (id: string): BaseRules => {
    const own = ownGroups.get(id);
    return own ? { rules: own.flatMap((i) => groupRules(robots, robots.groups[i]!)), own: true } : { rules: starRules, own: false };
  };

  // Rules per crawler (once per choice and base); crawlers with the same rules share a group.
  const byChoice = new Map<string, RuleLines & { readonly key: string; readonly own: boolean }>();
  const rulesOf = new Map<string, RuleLines & { readonly key: string; readonly own: boolean }>();
  for (const c of targeted) {
    const choice = targets.get(c.id)!;
    const k = `${JSON.stringify(choice)}|${ownGroups.get(c.id)?.join(',') ?? '*'}`;
    let r = byChoice.get(k);
    if (!r) {
      const base = baseOf(c.id);
      const lines = ruleLinesFor(choice, base);
      byChoice.set(k, (r = { ...lines, own: base.own, key: lines.rules.map((x) => `${x.allow ? 'a' : 'd'}${x.value}`).join('\n') }));
    }
    rulesOf.set(c.id, r);
  }
  const keyOf = (id: string) => rulesOf.get(id)!.key;

  // The preference lines (Content-Signal, Content-Usage): in the * group and in every group written
  // or kept here that lets its crawlers fetch something (attach-05 §3.1: none apply elsewhere).
  const preference: string[] = [];
  if (policy.contentSignal) {
    const value = contentSignalValue(policy);
    if (value) {
      preference.push(`Content-Signal: ${value}`);
      notes.push({ code: 'signal-written', crawlers: [], lines: [], detail: value });
    }
  }
  if (policy.contentUsage) {
    const usage = contentUsageLines(policy);
    preference.push(...usage.map((u) => `Content-Usage: ${u}`));
    if (usage.length) notes.push({ code: 'usage-written', crawlers: [], lines: [], detail: usage.join('; ') });
  }
  // A group gets the preference lines for what it lets its crawlers fetch: a statement for a path
  // the group blocks would never apply (and be reported so).
  const preferenceFor = (rules: readonly { allow: boolean; value: string }[]): string[] => {
    const specs = rules.map((r, i) => ({ line: i + 1, allow: r.allow, value: r.value, pattern: escapePattern(r.value) }));
    return preference.filter((line) => {
      const value = line.slice(line.indexOf(':') + 1).trim();
      const path = line.startsWith('Content-Usage') && value.startsWith('/') ? value.slice(0, value.search(/[ \t]/)) : '';
      return blockedEverywhere(specs, path) === 0;
    });
  };

  // What became of the rules each crawler followed: one note per code and set of lines, naming every
  // crawler it is about; each own rule no longer in its rules listed with why.
  const carriedNotes = new Map<string, { code: PolicyNote['code']; crawlers: string[]; lines: readonly number[] }>();
  const dropped = new Map<number, { why: DroppedRule['why']; crawlers: string[] }>();
  for (const c of targeted) {
    const r = rulesOf.get(c.id)!;
    for (const [code, lines] of [[r.own ? 'kept-rules' : 'carried-rules', r.carried], ['dropped-allow', r.dropped], ['sharpened', r.sharpened]] as const) {
      if (lines.length === 0) continue;
      const k = `${code}:${lines.join(',')}`;
      const note = carriedNotes.get(k);
      if (note) note.crawlers.push(c.id);
      else carriedNotes.set(k, { code, crawlers: [c.id], lines });
    }
    if (!r.own) continue;
    const mode = targets.get(c.id)!.mode;
    const kept = new Set(r.rules.map((x) => `${x.allow ? 'a' : 'd'}${x.value}`));
    for (const rule of baseOf(c.id).rules) {
      if (kept.has(`${rule.allow ? 'a' : 'd'}${rule.value}`)) continue;
      const entry = dropped.get(rule.line) ?? { why: mode === 'block' ? 'blocked-everywhere' : mode === 'allow' ? 'follows-star' : 'inside-blocked-path', crawlers: [] };
      entry.crawlers.push(c.id);
      dropped.set(rule.line, entry);
    }
  }

  const placed = new Set<string>();
  const reused: number[] = [];
  const reusedGroups = new Set<number>();
  const left: { line: number; id: string }[] = [];
  for (const g of robots.groups) {
    const agents = named[g.index]!;
    const moving = agents.filter((a) => a.crawler !== null);
    if (moving.length === 0) continue;
    const ruleSets = new Set(moving.map((a) => keyOf(a.crawler!.id)));
    const allOurs = moving.length === agents.length;
    const key = [...ruleSets][0]!;
    const fresh = moving.every((a) => !placed.has(a.crawler!.id));
    if (allOurs && ruleSets.size === 1 && key !== '' && fresh) {
      // Reuse: the group keeps its names, comments, spelling and other fields; only the rules the
      // policy changes are rewritten (a rule it keeps stays as written, case and all).
      const wanted = rulesOf.get(moving[0]!.crawler!.id)!.rules;
      const existing = groupRules(robots, g);
      const kept = new Set<number>();
      let anchor = lastLine(agents);
      let changed = false;
      for (const w of wanted) {
        const have = existing.find((e) => !kept.has(e.line) && e.allow === w.allow && e.value === w.value);
        if (have) {
          kept.add(have.line);
          anchor = Math.max(anchor, have.line);
        } else {
          plan.ins[anchor]!.push(ruleText(w));
          changed = true;
        }
      }
      for (const l of groupLines(robots, g)) {
        if (isRuleKind(robots.lines.kind[l - 1]!) && !kept.has(l)) {
          plan.del[l] = true;
          changed = true;
        }
      }
      const stated = wanted.length > 0 ? preferenceFor(wanted) : [];
      if (stated.length) {
        for (const l of signalLines(robots, g, policy)) plan.del[l] = true;
        plan.ins[lastLine(agents)]!.unshift(...stated);
        changed = true;
      }
      for (const a of moving) placed.add(a.crawler!.id);
      if (changed) reused.push(g.firstLine);
      reusedGroups.add(g.index);
      continue;
    }
    if (allOurs) {
      // Every name leaves: the whole group goes (its comments stay), and with it the blank line that
      // set it apart, where one is left before it (no doubled blank lines).
      for (const l of groupLines(robots, g)) plan.del[l] = true;
      const kind = robots.lines.kind;
      let whole = true;
      for (let l = g.firstLine; l <= g.lastLine; l++) if (!plan.del[l] && kind[l - 1] !== LineKind.Blank) whole = false;
      const after = g.lastLine + 1;
      const before = g.firstLine - 1;
      if (whole && after <= robots.lineCount && kind[after - 1] === LineKind.Blank && (before === 0 || kind[before - 1] === LineKind.Blank)) plan.del[after] = true;
    } else {
      for (const a of moving) plan.del[a.line] = true;
    }
    for (const a of moving) left.push({ line: a.line, id: a.crawler!.id });
  }
  pushAll(notes, [...carriedNotes.values()]);
  if (reused.length) notes.push({ code: 'reused-group', crawlers: [], lines: reused });
  if (left.length) notes.push({ code: 'left-group', crawlers: [...new Set(left.map((l) => l.id))], lines: left.map((l) => l.line) });

  // New groups for the crawlers not placed, one per set of rules, in the crawlers' order.
  const groupsToAdd = new Map<string, CrawlerProfile[]>();
  for (const c of targeted) {
    if (placed.has(c.id) || keyOf(c.id) === '') continue;
    const k = keyOf(c.id);
    groupsToAdd.set(k, [...(groupsToAdd.get(k) ?? []), c]);
  }
  const added: string[] = [];
  for (const cs of groupsToAdd.values()) {
    const rules = rulesOf.get(cs[0]!.id)!.rules;
    added.push('', ...cs.map((c) => `${spell(style, 'User-agent')}: ${writtenName(c)}`), ...preferenceFor(rules), ...rules.map(ruleText));
  }

  // The preference lines in the first `*` group (or a `*` group of their own).
  if (preference.length) {
    const star = robots.globalGroups[0];
    if (star !== undefined) {
      const g = robots.groups[star]!;
      const stated = preferenceFor(robots.globalGroups.flatMap((i) => groupRules(robots, robots.groups[i]!)));
      for (const l of signalLines(robots, g, policy)) plan.del[l] = true;
      pushAll(plan.ins[lastLine(g.agents)]!, stated);
    } else {
      // `Allow: /` changes no verdict and ends the group, so no user-agent line after it joins it.
      added.push('', `${spell(style, 'User-agent')}: *`, ...preference, ruleText({ allow: true, value: '/' }));
    }
  }
  if (added.length) {
    const at = insertionLine(robots, plan, reusedGroups);
    const beforeAgents = at < robots.lineCount && robots.lines.kind[at] === LineKind.UserAgent;
    const body = at === 0 ? added.slice(1) : added;
    const block = beforeAgents ? [...body, ''] : body;
    pushAll(plan.ins[at]!, block);
  }

  const unnameable = targeted.filter((c) => !nameableByGoogle(c)).map((c) => c.id);
  if (unnameable.length) notes.push({ code: 'unnameable', crawlers: unnameable, lines: [] });
  const mayIgnore = targeted.filter((c) => c.caveat && targets.get(c.id)!.mode !== 'allow').map((c) => c.id);
  if (mayIgnore.length) notes.push({ code: 'may-ignore', crawlers: mayIgnore, lines: [] });
  const control = targeted.filter((c) => c.controlToken).map((c) => c.id);
  if (control.length) notes.push({ code: 'control-tokens', crawlers: control, lines: [] });
  for (const c of targeted) {
    const ch = targets.get(c.id)!;
    if (ch.mode === 'paths' && ch.paths!.length === 0) notes.push({ code: 'empty-paths', crawlers: [c.id], lines: [] });
  }
  // Agents no line can name, among the purposes chosen: said, with how they identify themselves.
  for (const a of TOKENLESS_AGENTS) {
    if (a.purpose !== undefined && sets(policy.purposes[a.purpose])) notes.push({ code: 'no-token', crawlers: [a.id], lines: [], ...(a.tokenless ? { identity: a.tokenless } : {}) });
  }
  const leftOut = crawlers.filter((c) => c.source === 'directory' && c.purpose !== undefined && !policy.overrides?.[c.id] && sets(policy.purposes[c.purpose])).map((c) => c.id);
  if (leftOut.length) notes.push({ code: 'directory-left-out', crawlers: leftOut, lines: [] });
  const droppedRules: DroppedRule[] = [...dropped].sort((a, b) => a[0] - b[0]).map(([line, d]) => ({ line, text: plan.lineText(line), crawlers: d.crawlers, why: d.why }));
  if (droppedRules.length) notes.push({ code: 'dropped-rules', crawlers: [...new Set(droppedRules.flatMap((d) => d.crawlers))], lines: droppedRules.map((d) => d.line) });
  notes.push({ code: 'google-untouched', crawlers: [], lines: [] });

  const edits = plan.edits(eol);
  let out = '';
  let pos = 0;
  for (const e of edits) {
    out += text.slice(pos, e.from) + e.insert;
    pos = e.to;
  }
  out += text.slice(pos);
  // A file that already says this gets that one note, not notes about an edit it does not need.
  if (out === text) return { edits: [], text, notes: [{ code: 'no-change', crawlers: [], lines: [] }, ...notes.filter((n) => !EDIT_NOTES.has(n.code))], targets, dropped: [] };
  // Google reads only the first 500 KiB: what the edit puts past it does not count.
  const bytes = utf8Length(out);
  if (bytes > MAX_ROBOTS_BYTES) notes.unshift({ code: 'over-limit', crawlers: [], lines: [], detail: String(bytes) });
  return { edits, text: out, notes, targets, dropped: droppedRules };
}
