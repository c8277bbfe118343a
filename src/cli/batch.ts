/**
 * The batch contract (JSON Lines): `{"id","robots","ua","url"}` in, `{"id","allowed","line"}` out,
 * one output line per input line, in order. This is the contract of the conformance suite. An
 * optional `"reader"` (default `google`) answers as that parser reads the file; an optional
 * `"robotsUrl"` says where the file was fetched from (robots-parser answers only on its origin).
 */
import {
  checkUrl, isReaderId, parseRobotsTxt, problemSentence, READER_IDS, readWith, type ReaderCheck, type ReaderId, type RobotsTxt,
} from '../robots/index.js';

/** One answer line of the batch contract. */
export type BatchAnswer =
  | { id: unknown; allowed: boolean; line: number }
  | { id: unknown; error: string };

/** The last few values made from a key, newest kept: batches often test many URLs against one file. */
class RecentCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly make: (key: string) => V, private readonly size = 8) {}
  get(key: string): V {
    let value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
    } else {
      value = this.make(key);
      if (this.map.size >= this.size) this.map.delete(this.map.keys().next().value!);
    }
    this.map.set(key, value);
    return value;
  }
}

/** Keeps the parses of the last few bodies, Google's and each other reader's. */
export class ParseCache {
  private readonly google = new RecentCache<RobotsTxt>(parseRobotsTxt);
  private readonly others = new Map<ReaderId, RecentCache<ReaderCheck>>();
  get(body: string): RobotsTxt {
    return this.google.get(body);
  }
  reader(reader: ReaderId, body: string, robotsUrl?: string): ReaderCheck {
    let cache = this.others.get(reader);
    // The key: "-" and the body, or "+", the robots.txt URL's length, ":", the URL and the body.
    if (!cache) this.others.set(reader, (cache = new RecentCache((key) => {
      if (key[0] === '-') return readWith(reader, key.slice(1));
      const colon = key.indexOf(':');
      const end = colon + 1 + Number(key.slice(1, colon));
      return readWith(reader, key.slice(end), key.slice(colon + 1, end));
    })));
    return cache.get(robotsUrl === undefined ? `-${body}` : `+${robotsUrl.length}:${robotsUrl}${body}`);
  }
}

/** Answers one request object (already parsed from JSON). Never throws. */
export function answerRequest(req: unknown, cache: ParseCache): BatchAnswer {
  if (typeof req !== 'object' || req === null || Array.isArray(req)) {
    return { id: null, error: 'input line is not a JSON object' };
  }
  const r = req as Record<string, unknown>;
  const id = 'id' in r ? r.id : null;
  if (typeof r.robots !== 'string') return { id, error: '"robots" must be a string (the robots.txt body)' };
  if (typeof r.ua !== 'string' || r.ua.trim() === '') return { id, error: '"ua" must be a non-empty string' };
  if (typeof r.url !== 'string' || r.url.trim() === '') return { id, error: '"url" must be a non-empty string' };
  const reader = r.reader ?? 'google';
  if (typeof reader !== 'string' || !isReaderId(reader)) return { id, error: `"reader" must be one of ${READER_IDS.join(', ')}` };
  if (r.robotsUrl !== undefined && typeof r.robotsUrl !== 'string') return { id, error: '"robotsUrl" must be a string (where the robots.txt was fetched from)' };
  if (reader !== 'google') {
    const v = cache.reader(reader, r.robots, r.robotsUrl as string | undefined)(r.ua, r.url);
    return v.reason === 'unparsable' ? { id, error: `${reader}: ${v.error}` } : { id, allowed: v.allowed, line: v.line };
  }
  const verdict = checkUrl(cache.get(r.robots), r.ua, r.url);
  if (verdict.problem) return { id, error: problemSentence(verdict)!.text };
  return { id, allowed: verdict.allowed, line: verdict.line };
}

/** Answers one input line of JSON Lines; a malformed line yields an error answer. Never throws. */
export function answerLine(line: string, cache: ParseCache): BatchAnswer {
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return { id: null, error: `malformed JSON: ${(e as Error).message}` };
  }
  return answerRequest(req, cache);
}
