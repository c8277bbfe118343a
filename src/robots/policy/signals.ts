/**
 * The preference lines a policy can also state. Content Signals (Cloudflare, contentsignals.org):
 * `Content-Signal: search=yes, ai-input=yes, ai-train=no` inside a group. The IETF AI-preferences
 * attachment, draft-ietf-aipref-attach-04 (28 October 2025): `Content-Usage: [path] label=y|n`, with
 * the labels of draft-ietf-aipref-vocab, which have changed four times since 2025 (`train-ai` has
 * stayed since -00, 2025): only `train-ai` is written. Re-check both drafts before relying on more.
 */
import type { AiPolicy, PolicyChoice } from './types.js';

const yesNo = (c: PolicyChoice | undefined): 'yes' | 'no' | null => (c?.mode === 'allow' ? 'yes' : c?.mode === 'block' ? 'no' : null);

/**
 * The Content-Signal value for a policy: search is always `yes` (the composer never touches search
 * engines' crawlers), ai-input follows "AI search and answers", ai-train follows "training".
 * Categories the policy leaves as they are, or blocks only in part, are not stated.
 */
export function contentSignalValue(policy: AiPolicy): string {
  const parts = ['search=yes'];
  const input = yesNo(policy.purposes.search);
  const train = yesNo(policy.purposes.training);
  if (input) parts.push(`ai-input=${input}`);
  if (train) parts.push(`ai-train=${train}`);
  return parts.length > 1 ? parts.join(', ') : '';
}

/** The Content-Usage values for a policy's training choice: whole-site, or one per blocked path. */
export function contentUsageLines(policy: AiPolicy): string[] {
  const train = policy.purposes.training;
  if (train?.mode === 'allow') return ['train-ai=y'];
  if (train?.mode === 'block') return ['train-ai=n'];
  if (train?.mode === 'paths') return (train.paths ?? []).filter((p) => p.trim() !== '').map((p) => `${p.trim()} train-ai=n`);
  return [];
}

/** Whether a field key is one of the preference lines this policy writes (so an old one is replaced). */
export function isSignalKey(key: string, policy: AiPolicy): boolean {
  const k = key.toLowerCase();
  return (k === 'content-signal' && !!policy.contentSignal) || (k === 'content-usage' && !!policy.contentUsage);
}
