/**
 * What an editor may set for the language server (initializationOptions, or the `robotsTxt`
 * section of the workspace configuration): how findings are shown, and the site the file is for.
 */
import { FINDING_CODES, PORTABILITY_CODES, type FindingCode, type Severity } from '../../robots/index.js';

/** How a kind of finding is shown: an LSP severity, or not at all. */
export type FindingLevel = 'error' | 'warning' | 'information' | 'hint' | 'off';

/** The server's settings. */
export interface LspSettings {
  /** How the other crawlers' parsers' notes (order, wildcards, blank lines…) are shown. */
  readonly otherParsers: FindingLevel;
  /** Per finding code: how it is shown, over everything else. */
  readonly codes: Readonly<Partial<Record<FindingCode, FindingLevel>>>;
  /** The site whose robots.txt this is (`https://example.com`): relative sitemaps get a repair. */
  readonly site: string | undefined;
}

/**
 * Google's findings at their own severity; the other parsers' notes off until asked for (on a real file they
 * outnumber Google's findings many times and would bury them).
 */
export const DEFAULT_SETTINGS: LspSettings = { otherParsers: 'off', codes: {}, site: undefined };

const LEVELS: readonly FindingLevel[] = ['error', 'warning', 'information', 'hint', 'off'];
const isLevel = (v: unknown): v is FindingLevel => typeof v === 'string' && (LEVELS as readonly string[]).includes(v);
const KNOWN = new Set<string>(FINDING_CODES);

/** Reads settings as an editor sends them; whatever cannot be read keeps its default. Never throws. */
export function readSettings(raw: unknown): LspSettings {
  if (raw === null || typeof raw !== 'object') return DEFAULT_SETTINGS;
  const r = raw as Record<string, unknown>;
  // Some clients send the whole configuration, others only the robotsTxt section.
  if (r['robotsTxt'] && typeof r['robotsTxt'] === 'object') return readSettings(r['robotsTxt']);
  const codes: Partial<Record<FindingCode, FindingLevel>> = {};
  if (r['codes'] && typeof r['codes'] === 'object') {
    for (const [code, level] of Object.entries(r['codes'] as Record<string, unknown>)) {
      if (KNOWN.has(code) && isLevel(level)) codes[code as FindingCode] = level;
    }
  }
  const site = typeof r['site'] === 'string' && r['site'].trim() !== '' ? r['site'].trim() : undefined;
  return { otherParsers: isLevel(r['otherParsers']) ? r['otherParsers'] : DEFAULT_SETTINGS.otherParsers, codes, site };
}

const FROM_SEVERITY: Readonly<Record<Severity, FindingLevel>> = { error: 'error', warning: 'warning', info: 'information' };

/** How a finding of `code` (of the engine's `severity`) is shown under `settings`. */
export function levelOf(settings: LspSettings, code: FindingCode, severity: Severity): FindingLevel {
  return settings.codes[code] ?? (PORTABILITY_CODES.has(code) ? settings.otherParsers : FROM_SEVERITY[severity]);
}
