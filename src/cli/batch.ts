/**
 * The batch contract (JSON Lines): `{"id","robots","ua","url"}` in, `{"id","allowed","line"}` out,
 * one output line per input line, in order. This is the contract of the conformance suite.
 */
import { checkUrl, parseRobotsTxt, problemSentence, type RobotsTxt } from '../robots/index.js';

/** One answer line of the batch contract. */
export type BatchAnswer =
  | { id: unknown; allowed: boolean; line: number }
  | { id: unknown; error: string };

/** Keeps the parses of the last few bodies: batches often test many URLs against one file. */
export class ParseCache {
  private readonly map = new Map<string, RobotsTxt>();
  constructor(private readonly size = 8) {}
  get(body: string): RobotsTxt {
    let robots = this.map.get(body);
    if (robots) {
      this.map.delete(body);
    } else {
      robots = parseRobotsTxt(body);
      if (this.map.size >= this.size) this.map.delete(this.map.keys().next().value!);
    }
    this.map.set(body, robots);
    return robots;
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
