/**
 * Hover: Google's reading of the line, every finding on it (from the one catalogue) and, on a
 * group's lines, whom the group decides for: the agents it names and the crawler profiles that
 * follow it under Google's reading.
 */
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import { describeLine, LineKind, type CrawlerProfile, type Group } from '../../robots/index.js';
import type { RobotsDocument } from './document.js';
import { shownFindings } from './diagnostics.js';
import type { LspSettings } from './settings.js';

/** Text shown as written, never read as Markdown. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, '\\$&');
}

const SYMBOL = { 1: '⛔', 2: '⚠️', 3: 'ℹ️', 4: '💡' } as const;

/** At most this many profile names in a hover; the rest are counted. */
const NAMES_SHOWN = 12;

function names(profiles: readonly CrawlerProfile[]): string {
  const shown = profiles.slice(0, NAMES_SHOWN).map((c) => escapeMarkdown(c.name)).join(', ');
  const more = profiles.length - NAMES_SHOWN;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** Whom a group decides for: the agents it names, and the profiles that follow it. */
export function groupSentence(doc: RobotsDocument, group: Group): string {
  const agents = group.agents.map((a) => (a.global ? '`*`' : escapeMarkdown(a.token || a.value || '(none)')));
  const followers = doc.followersOf(group.index);
  const span = group.firstLine === group.lastLine ? `line ${group.firstLine}` : `lines ${group.firstLine}–${group.lastLine}`;
  const head = `**Group** (${span}) for ${agents.join(', ')}${group.global ? ': every crawler without a group of its own' : ''}.`;
  if (followers.length === 0) return `${head}\n\nNone of the tester’s crawler profiles follows this group under Google’s reading.`;
  return `${head}\n\nDecides for ${followers.length === 1 ? 'this crawler profile' : `these ${followers.length} crawler profiles`} under Google’s reading: ${names(followers)}.`;
}

/** The hover of the line under `position`, or null past the text or on a blank line. */
export function hoverAt(doc: RobotsDocument, settings: LspSettings, position: Position): Hover | null {
  const robots = doc.robots();
  const line = position.line + 1;
  if (line > robots.lineCount) return null;
  const info = describeLine(robots, line);
  if (info.kind === LineKind.Blank && info.text.trim() === '') {
    const onLine = shownFindings(doc, settings).filter(({ d }) => d.line === line);
    if (onLine.length === 0) return null;
  }
  const parts = [`**Line ${line}** — ${escapeMarkdown(info.reading)}`];
  for (const { d, severity } of shownFindings(doc, settings)) {
    if (d.line !== line) continue;
    parts.push(`${SYMBOL[severity]} **${escapeMarkdown(d.message)}** ${escapeMarkdown(d.google)}\n\n*${escapeMarkdown(d.hint)}* (\`${d.code}\`)`);
  }
  const g = robots.lines.group[line - 1]!;
  const group = g >= 0 ? robots.groups[g] : undefined;
  const decides = info.kind === LineKind.UserAgent || info.kind === LineKind.Allow || info.kind === LineKind.Disallow || info.kind === LineKind.EmptyRule;
  if (group && decides) parts.push(groupSentence(doc, group));
  return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') }, range: doc.lineRange(line) };
}

