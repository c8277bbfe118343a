/**
 * Portability findings: lines whose meaning depends on the parser that reads them, where a rule
 * of the file says it plainly (order, blank lines, wildcards): the line table is read. Where the
 * other readers' own logic decides (which group a crawler gets), reader-reach.ts asks them.
 */
import { LineKind, type RobotsTxt } from '../google/index.js';
import { readerName, type ReaderId } from '../readers/index.js';
import type { FindingArgs, FindingCode } from './catalogue.js';
import { lineFix, type LineFix } from './repairs.js';

/** Adds one finding (line, columns, code, data, repair). */
export type AddFinding = (line: number, from: number, to: number, code: FindingCode, args: FindingArgs, fix?: LineFix | null) => void;

/** The readers' names, as a finding lists them. */
export const names = (readers: readonly ReaderId[]): string => readers.map(readerName).join(', ');

/** Every portability finding of a parsed file that its line table decides, pausing (yielding) between groups and in big ones. */
export function* diagnosePortability(robots: RobotsTxt, add: AddFinding): Generator<void, void, void> {
  const { lines: L, text } = robots;
  const lineText = (line: number) => text.slice(L.from[line - 1], L.to[line - 1]);
  const valueOf = (line: number) => lineText(line).slice(L.valueFrom[line - 1], L.valueTo[line - 1]);
  const valueSpan = (line: number): [number, number] => [L.valueFrom[line - 1]!, L.valueTo[line - 1]!];
  const firstMatch: ReaderId[] = ['python-urllib'];

  for (const group of robots.groups) {
    yield;
    const rules = group.rules.filter((r) => r.value !== '');
    // An Allow after a Disallow that covers it: first-match parsers never reach the Allow.
    for (let j = 0; j < rules.length; j++) {
      // Each Allow is compared with every rule above it: a big group takes a while.
      if (j % 64 === 63) yield;
      const a = rules[j]!;
      if (!a.allow || /[*$]/.test(a.value)) continue;
      // The first such Disallow above it (a loop, not a copy of the rules above per Allow).
      let d: (typeof rules)[number] | undefined;
      for (let k = 0; k < j && !d; k++) {
        const r = rules[k]!;
        if (!r.allow && !/[*$]/.test(r.value) && a.value.startsWith(r.value)) d = r;
      }
      if (!d) continue;
      const allow = lineText(a.line);
      const fix = lineFix('move-above', { line: d.line }, -1, allow.length, '', { line: d.line, lineText: lineText(d.line), from: 0, to: 0, insert: `${allow.trim()}\n` });
      add(a.line, ...valueSpan(a.line), 'order-matters', {
        allow: `Allow: ${a.value}`, allowLine: a.line, disallow: `Disallow: ${d.value}`, disallowLine: d.line, readers: names(firstMatch),
      }, fix);
    }
    for (let j = 0; j < rules.length; j++) {
      if (j % 64 === 63) yield;
      const r = rules[j]!;
      if (/[*$]/.test(r.value)) add(r.line, ...valueSpan(r.line), 'wildcard-literal', { readers: names(['python-urllib']) });
    }
    // A truly empty line inside the group: CPython ≤ 3.12 ends the group there.
    for (let line = group.firstLine + 1; line < group.lastLine; line++) {
      if (line % 256 === 0) yield;
      if (L.kind[line - 1] !== LineKind.Blank || L.to[line - 1] !== L.from[line - 1]) continue;
      const ruleBefore = group.rules.some((r) => r.line < line);
      add(line, 0, 0, 'blank-line-in-group', { readers: names(firstMatch), after: ruleBefore ? 'rules' : 'agent' }, lineFix('remove-line', {}, -1, 0, ''));
    }
    // Crawl-delay over 300 seconds: crawler-commons allows nothing.
    for (let line = group.firstLine; line <= group.lastLine; line++) {
      if (L.kind[line - 1] !== LineKind.IgnoredField || L.group[line - 1] !== group.index) continue;
      const t = lineText(line);
      if (t.slice(L.keyFrom[line - 1], L.keyTo[line - 1]).toLowerCase() !== 'crawl-delay') continue;
      const seconds = Number(valueOf(line));
      if (Number.isFinite(seconds) && seconds > 300) add(line, ...valueSpan(line), 'crawl-delay-blocks', { seconds, readers: names(['crawler-commons']) });
    }
  }

  // Groups for one crawler after the first: CPython ≤ 3.12 reads only the first.
  const seen = new Map<string, number>();
  for (const group of robots.groups) {
    for (const agent of group.agents) {
      const key = agent.global ? '*' : agent.token.toLowerCase();
      if (!agent.global && key === '') continue;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, group.firstLine);
      else if (first !== group.firstLine) {
        add(agent.line, 0, 0, 'first-group-only', { global: agent.global ? 'yes' : 'no', token: agent.token, otherLine: first, readers: names(['python-urllib']) });
      }
    }
  }
}
