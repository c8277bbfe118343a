/**
 * Portability findings: lines whose meaning depends on the parser that reads them.
 * Where the other readers' own logic decides (which group a crawler gets), they are asked;
 * where a rule of the file says it plainly (order, blank lines, wildcards), the line table is read.
 */
import { CRAWLERS, resolveAgent } from '../crawlers/index.js';
import { chooseGroups, LineKind, type RobotsTxt } from '../google/index.js';
import { READERS, readerName, type ReaderId } from '../readers/index.js';
import type { FindingArgs, FindingCode } from './catalogue.js';
import { lineFix, type LineFix } from './repairs.js';

/** Adds one finding (line, columns, code, data, repair). */
export type AddFinding = (line: number, from: number, to: number, code: FindingCode, args: FindingArgs, fix?: LineFix | null) => void;

const names = (readers: readonly ReaderId[]): string => readers.map(readerName).join(', ');

// Crawler tokens worth naming when a group also reaches them: every profile's.
const KNOWN_TOKENS = [...new Set(CRAWLERS.flatMap((c) => c.tokens))];

/** Every portability finding of a parsed file, pausing (yielding) between groups and between the readers' parses and checks. */
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

  // Groups that substring-matching parsers give to crawlers Google gives another group (or none).
  const substring: ReaderId[] = ['python-urllib', 'python-urllib-rfc9309', 'scrapy-protego'];
  const parsed = new Map<ReaderId, unknown>();
  const reach = new Map<number, { readers: Set<ReaderId>; crawlers: Set<string> }>();
  const agentLines = new Map<number, number>();
  // The names each group writes out whole: a parser that gives the group to a crawler it names so is
  // reading it as written (AI2Bot's own line, which Google cuts to "AI"), not reaching another crawler.
  const namedWhole = new Map<number, Set<string>>();
  for (const g of robots.groups) {
    for (const a of g.agents) {
      if (a.global || !a.token) continue;
      agentLines.set(g.firstLine, agentLines.get(g.firstLine) ?? a.line);
      namedWhole.set(g.firstLine, (namedWhole.get(g.firstLine) ?? new Set()).add(a.value.toLowerCase()));
    }
  }
  if (agentLines.size === 0) return;
  for (const token of KNOWN_TOKENS) {
    const google = chooseGroups(robots, resolveAgent(token));
    const googleFirst = new Set(google.kind === 'specific' || google.kind === 'global' ? google.groups.map((i) => robots.groups[i]!.firstLine) : []);
    yield;
    for (const reader of substring) {
      if (!parsed.has(reader)) {
        parsed.set(reader, READERS[reader].parse(text));
        yield;
      }
      const v = READERS[reader].check(parsed.get(reader), token, 'https://example.com/');
      const first = v.groupLines[0];
      if (first === undefined || googleFirst.has(first) || !agentLines.has(first) || namedWhole.get(first)!.has(token.toLowerCase())) continue;
      const entry = reach.get(first) ?? { readers: new Set(), crawlers: new Set() };
      entry.readers.add(reader);
      entry.crawlers.add(token);
      reach.set(first, entry);
    }
  }
  for (const [first, { readers, crawlers }] of reach) {
    const line = agentLines.get(first)!;
    const group = robots.groups.find((g) => g.firstLine === first)!;
    const list = [...crawlers];
    add(line, ...valueSpan(line), 'substring-agent', {
      readers: names(substring.filter((r) => readers.has(r))),
      crawlers: list.length > 4 ? `${list.slice(0, 4).join(', ')}…` : list.join(', '),
      token: group.agents.find((a) => a.line === line)?.token ?? '',
    });
  }
}
