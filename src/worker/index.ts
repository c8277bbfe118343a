/**
 * The workers' protocol, their pure cores and the UI-side clients: the analysis with diagnostics,
 * bulk, readers, AI access, Site and Logs workers, each driven through one WorkerChannel.
 */
export * from './protocol.js';
export { Analyser } from './analyse.js';
export { RobotsWorkerClient, BulkWorkerClient, PolicyWorkerClient, ReadersWorkerClient } from './client.js';
export { answerPolicy } from './policy.js';
export type { ClientEvents, BulkEvents, BulkParams, ChangesParams } from './client.js';
export { WorkerChannel, WorkerError, isProgress, withBroadcastReplies } from './channel.js';
export type { WorkerLike, ChannelOptions, ChannelRequest, LaneOptions, Order, RestartReason, Unsent } from './channel.js';
export { runBulk } from './bulk.js';
export { answerChanges } from './changes.js';
export { TextMirror } from './text-sync.js';
export { SiteWorkerClient } from './site-client.js';
export type { SiteAuditParams, SiteEvents } from './site-client.js';
export type * from './site-protocol.js';
export { LogsWorkerClient } from './logs-client.js';
export type * from './logs-protocol.js';
export type { LogFile, LogFileOutcome, LogsOutcome, LogsProgress, LogsSetup } from './logs-run.js';
