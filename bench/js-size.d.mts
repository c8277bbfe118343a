/** The budget, in gzip KB, of JavaScript before first use, in every language. */
export declare const JS_BUDGET_KB: number;

/** JavaScript before first use in `root`/dist: its gzip KB and files, and the same with the heaviest language's first catalogue part. */
export declare function jsBeforeFirstUse(root: string): { kb: number; files: string[]; heaviestKb: number; catalogue: string | null };
