/**
 * What the configurations say in their comments (English, as configuration files are): what the
 * rules enforce and cannot, where they go, and which robots.txt rule each line stands for.
 */
import { crawlerName } from '../../crawlers/index.js';
import { formatIcu } from '../../text/index.js';
import { serverMessages, serverNoteArgs } from './messages.js';
import type { EnforcedRule, EnforcedSet, ServerNote } from './types.js';

const WIDTH = 100;

/** `text` as `#` comment lines of at most WIDTH columns (a longer word stays whole). */
export function commentLines(text: string, indent = ''): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && indent.length + 2 + line.length + 1 + word.length > WIDTH) {
      out.push(`${indent}# ${line}`);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') out.push(`${indent}# ${line}`);
  return out;
}

/** The comment every configuration opens with: what it is, then each note. */
export function headerComment(serverName: string, notes: readonly ServerNote[], status: number): string[] {
  const messages = serverMessages();
  const lines = commentLines(`robots-txt-tester: AI crawlers refused at the server (${serverName}) where robots.txt blocks them. Generated from the file and the AI access policy: generate it again when either changes.`);
  for (const n of notes) lines.push(...commentLines(formatIcu(messages['server.note']!, serverNoteArgs(n, crawlerName, status))));
  return lines;
}

// Control characters shown as `\xHH`: a comment never carries them to a terminal or a file raw.
const printable = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** A set as its comment names it: its id, its crawlers, and the groups that decide. */
export function setTitle(s: EnforcedSet): string {
  const where = s.groupLines.length === 1 ? `the group at line ${s.groupLines[0]}` : `the groups at lines ${s.groupLines.join(', ')}`;
  return `${s.id}: ${s.crawlers.map(crawlerName).join(', ')} (${where})`;
}

/** A rule as its comment names it: the line as Google reads it (normalised), and where it is. */
export function ruleTitle(r: EnforcedRule): string {
  const variant = r.indexHtml ? ', its index.html variant' : '';
  return `${r.allow ? 'Allow' : 'Disallow'}: ${printable(r.compiled.pattern)} (line ${r.line}${variant})`;
}
