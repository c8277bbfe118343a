/**
 * A parse's groups and their rules, read from the line table: a group's rules become objects when
 * first asked for, and until then a check finds the few that may match a path in the table itself.
 */
import { FieldKey, LineFlag, LineKind, type Agent, type Group, type LineTable, type Rule } from './model.js';
import { escapePattern } from './pattern.js';

/** Where a parse's rules are read from: its text, its line table, and the values a byte limit cut. */
export interface RuleSource {
  readonly text: string;
  readonly lines: LineTable;
  /** The values of rule lines a byte limit cut (the line table cannot give them back), by line. */
  readonly cutValues: ReadonlyMap<number, string> | null;
}

/**
 * A group of a parse, whose rules are read from the parse's line table when first asked for, then
 * kept (or given at once). A class, not a literal with a getter: a big file has thousands of groups,
 * and a literal's getter made each cost a closure and a slow definition.
 */
export class ParsedGroup implements Group {
  #rules: readonly Rule[] | null;
  // Let go once read: a group that later parses of the document share keeps no old text alive.
  #source: RuleSource | null;

  constructor(
    readonly index: number,
    readonly agents: readonly Agent[],
    readonly ruleCount: number,
    readonly firstLine: number,
    readonly lastLine: number,
    readonly global: boolean,
    from: RuleSource | readonly Rule[],
  ) {
    this.#rules = Array.isArray(from) ? from : null;
    this.#source = Array.isArray(from) ? null : (from as RuleSource);
  }

  get rules(): readonly Rule[] {
    if (this.#rules === null) {
      this.#rules = readGroupRules(this.#source!, this.index, this.firstLine, this.lastLine);
      this.#source = null;
    }
    return this.#rules;
  }

  /**
   * The rules that may match `path` (the others cannot, by their literal start), in line order.
   * Until the group's rules are read, found in the line table: a first check makes objects only
   * for these few.
   */
  rulesThatMayMatch(path: string): readonly Rule[] {
    return this.#rules === null ? tableRulesThatMayMatch(this.#source!, this.index, this.firstLine, this.lastLine, path) : rulesThatMayMatch(this.#rules, path);
  }

  /** The group as plain data, its rules included (they are not an own property). */
  toJSON(): Group {
    const { index, agents, rules, ruleCount, firstLine, lastLine, global } = this;
    return { index, agents, rules, ruleCount, firstLine, lastLine, global };
  }
}

/** `g` with `rules` in place of its own (same span, agents and count): a group a keystroke edited. */
export function groupWithRules(g: Group, rules: readonly Rule[]): Group {
  return new ParsedGroup(g.index, g.agents, g.ruleCount, g.firstLine, g.lastLine, g.global, rules);
}

/** The rules of a group that may match `path` (see ParsedGroup.rulesThatMayMatch), for any group. */
export function groupRulesThatMayMatch(g: Group, path: string): readonly Rule[] {
  return g instanceof ParsedGroup ? g.rulesThatMayMatch(path) : rulesThatMayMatch(g.rules, path);
}

function isRuleKind(kind: number): boolean {
  return kind === LineKind.Allow || kind === LineKind.Disallow || kind === LineKind.EmptyRule;
}

/** The rule on line table row `i` (a rule line), of group `index`. */
function readRule(source: RuleSource, i: number, index: number): Rule {
  const { text, lines: L, cutValues } = source;
  const from = L.from[i]!;
  const value = cutValues?.get(i + 1) ?? text.slice(from + L.valueFrom[i]!, from + L.valueTo[i]!);
  // The Escaped flag says whether the scan found anything to normalise.
  const pattern = L.flags[i]! & LineFlag.Escaped ? escapePattern(value) : value;
  return { line: i + 1, allow: L.field[i] === FieldKey.Allow, value, pattern, group: index };
}

/** The rules of group `index`, whose span is lines `first`–`last`, as the line table records them. */
function readGroupRules(source: RuleSource, index: number, first: number, last: number): Rule[] {
  const kinds = source.lines.kind;
  const rules: Rule[] = [];
  for (let i = first - 1; i < last; i++) if (isRuleKind(kinds[i]!)) rules.push(readRule(source, i, index));
  return rules;
}

