/** The AI access policy: compose the edit for a policy, and check the result with Google's reading. */
export { cleanChoice, composeAiPolicy, policyTargets } from './compose.js';
export type { AiPolicy, ComposedPolicy, PolicyChoice, PolicyMode, PolicyNote } from './compose.js';
export { contentSignalValue, contentUsageLines } from './signals.js';
export { checkAiPolicy, policySampleUrls } from './verify.js';
export type { PolicyCheck, PolicyFailure, PolicyRow } from './verify.js';
export { failureArgs, noteArgs, outcomeArgs, policyMessages } from './messages.js';
export { diffRows } from './diff.js';
export type { DiffRow } from './diff.js';
