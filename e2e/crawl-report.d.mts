/** The JSON text of a crawl of the local test site (a draft against the live robots.txt, --fetch-blocked). */
export declare function makeCrawlReport(): Promise<string>;