/** rulesThatMayMatch over the group's rule lines in the table, made into rules only when they may. */
function tableRulesThatMayMatch(source: RuleSource, index: number, first: number, last: number, path: string): Rule[] {
  const { text, cutValues } = source;
  // The table's columns held apart: a first check runs this loop before it is optimised, where
  // each property read is a call.
  const { kind: kinds, flags, from: froms, valueFrom, valueTo, field } = source.lines;
  const left: Rule[] = [];
  // The next `/index.htm` in the text, found natively and kept until passed (-2: not looked for yet).
  let indexHtml = -2;
  for (let i = first - 1; i < last; i++) {
    const kind = kinds[i]!;
    if (kind !== LineKind.Allow && kind !== LineKind.Disallow && kind !== LineKind.EmptyRule) continue;
    // A value normalised or cut is read whole; a plain one is its own pattern, read in the text.
    if ((flags[i]! & LineFlag.Escaped) !== 0 || (cutValues !== null && cutValues.has(i + 1))) {
      const rule = readRule(source, i, index);
      if (patternMayMatch(rule, path)) left.push(rule);
      continue;
    }
    const start = froms[i]!;
    const from = start + valueFrom[i]!;
    const to = start + valueTo[i]!;
    let may = literalStartMatches(text, from, to, path) && anchoredEndMatches(text, from, to, path);
    if (!may && field[i] === FieldKey.Allow) {
      if (indexHtml === -2 || (indexHtml !== -1 && indexHtml < from)) indexHtml = text.indexOf(INDEX_HTML, from);
      may = indexHtml !== -1 && indexHtml + INDEX_HTML.length <= to;
    }
    if (may) left.push(readRule(source, i, index));
  }
  return left;
}

/** The rules of `rules` that may match `path`, in their order. */
function rulesThatMayMatch(rules: readonly Rule[], path: string): Rule[] {
  const left: Rule[] = [];
  for (let i = 0; i < rules.length; i++) if (patternMayMatch(rules[i]!, path)) left.push(rules[i]!);
  return left;
}

// Google-specific: `Allow: /dir/index.html` also allows `/dir/` (`…/$`), whatever the path's start.
const INDEX_HTML = '/index.htm';

/**
 * Whether `rule` may match `path`: by its pattern's literal start and anchored end, or as an allow
 * naming an index.html page (always tested).
 */
function patternMayMatch(rule: Rule, path: string): boolean {
  const pattern = rule.pattern;
  const n = pattern.length;
  return (literalStartMatches(pattern, 0, n, path) && anchoredEndMatches(pattern, 0, n, path)) || (rule.allow && pattern.indexOf(INDEX_HTML) >= 0);
}

/**
 * Whether `path` starts with the literal part of the pattern `s[from, to)` before its first `*`
 * (a final `$` aside): a pattern can match no path that does not.
 */
function literalStartMatches(s: string, from: number, to: number, path: string): boolean {
  const end = to > from && s.charCodeAt(to - 1) === 0x24 ? to - 1 : to;
  for (let i = from, k = 0; i < end; i++, k++) {
    const c = s.charCodeAt(i);
    if (c === 0x2a) return true;
    // Past the path's end charCodeAt is NaN: no match.
    if (c !== path.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Whether `path` ends with the literal part of the pattern `s[from, to)` after its last `*`, when
 * the pattern ends with `$` (it must match the path's end): `/*.pdf$` cannot match `/a.html`.
 */
function anchoredEndMatches(s: string, from: number, to: number, path: string): boolean {
  if (to === from || s.charCodeAt(to - 1) !== 0x24) return true;
  for (let i = to - 2, k = path.length - 1; i >= from; i--, k--) {
    const c = s.charCodeAt(i);
    if (c === 0x2a) return true;
    // Before the path's start charCodeAt is NaN: no match.
    if (c !== path.charCodeAt(k)) return false;
  }
  return true;
}
