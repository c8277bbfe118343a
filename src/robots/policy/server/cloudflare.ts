/**
 * Cloudflare: one expression for a WAF custom rule (action Block, or a custom response with the
 * status). A first-match list is written as nested `and`/`or`/`not`: the first token run the
 * User-Agent names picks the set, and in it the first rule that matches decides. Paths are matched
 * with `starts_with`, `eq` and `strict wildcard` on `raw.http.request.uri` (path and query as sent,
 * case-sensitive); tokens with `matches` on `lower(http.user_agent)`.
 */
import { PatternShape, type CompiledPattern } from '../../google/index.js';
import { regexLiteral } from './regex.js';
import type { AgentRun, EnforcedSet, EnforcementPlan, ServerNote } from './types.js';

/** Cloudflare's limit on one rule's expression (Rules language: maximum rule expression length). */
export const CLOUDFLARE_MAX_EXPRESSION = 4096;

/** A Rules language string: `\` and `"` escaped. */
const str = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** A condition of the expression; `true`/`false` fold away as it is built. */
type Cond = boolean | { readonly op: 'atom'; readonly text: string } | { readonly op: 'and' | 'or'; readonly parts: readonly Cond[] } | { readonly op: 'not'; readonly part: Cond };

const atom = (text: string): Cond => ({ op: 'atom', text });
const or = (a: Cond, b: Cond): Cond => (a === true || b === true ? true : a === false ? b : b === false ? a : { op: 'or', parts: [a, b] });
const and = (a: Cond, b: Cond): Cond => (a === false || b === false ? false : a === true ? b : b === true ? a : { op: 'and', parts: [a, b] });
const not = (a: Cond): Cond => (typeof a === 'boolean' ? !a : { op: 'not', part: a });

// `not` binds before `and`, `and` before `or` (Rules language: order of precedence).
const RANK = { or: 0, and: 1, not: 2, atom: 3 } as const;

/** The condition as Rules language text, parenthesised only where precedence needs it. */
function render(c: Cond): string {
  if (typeof c === 'boolean') throw new Error('a constant condition is folded before rendering');
  const inner = (part: Cond, min: number) => {
    const text = render(part);
    return typeof part !== 'boolean' && RANK[part.op] < min ? `(${text})` : text;
  };
  if (c.op === 'atom') return c.text;
  if (c.op === 'not') return `not ${inner(c.part, RANK.atom)}`;
  return c.parts.map((p) => inner(p, RANK[c.op] + (p !== true && p !== false && p.op === c.op ? 0 : 1))).join(` ${c.op} `);
}

/** The condition for a request target that `c` matches. */
function pathCondition(c: CompiledPattern): Cond {
  const field = 'raw.http.request.uri';
  if (c.shape === PatternShape.Prefix) return c.prefix === '' || c.prefix === '/' ? true : atom(`starts_with(${field}, ${str(c.prefix)})`);
  if (c.shape === PatternShape.Exact) return atom(`${field} eq ${str(c.prefix)}`);
  // In a wildcard `*` is the only metacharacter and `\` escapes; robots.txt's pieces hold no `*`.
  const wild = (s: string) => s.replace(/\\/g, '\\\\');
  const glob = [c.prefix, ...c.segments].map(wild).join('*') + (c.anchored ? '' : '*');
  return atom(`${field} strict wildcard ${str(glob)}`);
}

/** Whether the set refuses a request: its rules as a first-match list. */
function setCondition(s: EnforcedSet): Cond {
  let out: Cond = false;
  for (let i = s.rules.length - 1; i >= 0; i--) {
    const r = s.rules[i]!;
    const m = pathCondition(r.compiled);
    out = r.allow ? and(not(m), out) : or(m, out);
  }
  return out;
}

/** The User-Agent condition for a run of tokens (lower-cased, as the field is). */
function agentCondition(run: AgentRun): Cond {
  const tokens = run.tokens.map((t) => regexLiteral(t.toLowerCase())).join('|');
  // Groups without `?:` (Rust's regex takes them, and every character counts against the limit).
  return atom(`lower(http.user_agent) matches ${str(`(^|[^a-z_-])(${tokens})([^a-z_-]|$)`)}`);
}

/**
 * The first token run the User-Agent names decides; two ways to write that, of which the shorter
 * is used: one chain over the runs, each with its set's rules (`byRun`), or for each set a chain
 * saying whether the User-Agent picks it, beside the set's rules once (`bySet`).
 */
function refusal(plan: EnforcementPlan): Cond {
  const sets = new Map(plan.sets.map((s) => [s.id, setCondition(s)]));
  const agents = plan.agents.map(agentCondition);
  let byRun: Cond = false;
  for (let i = plan.agents.length - 1; i >= 0; i--) {
    const set = plan.agents[i]!.set;
    byRun = or(and(agents[i]!, set === null ? false : sets.get(set)!), and(not(agents[i]!), byRun));
  }
  let bySet: Cond = false;
  for (const s of plan.sets) {
    let picked: Cond = false;
    for (let i = plan.agents.length - 1; i >= 0; i--) picked = plan.agents[i]!.set === s.id ? or(agents[i]!, picked) : and(not(agents[i]!), picked);
    bySet = or(bySet, and(picked, sets.get(s.id)!));
  }
  return typeof byRun === 'boolean' || typeof bySet === 'boolean' || render(byRun).length <= render(bySet).length ? byRun : bySet;
}

/**
 * The expression for `plan`, and its notes (the regex operator's plans, the length limit). The
 * status is the rule's action (Block, or a custom response), not part of the expression.
 */
export function cloudflareRules(plan: EnforcementPlan): { text: string; notes: readonly ServerNote[] } {
  const refused = refusal(plan);
  if (typeof refused === 'boolean') return { text: '', notes: plan.notes };
  const expression = render(and(not(atom('raw.http.request.uri.path eq "/robots.txt"')), refused));
  const notes: ServerNote[] = [...plan.notes, { code: 'cloudflare-regex', crawlers: [] }];
  if (expression.length > CLOUDFLARE_MAX_EXPRESSION) notes.push({ code: 'too-long', crawlers: [], count: expression.length });
  return { text: expression + '\n', notes };
}
