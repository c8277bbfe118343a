/** Test cases in links, case files and autosave: encode, decode, migrate (pure). */
export * from './case.js';
export {
  encodeFragment, decodeFragment, caseFromJson, caseFromObject, toWire,
  CURRENT_VERSION, MAX_INFLATED_BYTES, LONG_LINK_CHARS,
} from './url-state.js';
export type { DecodeProblem, DecodeResult } from './url-state.js';
export { toBase64Url, fromBase64Url } from './base64url.js';
