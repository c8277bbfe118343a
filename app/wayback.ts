/**
 * The live file's past, read from the browser: the Wayback Machine's list of a site's robots.txt
 * versions and any version's archived body, when the archive lets the page read them (CORS).
 */
import {
  captureRawUrl, cdxQueryUrl, decodeRobotsBytes, MAX_ROBOTS_BYTES, readCdxJson, robotsTxtUrlFor, WAYBACK_URL, type Capture,
} from '../src/robots/index.js';

/** A hidden setting (end-to-end tests put a local stand-in there): the archive's address. */
export const WAYBACK_SETTING = 'robots-txt-tester.wayback-url';

/** The Wayback Machine's address: the hidden setting when it holds an http(s) address, else the archive's own. */
export function waybackBase(): string {
  try {
    const set = localStorage.getItem(WAYBACK_SETTING)?.trim();
    if (set && /^https?:\/\/[^/]/i.test(set)) return set;
  } catch {
    // No storage: the archive's own address.
  }
  return WAYBACK_URL;
}

/** What asking for the list gave. */
export type VersionList =
  | { readonly ok: true; readonly robotsUrl: string; readonly captures: readonly Capture[] }
  | { readonly ok: false; readonly robotsUrl: string | null; readonly reason: 'bad-site' | 'unreadable' | 'not-json' | 'none' | 'http'; readonly code?: number };

const TIMEOUT_MS = 20_000;

/** Fetches from the archive as a page may: no cookies; a refused or failed read is `null`. */
async function read(url: string): Promise<Response | null> {
  try {
    return await fetch(url, { mode: 'cors', credentials: 'omit', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    // The browser says the same for a refused cross-origin read and for a network failure.
    return null;
  }
}

/** The versions the archive holds of `site`'s robots.txt, newest first. */
export async function listVersions(site: string, base = waybackBase()): Promise<VersionList> {
  const robotsUrl = robotsTxtUrlFor(site);
  if (!robotsUrl || !/^https?:/.test(robotsUrl)) return { ok: false, robotsUrl: null, reason: 'bad-site' };
  const res = await read(cdxQueryUrl(robotsUrl, base));
  if (!res) return { ok: false, robotsUrl, reason: 'unreadable' };
  if (!res.ok) return { ok: false, robotsUrl, reason: 'http', code: res.status };
  const answer = readCdxJson(await res.text().catch(() => ''));
  if (!answer.ok) return { ok: false, robotsUrl, reason: 'not-json' };
  if (answer.captures.length === 0) return { ok: false, robotsUrl, reason: 'none' };
  return { ok: true, robotsUrl, captures: [...answer.captures].reverse() };
}

/** What loading one version gave. */
export type LoadedVersion =
  | { readonly ok: true; readonly text: string; readonly bytes: number }
  | { readonly ok: false; readonly reason: 'unreadable' | 'http'; readonly code?: number };

/** A version's archived body, read up to 500 KiB as Google reads a robots.txt. */
export async function loadVersion(capture: Capture, base = waybackBase()): Promise<LoadedVersion> {
  const res = await read(captureRawUrl(capture, base));
  if (!res) return { ok: false, reason: 'unreadable' };
  if (!res.ok) return { ok: false, reason: 'http', code: res.status };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await res.arrayBuffer()).subarray(0, MAX_ROBOTS_BYTES);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, text: decodeRobotsBytes(bytes), bytes: bytes.length };
}
