/**
 * Fields Google's parser reads but does not use (Crawl-delay, Host…), from the line table: for
 * the readers and APIs that do use them, without a second grammar.
 */
import { LineKind, type RobotsTxt } from './model.js';

/** One such field line: its number and value as written. */
export interface FieldLine {
  readonly line: number;
  readonly value: string;
}

/**
 * Every line with key `key` (case-insensitive) that Google reads as a field it does not use, in
 * file order: within `groups` (group indexes), or anywhere when `groups` is null.
 */
export function unusedFields(robots: RobotsTxt, key: string, groups: readonly number[] | null): FieldLine[] {
  const { lines: L, text } = robots;
  const wanted = key.toLowerCase();
  const within = groups ? new Set(groups) : null;
  const out: FieldLine[] = [];
  for (let i = 0; i < robots.lineCount; i++) {
    if (L.kind[i] !== LineKind.IgnoredField || (within && !within.has(L.group[i]!))) continue;
    const from = L.from[i]!;
    if (text.slice(from + L.keyFrom[i]!, from + L.keyTo[i]!).toLowerCase() !== wanted) continue;
    out.push({ line: i + 1, value: text.slice(from + L.valueFrom[i]!, from + L.valueTo[i]!) });
  }
  return out;
}
