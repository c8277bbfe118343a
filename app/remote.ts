/**
 * The live robots.txt, with no server of ours: fetched straight from the site where it allows
 * cross-origin reads, or handed over by a bookmarklet run on the site itself (same origin).
 */
import { answerStatus, decodeRobotsBytes, describeBody, MAX_ROBOTS_BYTES, originOf, type BodyNotice, type FetchStatus } from '../src/robots/index.js';
import { DEFAULT_CRAWLER, makeCase } from '../src/share/index.js';
import { linkStore } from './link-store.js';
import { rememberOpenedVersion } from './persistence.js';
import type { Tester } from '../src/tester/index.js';

/** The robots.txt URL for what the user typed: a site, a page of it, or the file itself. */
export function robotsUrlOf(input: string): string | null {
  const t = input.trim();
  if (t === '') return null;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `https://${t}`);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname === '') return null;
    return u.pathname.endsWith('/robots.txt') ? `${u.origin}${u.pathname}` : `${u.origin}/robots.txt`;
  } catch {
    return null;
  }
}

/**
 * Opens a fetched robots.txt as a new case (the draft stays one click away): site, status, a test
 * URL. The site is the one whose robots.txt was asked for, wherever the fetch was redirected.
 */
async function openFetched(t: Tester, robots: string, robotsUrl: string, status: FetchStatus, testUrl: string | null): Promise<void> {
  // The draft's newest edits are saved before the fetched file takes the editor.
  if (t.tester.store.getState().origin === 'draft') await linkStore.getState().flush();
  const origin = new URL(robotsUrl).origin;
  t.tester.loadCase({ ...makeCase(robots, [{ url: testUrl ?? `${origin}/`, crawler: DEFAULT_CRAWLER }]), site: origin, status }, 'shared');
  rememberOpenedVersion(t.tester.store.getState().doc);
}

/** Reads at most 500 KiB of a response body, as Google's fetcher does. */
async function readCapped(res: Response): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const out = new Uint8Array(MAX_ROBOTS_BYTES);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const take = Math.min(value.length, MAX_ROBOTS_BYTES - size);
    out.set(value.subarray(0, take), size);
    size += take;
    if (size >= MAX_ROBOTS_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return out.subarray(0, size);
}

/** What a browser fetch of a robots.txt gave (`redirectedTo`: where the browser's redirects ended, else null). */
export type FetchInBrowser =
  | { readonly ok: true; readonly url: string; readonly code: number; readonly bytes: number; readonly body: readonly BodyNotice[]; readonly redirectedTo: string | null }
  | { readonly ok: false; readonly url: string | null; readonly reason: 'bad-url' | 'unreadable' };

/**
 * Fetches a robots.txt from the browser. Most sites send no CORS header, and the browser then
 * refuses to let the page read the answer: that comes back as `unreadable`, never as a verdict.
 * The browser follows redirects to http(s) addresses only (a `data:` one fails, as it should); a
 * 3xx it hands back was not followed (no Location) or is no redirect (a 304), and reads as such.
 */
export async function fetchIntoTester(t: Tester, input: string): Promise<FetchInBrowser> {
  const url = robotsUrlOf(input);
  if (!url) return { ok: false, url: null, reason: 'bad-url' };
  let res: Response;
  try {
    res = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(15_000) });
  } catch {
    return { ok: false, url, reason: 'unreadable' };
  }
  const ok = res.status >= 200 && res.status < 300;
  const bytes = ok ? await readCapped(res) : new Uint8Array(0);
  // The browser does not say how many hops it followed (it allows 20; Google, 5).
  await openFetched(t, decodeRobotsBytes(bytes), url, answerStatus(res.status), null);
  const redirectedTo = res.redirected && res.url !== url ? res.url : null;
  return { ok: true, url, code: res.status, bytes: bytes.length, body: ok ? describeBody(bytes, res.headers.get('content-type')) : [], redirectedTo };
}

/** The shell command that saves a site's robots.txt, for dropping into the tester. */
export function curlCommand(robotsUrl: string): string {
  return `curl -sSL --max-redirs 5 -A "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" -o robots.txt '${robotsUrl.replace(/'/g, "'\\''")}'`;
}

const MESSAGE = 'robots-txt-tester';

