/**
 * How `audit` fetches a sitemap: Node's fetch, its redirects followed one by one (to http(s) only,
 * never round a loop, at most five), the whole answer within the timeout, stopped by the run's
 * deadline; each failure named (a status, a redirect not followed, no answer).
 */
import { MAX_REDIRECTS, redirectStep, type RedirectStep } from '../robots/index.js';
import { SourceReadError, type OpenedSource, type SitemapOpen, type SourceProblem } from '../robots/site/index.js';

const HEADERS = { 'user-agent': 'robots-txt-tester (+https://github.com/)' };

/** A redirect that is not followed, as a source's problem. */
function unfollowed(step: RedirectStep & { kind: 'stop' }): SourceProblem {
  switch (step.why) {
    case 'not-http':
      return { code: 'redirect', args: { why: 'scheme', scheme: /^[a-z][a-z0-9+.-]*:/i.exec(step.location ?? '')?.[0].toLowerCase() ?? 'other:' } };
    case 'too-many':
      return { code: 'redirect', args: { why: 'too_many', count: MAX_REDIRECTS } };
    case 'no-location':
      return { code: 'redirect', args: { why: 'no_location' } };
    default:
      return { code: 'redirect', args: { why: 'bad_location' } };
  }
}

/** Why a fetch threw: the timeout, the run's deadline (named by the inventory), or the network. */
function failure(e: unknown, timeoutMs: number, body: boolean): SourceProblem {
  const err = e as Error & { cause?: { code?: string } };
  if (err.name === 'TimeoutError') return { code: 'network', args: { detail: body ? `the answer took longer than ${timeoutMs / 1000} s` : `no answer within ${timeoutMs / 1000} s (timeout)` } };
  if (err.name === 'AbortError') return { code: 'network', args: { detail: 'the run stopped' } };
  return { code: 'network', args: { detail: body ? 'the answer broke off' : `network error${err.cause?.code ? ` (${err.cause.code})` : ''}` } };
}

/** The command line's opener of sitemaps; `timeoutMs` bounds each answer, the signal the inventory gives stops it. */
export function sitemapOpener(timeoutMs: number): SitemapOpen {
  return async (url, signal): Promise<OpenedSource> => {
    const stop = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
    const visited = new Set([url]);
    let current = url;
    for (let hops = 0; ; hops++) {
      let res: Response;
      try {
        res = await fetch(current, { redirect: 'manual', signal: stop, headers: HEADERS });
      } catch (e) {
        return { ok: false, problem: failure(e, timeoutMs, false) };
      }
      const step = redirectStep(current, res.status, res.headers.get('location'), hops);
      if (step.kind !== 'answer') await res.body?.cancel().catch(() => {});
      if (step.kind === 'stop') return { ok: false, problem: unfollowed(step) };
      if (step.kind === 'follow') {
        if (visited.has(step.url)) return { ok: false, problem: { code: 'redirect', args: { why: 'loop' } } };
        visited.add(step.url);
        current = step.url;
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        return { ok: false, problem: { code: 'http', args: { status: res.status } } };
      }
      const body = res.body;
      if (!body) return { ok: true, body: (async function* () {})() };
      return {
        ok: true,
        url: current,
        body: (async function* () {
          try {
            for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) yield chunk;
          } catch (e) {
            throw new SourceReadError(failure(e, timeoutMs, true));
          }
        })(),
      };
    }
  };
}
