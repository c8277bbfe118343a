/** The AI access policy's data: what the owner chooses, what the composer writes, what the check finds. */
import type { AgentIdentity, AiPurpose } from '../crawlers/index.js';
import type { TextEdit } from '../text/index.js';

/** What a purpose (or one crawler) gets: left as it is, the rest of the site's rules, nothing, or all but some paths. */
export type PolicyMode = 'keep' | 'allow' | 'block' | 'paths';

/** One choice: a mode, and for `paths` the path patterns to block. */
export interface PolicyChoice {
  readonly mode: PolicyMode;
  readonly paths?: readonly string[];
}

/** What the owner wants AI crawlers to do: per purpose, per crawler (profile id), and the preference lines. */
export interface AiPolicy {
  readonly purposes: Partial<Readonly<Record<AiPurpose, PolicyChoice>>>;
  readonly overrides?: Readonly<Record<string, PolicyChoice>>;
  /** Also state the choice as Cloudflare's Content Signals (`Content-Signal:` in the `*` group). */
  readonly contentSignal?: boolean;
  /** Also state it as the IETF AI-preferences attachment (`Content-Usage:` in the `*` group). */
  readonly contentUsage?: boolean;
}

/** Something the composer wants the owner to know about the edit (worded by the catalogue). */
export interface PolicyNote {
  readonly code:
    | 'carried-rules' | 'dropped-allow' | 'sharpened' | 'unnameable' | 'may-ignore' | 'control-tokens' | 'google-untouched'
    | 'reused-group' | 'left-group' | 'no-change' | 'over-limit' | 'empty-paths' | 'signal-written' | 'usage-written'
    | 'kept-rules' | 'dropped-rules' | 'no-token' | 'directory-left-out';
  /** Profile ids the note is about. */
  readonly crawlers: readonly string[];
  /** Lines of the original file it is about (1-based). */
  readonly lines: readonly number[];
  readonly detail?: string;
  /** `no-token`: how the agent identifies itself instead. */
  readonly identity?: AgentIdentity;
}

/** A rule of the original file that no longer applies to crawlers it applied to, and why. */
export interface DroppedRule {
  /** Its line in the original file (1-based). */
  readonly line: number;
  /** The line as written. */
  readonly text: string;
  /** The crawlers (profile ids) it applied to. */
  readonly crawlers: readonly string[];
  /**
   * `blocked-everywhere`: `Disallow: /` replaces it; `follows-star`: the crawlers follow the `*` group
   * now; `inside-blocked-path`: an Allow inside a path they are now blocked from, which would reopen it.
   */
  readonly why: 'blocked-everywhere' | 'follows-star' | 'inside-blocked-path';
}

/** The composed edit: what changes, the new text, and what the owner should know. */
export interface ComposedPolicy {
  readonly edits: readonly TextEdit[];
  readonly text: string;
  readonly notes: readonly PolicyNote[];
  /** Each AI crawler's resolved choice (keep omitted). */
  readonly targets: ReadonlyMap<string, PolicyChoice>;
  /** Every rule of a crawler's own groups the edit drops or replaces, by line. */
  readonly dropped: readonly DroppedRule[];
}

/** One crawler × URL whose verdict after the edit is not the chosen one, or changed when it should not have. */
export interface PolicyFailure {
  readonly crawler: string;
  readonly url: string;
  readonly expected: boolean;
  readonly got: boolean;
  /** The deciding line in the new file (0: none). */
  readonly line: number;
  /** `policy`: an AI crawler off its choice; `collateral`: another crawler's verdict changed. */
  readonly kind: 'policy' | 'collateral';
}

/** One AI crawler's verdicts before and after, over the sample URLs. */
export interface PolicyRow {
  readonly crawler: string;
  readonly choice: PolicyChoice;
  readonly allowedBefore: number;
  readonly allowedAfter: number;
  /** URLs whose verdict changes. */
  readonly changed: number;
  /** Off the chosen verdict on some URL (a failure: Google can name the crawler). */
  readonly failed: number;
  /**
   * The sample URLs (indexes into the check's `urls`) where the crawler's verdict after the edit,
   * under Google's reading, is not the chosen one: the failures, and for a crawler Google cannot
   * name the URLs where the * group decides otherwise.
   */
  readonly differing: readonly number[];
  /** Google's parser cannot name this crawler: under Google's reading it follows `*` whatever the file says for it. */
  readonly unnameable: boolean;
}

/** The check's answer: ok only when no failure, with every targeted crawler's row. */
export interface PolicyCheck {
  readonly ok: boolean;
  readonly urls: readonly string[];
  readonly rows: readonly PolicyRow[];
  readonly failures: readonly PolicyFailure[];
  /** Crawlers × URLs checked (AI and others). */
  readonly checks: number;
}
