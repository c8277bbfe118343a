/** The enforcement export's data: the plan every server's rules are written from, and what each export says. */
import type { CompiledPattern } from '../../google/index.js';

/** The web servers and services the export writes rules for. */
export type ServerKind = 'nginx' | 'apache' | 'caddy' | 'haproxy' | 'cloudflare';

/** Every server the export writes for, in the order the tab and the CLI list them. */
export const SERVER_KINDS: readonly ServerKind[] = ['nginx', 'apache', 'caddy', 'haproxy', 'cloudflare'];

/** One rule of the file as a server checks it: a first-match list of these reproduces Google's longest match. */
export interface EnforcedRule {
  readonly allow: boolean;
  /** The rule's line in the file. */
  readonly line: number;
  /** Its pattern as Google matches it (normalised, compiled); `…/$` for an index.html variant. */
  readonly compiled: CompiledPattern;
  /** True for the `…/$` variant of an `Allow: …/index.html` rule (Google-specific). */
  readonly indexHtml: boolean;
}

/** Crawlers the same groups decide for, and those groups' rules in the order a first-match server reads them. */
export interface EnforcedSet {
  /** A short name for the set, safe in every server's configuration (`a1`, `a2`…). */
  readonly id: string;
  /** Profile ids, in the crawler list's order. */
  readonly crawlers: readonly string[];
  /** The first line of each group that decides for them (the same rules in each). */
  readonly groupLines: readonly number[];
  /**
   * Longest pattern first, Allow before Disallow on a tie: the first that matches decides, and a
   * request none matches passes. Ends with a Disallow (an Allow after the last one decides nothing).
   */
  readonly rules: readonly EnforcedRule[];
}

/** Product tokens that send a request to one set (null: to none, the crawler is let through), matched in order. */
export interface AgentRun {
  readonly set: string | null;
  /** The tokens as the operators write them; matched in any case, as a whole word. */
  readonly tokens: readonly string[];
}

/** Something an export says about what it covers and what it cannot (worded by `server.note`). */
export interface ServerNote {
  readonly code:
    | 'covers' | 'nothing' | 'allowed-everywhere' | 'control-tokens' | 'no-token' | 'ignores-robots-txt' | 'unnameable'
    | 'may-ignore' | 'spoofing' | 'encoded-slash' | 'cloudflare-regex' | 'too-long';
  /** Profile ids the note is about. */
  readonly crawlers: readonly string[];
  /** A count the note gives (the rules for `covers`, characters for `too-long`). */
  readonly count?: number;
}

/** What the server rules are made of: the sets of rules, how a User-Agent picks one, and what is left out. */
export interface EnforcementPlan {
  readonly sets: readonly EnforcedSet[];
  /** In the order a server tries them: the first run whose token the User-Agent names decides. */
  readonly agents: readonly AgentRun[];
  /** The notes every export shares (what is covered, what cannot be). */
  readonly notes: readonly ServerNote[];
}

/** One server's rules: the text to paste, the file name to save it as, and what it covers and cannot. */
export interface ServerExport {
  readonly server: ServerKind;
  /** The status refused requests get. */
  readonly status: number;
  readonly text: string;
  readonly fileName: string;
  readonly notes: readonly ServerNote[];
}

/** What an export is made with: the status refused requests get (a 4xx; 403 when absent). */
export interface ServerOptions {
  readonly status?: number;
}