/**
 * A bookmarklet: run on any page of a site, it reads that site's /robots.txt (same origin, so no
 * CORS is needed), opens this tester and hands it the file, its status and the page's URL.
 */
export function bookmarkletHref(testerUrl: string): string {
  const code = `(()=>{const T=${JSON.stringify(testerUrl)},O=new URL(T).origin,w=open(T+'#bookmarklet','_blank');` +
    `if(!w){alert('Allow pop-ups for this site to open the robots.txt tester.');return}` +
    `let ready=false,m=null;const send=()=>{if(ready&&m){w.postMessage(m,O);removeEventListener('message',f)}};` +
    `const f=e=>{if(e.source===w&&e.origin===O&&e.data&&e.data.type===${JSON.stringify(MESSAGE + ':ready')}){ready=true;send()}};` +
    `addEventListener('message',f);` +
    `fetch('/robots.txt',{cache:'no-store',credentials:'omit'}).then(r=>r.text().then(t=>({status:r.status,robots:r.ok?t.slice(0,${MAX_ROBOTS_BYTES}):''})),()=>({status:0,robots:''})).then(d=>{` +
    `m={type:${JSON.stringify(MESSAGE)},robots:d.robots,status:d.status,robotsUrl:location.origin+'/robots.txt',url:location.href};send()})})()`;
  return `javascript:${encodeURIComponent(code)}`;
}

/**
 * When this tab was opened by the bookmarklet (`#bookmarklet`): asks the opener for the file and
 * opens it. Messages are read only from the opener and only in the expected shape. Resolves once
 * the file is open or refused (the page draws itself then); null when not opened by the bookmarklet.
 */
export function receiveFromBookmarklet(t: Tester): Promise<void> | null {
  if (location.hash !== '#bookmarklet') return null;
  history.replaceState(null, '', location.pathname + location.search);
  const opener = window.opener as Window | null;
  if (!opener) {
    t.tester.setNotice({ kind: 'error', message: { id: 'notice.bookmarklet-gone' } });
    return Promise.resolve();
  }
  return new Promise((received) => {
    const onMessage = (e: MessageEvent) => {
      const d = e.data as Record<string, unknown> | null;
      if (e.source !== opener || !d || d.type !== MESSAGE) return;
      window.removeEventListener('message', onMessage);
      const handoff = readHandoff(d, e.origin);
      if (!handoff) {
        t.tester.setNotice({ kind: 'error', message: { id: 'notice.bookmarklet-bad' } });
        return received();
      }
      const { robots, code, robotsUrl, url } = handoff;
      void (async () => {
        await openFetched(t, code === 0 ? '' : robots, robotsUrl, code === 0 ? { kind: 'network-error' } : answerStatus(code), url);
        t.tester.setNotice({ kind: 'info', message: { id: 'notice.read-from-site', args: { url: robotsUrl, code } } });
      })().finally(received);
    };
    window.addEventListener('message', onMessage);
    opener.postMessage({ type: `${MESSAGE}:ready` }, '*');
  });
}

/** What the bookmarklet hands over, checked. */
export interface Handoff {
  readonly robots: string;
  /** The HTTP status, 100–599, or 0 when the site's fetch failed. */
  readonly code: number;
  readonly robotsUrl: string;
  /** The page the bookmarklet ran on (an http(s) URL of the same site), or null. */
  readonly url: string | null;
}

/**
 * Reads a bookmarklet's message from `origin`: its robots.txt URL must be that origin's, its status
 * a real HTTP status (or 0), its page an http(s) URL of the site (else the site's root is tested).
 * Null when the message cannot be used.
 */
export function readHandoff(d: Readonly<Record<string, unknown>>, origin: string): Handoff | null {
  const robotsUrl = typeof d.robotsUrl === 'string' ? d.robotsUrl : null;
  if (!robotsUrl || robotsUrlOf(robotsUrl) !== robotsUrl || originOf(robotsUrl) !== origin) return null;
  const code = d.status;
  if (typeof code !== 'number' || !Number.isInteger(code) || (code !== 0 && (code < 100 || code > 599))) return null;
  const robots = typeof d.robots === 'string' ? d.robots.slice(0, MAX_ROBOTS_BYTES) : '';
  const url = typeof d.url === 'string' && originOf(d.url) === origin ? d.url : null;
  return { robots, code, robotsUrl, url };
}
