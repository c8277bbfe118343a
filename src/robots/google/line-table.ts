/**
 * The line table read line by line: one line's annotations with columns relative to the line, the
 * table as the editor keeps it, and the kinds' names. Needs only the model.
 */
import { LineKind, type LineData, type RobotsTxt } from './model.js';

/** One line's annotations and its own text: all that a line's reading and findings need. */
export interface LineParts {
  readonly line: number;
  readonly kind: LineKind;
  readonly field: number;
  readonly flags: number;
  /** The line's text, without its break. */
  readonly text: string;
  /** Columns of key and value in `text`, -1 when absent. */
  readonly keyFrom: number;
  readonly keyTo: number;
  readonly valueFrom: number;
  readonly valueTo: number;
  readonly group: number;
}

const KIND_NAMES: Record<LineKind, string> = {
  [LineKind.Blank]: 'blank',
  [LineKind.Comment]: 'comment',
  [LineKind.Invalid]: 'invalid',
  [LineKind.UserAgent]: 'user-agent',
  [LineKind.Allow]: 'allow',
  [LineKind.Disallow]: 'disallow',
  [LineKind.Sitemap]: 'sitemap',
  [LineKind.IgnoredField]: 'ignored-field',
  [LineKind.RuleOutsideGroup]: 'rule-outside-group',
  [LineKind.EmptyRule]: 'empty-rule',
  [LineKind.AfterLimit]: 'after-limit',
};

/** The kebab-case name of a line kind. */
export function kindName(kind: LineKind): string {
  return KIND_NAMES[kind];
}

/** The annotations of line `line` (1-based) of a parse, with columns relative to the line. */
export function lineParts(robots: RobotsTxt, line: number): LineParts {
  const i = line - 1;
  const L = robots.lines;
  return {
    line,
    kind: L.kind[i]! as LineKind,
    field: L.field[i]!,
    flags: L.flags[i]!,
    text: robots.text.slice(L.from[i]!, L.to[i]),
    keyFrom: L.keyFrom[i]!,
    keyTo: L.keyTo[i]!,
    valueFrom: L.valueFrom[i]!,
    valueTo: L.valueTo[i]!,
    group: L.group[i]!,
  };
}

/**
 * The parse's line table as the editor reads it, or its rows `first`… (`count` of them): copies,
 * as the parse keeps its own and a copy may be transferred.
 */
export function relativeLineTable(robots: RobotsTxt, first = 0, count = robots.lineCount - first): LineData {
  const L = robots.lines;
  const end = first + count;
  return {
    kind: L.kind.slice(first, end), field: L.field.slice(first, end), flags: L.flags.slice(first, end), group: L.group.slice(first, end),
    keyFrom: L.keyFrom.slice(first, end), keyTo: L.keyTo.slice(first, end), valueFrom: L.valueFrom.slice(first, end), valueTo: L.valueTo.slice(first, end),
  };
}

/** The annotations of line `line` (1-based) of a relative line table, with the line's own text. */
export function linePartsFrom(lines: LineData, line: number, text: string): LineParts {
  const i = line - 1;
  return {
    line, kind: lines.kind[i]! as LineKind, field: lines.field[i]!, flags: lines.flags[i]!, text,
    keyFrom: lines.keyFrom[i]!, keyTo: lines.keyTo[i]!, valueFrom: lines.valueFrom[i]!, valueTo: lines.valueTo[i]!,
    group: lines.group[i]!,
  };
}
