/**
 * The AI access tab's state: the policy being composed (as the form holds it) and the worker's
 * latest answer for it, in a vanilla zustand store with pure transitions.
 */
import { createStore } from 'zustand/vanilla';
import type { AiPolicy, AiPurpose, PolicyChoice, PolicyMode, ServerKind } from '../robots/index.js';
import type { PolicyResult } from '../worker/index.js';

/** One choice as the form holds it: the mode, and the paths as typed (one per line). */
export interface ChoiceDraft {
  readonly mode: PolicyMode;
  readonly paths: string;
}

/** The form: a choice per purpose, per-crawler overrides, and the preference lines. */
export interface PolicyDraft {
  readonly purposes: Readonly<Record<AiPurpose, ChoiceDraft>>;
  readonly overrides: readonly (ChoiceDraft & { readonly id: string })[];
  readonly contentSignal: boolean;
  readonly contentUsage: boolean;
}

/** The purposes in the form's order. */
export const PURPOSES: readonly AiPurpose[] = ['training', 'search', 'user'];

const keep: ChoiceDraft = { mode: 'keep', paths: '' };

/** Every purpose left as it is: the form's starting point. */
export const EMPTY_DRAFT: PolicyDraft = {
  purposes: { training: keep, search: keep, user: keep }, overrides: [], contentSignal: false, contentUsage: false,
};

/** A purpose's mode. */
export function setPurposeMode(d: PolicyDraft, purpose: AiPurpose, mode: PolicyMode): PolicyDraft {
  return { ...d, purposes: { ...d.purposes, [purpose]: { ...d.purposes[purpose], mode } } };
}

/** A purpose's paths as typed. */
export function setPurposePaths(d: PolicyDraft, purpose: AiPurpose, paths: string): PolicyDraft {
  return { ...d, purposes: { ...d.purposes, [purpose]: { ...d.purposes[purpose], paths } } };
}

/** Adds (or moves to the end) an override for crawler `id`, blocking it by default. */
export function addOverride(d: PolicyDraft, id: string, mode: PolicyMode = 'block'): PolicyDraft {
  if (d.overrides.some((o) => o.id === id)) return d;
  return { ...d, overrides: [...d.overrides, { id, mode, paths: '' }] };
}

/** Changes override `id`'s mode or paths. */
export function setOverride(d: PolicyDraft, id: string, change: Partial<ChoiceDraft>): PolicyDraft {
  return { ...d, overrides: d.overrides.map((o) => (o.id === id ? { ...o, ...change } : o)) };
}

/** Removes override `id`. */
export function removeOverride(d: PolicyDraft, id: string): PolicyDraft {
  return { ...d, overrides: d.overrides.filter((o) => o.id !== id) };
}

/** Turns a preference line on or off. */
export function setSignal(d: PolicyDraft, which: 'contentSignal' | 'contentUsage', on: boolean): PolicyDraft {
  return { ...d, [which]: on };
}

/**
 * "No AI training, yes AI search and answers": training (the training-control tokens included)
 * blocked, search and answers as the rest of the site; fetches a user asks for stay as the owner
 * chose them (the preset changes only what its name says).
 */
export function noTrainingPreset(d: PolicyDraft): PolicyDraft {
  return {
    ...d,
    purposes: { ...d.purposes, training: { ...d.purposes.training, mode: 'block' }, search: { ...d.purposes.search, mode: 'allow' } },
  };
}

const choiceOf = (c: ChoiceDraft): PolicyChoice =>
  c.mode === 'paths' ? { mode: 'paths', paths: c.paths.split(/[\n,]/).map((p) => p.trim()).filter(Boolean) } : { mode: c.mode };

/** The policy the form says. */
export function draftPolicy(d: PolicyDraft): AiPolicy {
  const purposes: Partial<Record<AiPurpose, PolicyChoice>> = {};
  for (const p of PURPOSES) purposes[p] = choiceOf(d.purposes[p]);
  const overrides: Record<string, PolicyChoice> = {};
  for (const o of d.overrides) overrides[o.id] = choiceOf(o);
  return { purposes, overrides, contentSignal: d.contentSignal, contentUsage: d.contentUsage };
}

/** The enforcement export's choices: the server its rules are for, and the status refused requests get. */
export interface ExportChoice {
  readonly server: ServerKind;
  readonly status: number;
}

/** The export's starting point: nginx, refusing with 403. */
export const DEFAULT_EXPORT: ExportChoice = { server: 'nginx', status: 403 };

/** The export for `server`, the status kept. */
export function chooseServer(e: ExportChoice, server: ServerKind): ExportChoice {
  return { ...e, server };
}

/** The status as typed: taken when it is a 4xx (as `--status` takes it), else the choice stays as it was. */
export function chooseStatus(e: ExportChoice, typed: string): ExportChoice {
  // Three digits starting with 4: exactly the engine's isRefusalStatus, without importing the
  // export's module into the store (the store is on the first load; the export is not).
  return /^\s*4\d\d\s*$/.test(typed) ? { ...e, status: Number(typed.trim()) } : e;
}

/** The tab's store: the form, the worker's answer with the document revision it is for, and the export's choices. */
export interface PolicyState {
  readonly draft: PolicyDraft;
  readonly result: PolicyResult | null;
  readonly export: ExportChoice;
}

/** Creates the AI access tab's store. */
export function createPolicyStore() {
  return createStore<PolicyState>()(() => ({ draft: EMPTY_DRAFT, result: null, export: DEFAULT_EXPORT }));
}
