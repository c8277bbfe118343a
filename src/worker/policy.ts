/**
 * The AI access tab's work, as a pure function: the composer's edit of the text for a policy, its
 * preview, and the engine's check of the result.
 */
import { checkAiPolicy, composeAiPolicy, diffRows } from '../robots/index.js';
import type { PolicyRequest, PolicyResult } from './protocol.js';

/** Answers a PolicyRequest for `text`. Never throws for any text or policy. */
export function answerPolicy(req: Omit<PolicyRequest, 'text'>, text: string): PolicyResult {
  const composed = composeAiPolicy(text, req.policy);
  const check = checkAiPolicy(text, composed.text, composed.targets, req.urls, req.site ? { site: req.site } : {});
  return {
    type: 'policy', id: req.id, revision: req.revision, policy: req.policy, edits: composed.edits, diff: diffRows(text, composed.edits, 2), notes: composed.notes, dropped: composed.dropped, check,
  };
}
