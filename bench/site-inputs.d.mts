import type { ServerResponse } from 'node:http';

/** Answers a request for the huge sitemap index (/huge.xml) or one of its children (/huge/N.xml) on `base`; false for any other path. */
export declare function answerHugeIndex(base: string, path: string, res: ServerResponse, size?: number): boolean;
