/**
 * The typed messages between the UI thread and the analysis worker. Requests carry ids; answers
 * carry the request id and the document revision they were computed for.
 */
import type { Agent, GroupChoice, RuleMatch, VerdictReason } from '../robots/index.js';

/** Which crawler to test: a profile from the picker, or free text (a token or a User-Agent). */
export type CrawlerSpec = { readonly kind: 'profile'; readonly id: string } | { readonly kind: 'text'; readonly value: string };

/** One URL × crawler to check. */
export interface TestCase {
  readonly url: string;
  readonly crawler: CrawlerSpec;
}

/** Parse `text` (unless it is the text parsed last) and check every test case. */
export interface AnalyseRequest {
  readonly type: 'analyse';
  readonly id: number;
  readonly revision: number;
  readonly text: string;
  readonly tests: readonly TestCase[];
}

/** Test hook: keep the worker busy for `ms`, to exercise the watchdog. */
export interface HangRequest {
  readonly type: 'hang';
  readonly id: number;
  readonly ms: number;
}

/** Every request the worker understands. */
export type WorkerRequest = AnalyseRequest | HangRequest;

/** Per-line annotations, one slot per line; key/value offsets are relative to the line start. */
export interface LineData {
  readonly kind: Uint8Array;
  readonly field: Uint8Array;
  readonly flags: Uint16Array;
  readonly group: Int32Array;
  readonly keyFrom: Int32Array;
  readonly keyTo: Int32Array;
  readonly valueFrom: Int32Array;
  readonly valueTo: Int32Array;
}

/** A group as the verdict panel shows it. */
export interface GroupInfo {
  readonly index: number;
  readonly firstLine: number;
  readonly lastLine: number;
  readonly agents: readonly Agent[];
  readonly ruleCount: number;
  readonly global: boolean;
}

/** A verdict, as plain data. */
export interface VerdictData {
  readonly url: string;
  readonly allowed: boolean;
  readonly line: number;
  readonly reason: VerdictReason;
  readonly rule: RuleMatch | null;
  readonly matches: readonly RuleMatch[];
  readonly group: GroupChoice;
  readonly token: string;
  /** The tokens tried in order (a profile may fall back). */
  readonly tokens: readonly string[];
  readonly fromUserAgentString: boolean;
  readonly ignoresGlobal: boolean;
  readonly ignoresRobotsTxt: boolean;
  readonly profileId: string | null;
  readonly testedPath: string;
  readonly urlValid: boolean;
}

/** Facts about the whole file. */
export interface FileSummary {
  readonly byteSize: number;
  readonly lineCount: number;
  readonly bom: boolean;
  readonly limitCut: { readonly offset: number; readonly line: number } | null;
  readonly lineBreaks: { readonly lf: number; readonly crlf: number; readonly cr: number };
  readonly groupCount: number;
  readonly ruleCount: number;
  readonly sitemapCount: number;
  readonly ignoredCount: number;
  readonly invalidCount: number;
}

/** The answer to an AnalyseRequest. */
export interface AnalysisResult {
  readonly type: 'analysis';
  readonly id: number;
  readonly revision: number;
  readonly lines: LineData;
  readonly summary: FileSummary;
  /** The groups the verdicts refer to. */
  readonly groups: readonly GroupInfo[];
  readonly verdicts: readonly VerdictData[];
  readonly parseMs: number;
  readonly checkMs: number;
}

/** A failure, as plain data (Errors do not survive structured cloning well). */
export interface ErrorResponse {
  readonly type: 'error';
  readonly id: number;
  readonly error: { readonly name: string; readonly message: string };
}

/** The answer to a HangRequest. */
export interface HangDone {
  readonly type: 'hang-done';
  readonly id: number;
}

/** Every message the worker sends. */
export type WorkerResponse = AnalysisResult | ErrorResponse | HangDone;

/** The typed arrays of a result, to transfer rather than copy. */
export function transferables(lines: LineData): ArrayBuffer[] {
  return [lines.kind, lines.field, lines.flags, lines.group, lines.keyFrom, lines.keyTo, lines.valueFrom, lines.valueTo].map(
    (a) => a.buffer as ArrayBuffer,
  );
}
