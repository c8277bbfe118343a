/** The AI access policy: compose the edit for a policy, and check the result with Google's reading. */
export type { AiPolicy, ComposedPolicy, DroppedRule, PolicyCheck, PolicyChoice, PolicyFailure, PolicyMode, PolicyNote, PolicyRow } from './types.js';
export { cleanChoice, composeAiPolicy, policyTargets } from './compose.js';
export { contentSignalValue, contentUsageLines } from './signals.js';
export { checkAiPolicy, policySampleUrls } from './verify.js';
export { droppedArgs, failureArgs, noteArgs, outcomeArgs, policyMessages } from './messages.js';
export { policySummary, policyTable } from './summary.js';
export type { PolicySummary, PolicyTable } from './summary.js';
export { diffRows } from './diff.js';
export type { DiffRow } from './diff.js';
export {
  CLOUDFLARE_MAX_EXPRESSION, SERVER_KINDS, firstMatchRules, isRefusalStatus, planEnforcement, planPolicyEnforcement, serverMessages, serverNoteArgs, serverRules,
} from './server/index.js';
export type { AgentRun, EnforcedRule, EnforcedSet, EnforcementPlan, ServerExport, ServerKind, ServerNote, ServerOptions } from './server/index.js';
