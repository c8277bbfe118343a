/**
 * A log streamed as text: pieces in any size, read by the log-file reader over text (its format
 * detected from the first lines), its requests read and judged a piece at a time, so memory stays
 * flat whatever the log's length. The caller does the I/O (a file, a stream, gunzip): this takes text.
 */
import { verifyByDns, type DnsResolver } from './dns.js';
import { LogTextReader, type LogChunk } from './file-reader.js';
import { firstLineText, LogReader, type LogRequest } from './formats/index.js';
import { LogJudge, type JudgedRequest, type LogJudgeSpec } from './judge.js';
import type { LinePiece } from './lines.js';
import { logReport, type LogReport } from './report.js';

/** A log that is not one of the formats read (or not text). */
export class LogFormatError extends Error {}

/** Options of a streamed judging. */
export interface JudgeLogOptions {
  /** Called with each piece's judged requests (bots' only), in input order. */
  readonly rows?: (rows: JudgedRequest[]) => void | Promise<void>;
  /** Verifies crawlers whose operators document reverse DNS names, by the reverse-then-forward check. */
  readonly resolver?: DnsResolver;
  /** Adds to this judge's tally (several files of one log); a new one from the spec by default. */
  readonly judge?: LogJudge;
}

/** What a streamed judging gives: the format, the judge (its tally) and the report. */
export interface JudgedLog {
  readonly format: string;
  readonly judge: LogJudge;
  readonly report: LogReport;
  /** DNS lookups that failed (refused, timed out, SERVFAIL): those requests are unverified, not spoofed. */
  readonly dnsFailed: number;
}

/** Answers a batch's DNS questions with `resolver` (a few at a time) into the judge; resolves to how many lookups failed. */
export async function answerDnsQuestions(judge: LogJudge, requests: readonly LogRequest[], resolver: DnsResolver, parallel = 8): Promise<number> {
  const questions = judge.dnsQuestions(requests);
  let failed = 0;
  for (let i = 0; i < questions.length; i += parallel) {
    await Promise.all(questions.slice(i, i + parallel).map(async (q) => {
      const answer = await verifyByDns(q.ip, q.domains, resolver);
      if (answer === null) failed++;
      judge.answerDns(q.crawler, q.ip, answer);
    }));
  }
  return failed;
}

/** The chunks of a log given as pieces of text; throws LogFormatError when the file cannot be read. */
async function* textChunks(pieces: Iterable<string> | AsyncIterable<string>, file: LogTextReader): AsyncGenerator<LogChunk<LinePiece>[]> {
  const checked = (chunks: LogChunk<LinePiece>[]) => {
    if (file.unreadable !== null) throw new LogFormatError(file.unreadable);
    return chunks;
  };
  for await (const text of pieces) yield checked(file.push(text));
  yield checked(file.end());
}

/**
 * Reads and judges a log given as pieces of text (a stream's chunks, a file's lines…). Throws
 * LogFormatError when its first lines fit no format; lines that cannot be read are counted.
 */
export async function judgeLog(pieces: Iterable<string> | AsyncIterable<string>, spec: LogJudgeSpec, options: JudgeLogOptions = {}): Promise<JudgedLog> {
  const judge = options.judge ?? new LogJudge(spec);
  const file = new LogTextReader();
  let dnsFailed = 0;
  for await (const chunks of textChunks(pieces, file)) {
    for (const c of chunks) {
      const requests = judge.readLines(LogReader.from(c.state), c.chunk);
      if (options.resolver) dnsFailed += await answerDnsQuestions(judge, requests, options.resolver);
      const rows = judge.judge(requests, options.rows !== undefined);
      if (options.rows) await options.rows(rows);
    }
  }
  return { format: file.format, judge, report: logReport(judge.tally, file.format), dnsFailed };
}

/**
 * The requests of a log given as pieces of text, a piece's worth at a time (its format detected
 * first; lines over MAX_LINE are not read). Throws LogFormatError when the file cannot be read.
 */
export async function* readLog(pieces: Iterable<string> | AsyncIterable<string>): AsyncGenerator<LogRequest[]> {
  const file = new LogTextReader();
  for await (const chunks of textChunks(pieces, file)) {
    for (const { chunk: piece, state } of chunks) {
      const reader = LogReader.from(state);
      const out: LogRequest[] = [];
      piece.lines.forEach((line, i) => {
        const n = piece.first + i;
        const r = piece.overlong.includes(n) ? null : reader.read(n === 1 ? firstLineText(line) : line, n);
        if (r) out.push(r);
      });
      yield out;
    }
  }
}
