/**
 * Google's per-line reading, as its RobotsParsingReporter (reporting_robots.h) reports it: a
 * handler of the same scan the matcher uses, plus this tester's own kind and finding codes.
 */
import {
  FieldKey, kindName, LineFlag, lineParts, LineShape, parseRobotsTxt, scanRobotsTxt, type LineKind, type RobotsTxt, type ScanHandler, type ScannedLine,
} from '../google/index.js';
import { type FindingCode, type Severity, severityOf, worstSeverity } from './catalogue.js';
import { lineFindings, UNUSED_KEYS } from './line-findings.js';

/** The reporter's tag of a line (RobotsParsedLine::RobotsTagName). */
export type LineTag = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unused' | 'unknown';

/** One line as Google's reporter reads it, with this tester's reading beside it. */
export interface ReportedLine {
  /** 1-based; lines end at LF, CR or CRLF; the text after the last break is one more line. */
  readonly line: number;
  readonly tag: LineTag;
  /** The key is one of the misspellings Google accepts. */
  readonly typo: boolean;
  /** Nothing on the line but white space. */
  readonly empty: boolean;
  /** The whole line is a comment. */
  readonly comment: boolean;
  readonly hasComment: boolean;
  /** A non-empty key and a separator: one of the parser's Handle… calls follows. */
  readonly directive: boolean;
  /** Longer than Google's line buffer (16,663 bytes). */
  readonly tooLong: boolean;
  /** Key and value separated by white space instead of a colon. */
  readonly missingColon: boolean;
  /** This tester's line kind ('user-agent', 'ignored-field', 'after-limit'…). */
  readonly kind: string;
  /** The codes of the line's own findings (the message catalogue's). */
  readonly codes: readonly FindingCode[];
  /** The most serious of them, or null. */
  readonly severity: Severity | null;
}

const TAGS: Record<number, LineTag> = {
  [FieldKey.UserAgent]: 'user-agent',
  [FieldKey.Allow]: 'allow',
  [FieldKey.Disallow]: 'disallow',
  [FieldKey.Sitemap]: 'sitemap',
};

/** Collects the reporter's fields of every scanned line. */
class ReporterHandler implements ScanHandler {
  readonly out: Omit<ReportedLine, 'kind' | 'codes' | 'severity'>[] = [];
  constructor(private readonly text: string) {}

  line(ev: ScannedLine): void {
    const directive = ev.shape === LineShape.KeyValue;
    let tag: LineTag = 'unknown';
    if (directive) {
      tag = TAGS[ev.field] ?? 'unknown';
      // reporting_robots.cc: an unknown key in its list of known-but-unused keys (whole key, ASCII lower-cased).
      if (ev.field === FieldKey.Unknown && UNUSED_KEYS.includes(asciiLower(this.text.slice(ev.keyFrom, ev.keyTo)))) tag = 'unused';
    }
    this.out.push({
      line: ev.number,
      tag,
      typo: directive && (ev.flags & LineFlag.Typo) !== 0,
      empty: ev.shape === LineShape.Blank,
      comment: ev.shape === LineShape.Comment,
      hasComment: (ev.flags & LineFlag.HasComment) !== 0,
      directive,
      tooLong: (ev.flags & LineFlag.LongLineCut) !== 0,
      missingColon: directive && (ev.flags & LineFlag.MissingColon) !== 0,
    });
  }
}

function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/**
 * Every line of `text` as Google's RobotsParsingReporter reads it (the reference parser reads the
 * whole body, so the 500 KiB cut does not apply here), with the tester's kind and finding codes.
 * `robots`: the parse of the same text, when the caller has it. Never throws.
 */
export function reportLines(text: string, robots: RobotsTxt = parseRobotsTxt(text)): ReportedLine[] {
  const reporter = new ReporterHandler(text);
  scanRobotsTxt(text, reporter, { sizeLimit: false });
  return reporter.out.map((r) => {
    const codes = lineFindings(lineParts(robots, r.line)).map((f) => f.code);
    return { ...r, kind: kindName(robots.lines.kind[r.line - 1]! as LineKind), codes, severity: worstSeverity(codes.map(severityOf)) };
  });
}
