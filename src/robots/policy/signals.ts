/**
 * The preference lines a policy can also state. Content Signals (Cloudflare, contentsignals.org):
 * `Content-Signal: search=yes, ai-input=yes, ai-train=no` inside a group. The IETF AI-preferences
 * attachment, draft-ietf-aipref-attach-05 (19 August 2026): `Content-Usage: [path] <statement>`,
 * the statement a Dictionary of draft-ietf-aipref-vocab-08 (14 September 2026): training is
 * `train-ai`, AI search and answers `ai-use` (input to a generative model the user did not hand
 * it); fetches a user asks for are outside both. Re-check both drafts before relying on more.
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

const yesNoToken = (c: PolicyChoice | undefined): 'y' | 'n' | null => (c?.mode === 'allow' ? 'y' : c?.mode === 'block' ? 'n' : null);

/**
 * The Content-Usage values for a policy (vocab-08 §6 statements, attach-05 §3 paths): one
 * whole-site statement, and one per blocked path. The longest path wins alone (attach-05 §3.1), so a
 * path's statement repeats the whole-site values it does not change. Paths are written
 * percent-encoded, as attach-05 asks of spaces.
 */
export function contentUsageLines(policy: AiPolicy): string[] {
  const categories: [string, PolicyChoice | undefined][] = [['train-ai', policy.purposes.training], ['ai-use', policy.purposes.search]];
  const whole = categories.map(([k, c]) => [k, yesNoToken(c)] as const);
  const out: string[] = [];
  const wholeStatement = whole.filter(([, v]) => v !== null).map(([k, v]) => `${k}=${v}`).join(', ');
  if (wholeStatement) out.push(wholeStatement);
  const paths = new Set<string>();
  for (const [, c] of categories) if (c?.mode === 'paths') for (const p of c.paths ?? []) if (p.trim() !== '') paths.add(p.trim());
  for (const p of paths) {
    const statement = categories.map(([k, c], i) => {
      const v = c?.mode === 'paths' && c.paths?.some((x) => x.trim() === p) ? 'n' : whole[i]![1];
      return v === null ? '' : `${k}=${v}`;
    }).filter(Boolean).join(', ');
    out.push(`${p.replace(/ /g, '%20').replace(/\t/g, '%09')} ${statement}`);
  }
  return out;
}

/** Whether a field key is one of the preference lines this policy writes (so an old one is replaced). */
export function isSignalKey(key: string, policy: AiPolicy): boolean {
  const k = key.toLowerCase();
  return (k === 'content-signal' && !!policy.contentSignal) || (k === 'content-usage' && !!policy.contentUsage);
}
