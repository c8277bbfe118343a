import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** One page of the template (a Hugo-built docs page's shape). */
export declare function docPage(page: { title: string; head?: string; sidebar?: [string, string][]; links?: [string, string][]; seed?: number; sections?: number; lang?: string }): string;
/** The test site's robots.txt for `origin`. */
export declare function testRobots(origin: string): string;
/** The test site's docs pages: slug → head tags and headers. */
export declare const TEST_DOCS: Readonly<Record<string, { head?: string; headers?: Record<string, string | string[]> }>>;
/** The test site's request handler for `origin`. */
export declare function testSite(origin: string): Handler;
/** The bench site's robots.txt for `origin`. */
export declare function benchRobots(origin: string): string;
/** The bench site's request handler: `sections` × `perSection` pages. */
export declare function benchSite(origin: string, sections?: number, perSection?: number): Handler;
/** Serves a handler made for its origin on 127.0.0.1. */
export declare function serveSite(handlerFor: (origin: string) => Handler, port?: number): Promise<{ origin: string; stop: () => Promise<void> }>;
