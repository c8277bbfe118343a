/**
 * `robots-txt-tester ai-policy`: composes the AI access policy's edit of a robots.txt, prints its
 * diff (or writes the file) with the composer's notes, and the engine's check of the result.
 */
import {
  AI_CRAWLERS, checkAiPolicy, DIRECTORY_CRAWLERS, composeAiPolicy, diffRows, droppedArgs, failureArgs, formatIcu, knownCrawlerName, noteArgs, outcomeArgs, planPolicyEnforcement,
  POLICY_CRAWLERS, policyMessages, policyTargets, serverMessages, serverNoteArgs, serverRules, SERVER_KINDS,
  type AiPolicy, type AiPurpose, type PolicyCheck, type PolicyChoice, type ServerExport, type ServerKind,
} from '../robots/index.js';
import { terminalText } from './terminal.js';

/** A command-line choice: keep | allow | block | a comma-separated path list (block those paths). */
export function parseChoice(value: string): PolicyChoice | null {
  const v = value.trim();
  if (v === 'keep' || v === 'allow' || v === 'block') return { mode: v };
  if (v.startsWith('/') || v.startsWith('*')) return { mode: 'paths', paths: v.split(',').map((p) => p.trim()).filter(Boolean) };
  return null;
}

/** The policy from the command line's values; a message for the first bad one. */
export function policyFrom(values: Readonly<Record<string, unknown>>): AiPolicy | string {
  const purposes: Partial<Record<AiPurpose, PolicyChoice>> = {};
  // One purpose model with the tab: training includes the training-control tokens.
  const flags: [string, AiPurpose][] = [['train', 'training'], ['search', 'search'], ['user', 'user']];
  for (const [flag, purpose] of flags) {
    const raw = values[flag];
    if (typeof raw !== 'string') continue;
    const choice = parseChoice(raw);
    if (!choice) return `--${flag} takes keep, allow, block or paths (/a/,/b/), not ${JSON.stringify(raw)}`;
    purposes[purpose] = choice;
  }
  const overrides: Record<string, PolicyChoice> = {};
  if (typeof values.control === 'string') {
    const choice = parseChoice(values.control);
    if (!choice) return `--control takes keep, allow, block or paths (/a/,/b/), not ${JSON.stringify(values.control)}`;
    for (const c of AI_CRAWLERS) if (c.controlToken) overrides[c.id] = choice;
  }
  for (const o of (values.override as string[] | undefined) ?? []) {
    const eq = o.indexOf('=');
    const id = eq < 0 ? '' : o.slice(0, eq);
    const choice = eq < 0 ? null : parseChoice(o.slice(eq + 1));
    // Any crawler a policy may write: an AI profile, or a name only a directory lists (written only when named here).
    if (!choice || !POLICY_CRAWLERS.some((c) => c.id === id)) return `--override takes <AI crawler id>=<keep|allow|block|/paths>, not ${JSON.stringify(o)}`;
    overrides[id] = choice;
  }
  if (Object.keys(purposes).length === 0 && Object.keys(overrides).length === 0) return 'say what AI crawlers may do: --train, --search, --user or --override';
  return { purposes, overrides, contentSignal: values['content-signal'] === true, contentUsage: values['content-usage'] === true };
}

/** The outcome of one run: the new text and everything the command prints. */
export interface PolicyRun {
  readonly text: string;
  readonly changed: boolean;
  readonly check: PolicyCheck;
  readonly report: string;
  readonly json: object;
}

const MESSAGES = policyMessages();
const say = (id: string, args: Record<string, string | number>) => formatIcu(MESSAGES[id]!, args);

/** Composes and checks a policy on `text`, worded for the terminal (English). */
export function runAiPolicy(text: string, policy: AiPolicy, urls: readonly string[], site?: string): PolicyRun {
  const composed = composeAiPolicy(text, policy);
  const check = checkAiPolicy(text, composed.text, composed.targets, urls, site ? { site } : {});
  const rows = diffRows(text, composed.edits, 2);
  const diff = rows.map((r) => (r.kind === 'gap' ? `@@ ${r.line} unchanged line${r.line === 1 ? '' : 's'} @@` : `${r.kind === 'add' ? '+' : r.kind === 'del' ? '-' : ' '} ${r.text}`));
  const notes = composed.notes.map((n) => say('policy.note', noteArgs(n, knownCrawlerName)));
  const dropped = composed.dropped.map((d) => say('policy.dropped', droppedArgs(d, knownCrawlerName)));
  const outcome = say('policy.outcome', outcomeArgs(check));
  const failures = check.failures.map((f) => say('policy.failure', failureArgs(f, knownCrawlerName)));
  const report = terminalText([
    ...diff, ...(diff.length ? [''] : []), ...notes.map((n) => `note: ${n}`), ...dropped.map((d) => `dropped: ${d}`), '', outcome, ...failures.map((f) => `  ${f}`),
  ]);
  const json = {
    changed: composed.text !== text, text: composed.text, edits: composed.edits, diff: rows, notes: composed.notes.map((n, i) => ({ ...n, text: notes[i] })),
    dropped: composed.dropped.map((d, i) => ({ ...d, message: dropped[i] })),
    check: { ok: check.ok, urls: check.urls, checks: check.checks, rows: check.rows, failures: check.failures.map((f, i) => ({ ...f, text: failures[i] })) },
  };
  return { text: composed.text, changed: composed.text !== text, check, report, json };
}

/** Every AI crawler profile id, for --all-ai. */
export const AI_PROFILE_IDS: readonly string[] = AI_CRAWLERS.map((c) => c.id);

/** A `--server` value as a server the export writes for, or null. */
export function serverFrom(value: string): ServerKind | null {
  return (SERVER_KINDS as readonly string[]).includes(value) ? (value as ServerKind) : null;
}

/** The server rules of one run: the export, its notes worded for the terminal, and its JSON. */
export interface ServerRun {
  readonly exported: ServerExport;
  readonly notes: readonly string[];
  readonly json: object;
}

const SERVER_MESSAGES = serverMessages();

/** `server`'s rules for `policy` enforced on `newText` (the file the policy makes), refusing with `status`. */
export function runServerExport(newText: string, policy: AiPolicy, server: ServerKind, status: number): ServerRun {
  const exported = serverRules(planPolicyEnforcement(newText, policyTargets(policy)), server, { status });
  const notes = exported.notes.map((n) => formatIcu(SERVER_MESSAGES['server.note']!, serverNoteArgs(n, knownCrawlerName, exported.status)));
  const json = { server, status: exported.status, fileName: exported.fileName, text: exported.text, notes: exported.notes.map((n, i) => ({ ...n, text: notes[i] })) };
  return { exported, notes, json };
}

/** The ids of the names only a directory lists, which --override alone writes. */
export const DIRECTORY_PROFILE_IDS: readonly string[] = DIRECTORY_CRAWLERS.map((c) => c.id);
