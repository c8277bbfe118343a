/** Server logs read against the robots.txt: the log-file reader and the format readers, crawler identification and verification, time-aware judging, the report and the tab's view. */
export { LogReader, detectLogFormat, plainHost, LOG_FORMAT_NAMES } from './formats/index.js';
export type { LogDetection, LogFamily, LogReaderState, LogRequest } from './formats/index.js';
export { parseClfTime, parseLogTime, parseW3cTime } from './time.js';
export { ByteLineChunker, LineSplitter, MAX_LINE, chunkLines, decodeChunk } from './lines.js';
export type { ByteChunk, LineChunk, LinePiece } from './lines.js';
export { DETECT_LINES, LogFileReader, LogTextReader, logReadFailure } from './file-reader.js';
export type { LogChunk, LogFileOptions } from './file-reader.js';
export { isGzip } from '../text/index.js';
export { CrawlerIdentifier, GOOGLE_USER_TRIGGERED, NO_AGENT, OTHER_BOTS, ignoresByDesign, listedBotName } from './identify.js';
export { botName } from './name-token.js';
export type { LogCrawler } from './identify.js';
export {
  GOOGLE_COMMON_CRAWLERS, GOOGLE_SPECIAL_CRAWLERS, INVALID_KEPT, IpRangesError, IpVerifier, PUBLISHED_RANGES, canonicalAddress, inRanges, publishedCrawlers, readIpRanges,
} from './ranges.js';
export type { InvalidPrefix, IpRanges, Verification } from './ranges.js';
export { PrefixSet } from './prefix-set.js';
export { DNS_DOMAINS, combineVerification, dnsDomains, ptrName, verifyByDns } from './dns.js';
export type { DnsResolver } from './dns.js';
export { LogJudge, disobeys, isRobotsFetch } from './judge.js';
export type { JudgedRequest, LogJudgeSpec, LogVersion } from './judge.js';
export { SAMPLES, TOP_KEPT, combinedPart, commonestAgent, crawlerKey, crawlerTally, preferredSpelling, emptyPart, emptyTally, mergePart, mergeTally, prunePart, pruneTop, topBlocked, topEntry } from './tally.js';
export type { CrawlerTally, LogTally, TallyPart, UnreadLine } from './tally.js';
export { crawlerReport, crawlersInOrder, disobeyingRequests, logReport } from './report.js';
export type { CrawlerReport, LogReport } from './report.js';
export { createLogJudge } from './setup.js';
export type { IpRangesFile, LogJudgeSetup } from './setup.js';
export { LogFormatError, answerDnsQuestions, judgeLog, readLog } from './stream.js';
export type { JudgeLogOptions, JudgedLog } from './stream.js';
export { ALL_REQUESTS, passesFilter } from './filter.js';
export type { LogFilter } from './filter.js';
export { PATHS_LISTED, TOP_SHOWN, logView, tallyForView } from './view.js';
export type { BlockedPath, CrawlerRow, CrawlerSeries, LogChart, LogView } from './view.js';
export { MOST_FETCHED, pathOrderPressed, pathsFound } from './paths.js';
export type { PathColumn, PathOrder } from './paths.js';
