/** The analysis worker's protocol, its pure core and the UI-side client. */
export * from './protocol.js';
export { Analyser } from './analyse.js';
export { RobotsWorkerClient, BulkWorkerClient, DiagnosticsWorkerClient } from './client.js';
export type { WorkerLike, ClientEvents, BulkEvents, BulkParams } from './client.js';
export { runBulk } from './bulk.js';
