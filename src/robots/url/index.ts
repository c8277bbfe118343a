/** URLs as crawlers request them, which robots.txt governs a URL, and fetch outcomes. */
export { resolveTestUrl, testedHref, testedPath, googlePathParamsQuery, encodeLikeBrowser, resolveDotSegments, isAbsoluteHttpUrl } from './url.js';
export type { TestedUrl, UrlProblem } from './url.js';
export { scopeOf, scopeChecker, robotsTxtUrlFor, SCOPE_MESSAGE } from './scope.js';
export type { Scope } from './scope.js';
export { fetchOutcome, answerStatus, FETCH_OK, FETCH_MESSAGE, MAX_REDIRECTS } from './status.js';
export type { FetchStatus, FetchOutcome } from './status.js';
export { redirectStep, describeChain, originOf } from './redirect.js';
export type { RedirectStep, ChainLink } from './redirect.js';
