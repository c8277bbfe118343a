/** The analysis worker's protocol, its pure core and the UI-side client. */
export * from './protocol.js';
export { Analyser, crawlerFor } from './analyse.js';
export { RobotsWorkerClient } from './client.js';
export type { WorkerLike, ClientEvents } from './client.js';
