/**
 * The young generation of a pool thread's heap, in MB. A job's garbage (its text, lines, rows) is
 * a few MB and dies with the job: V8's default (16 MB semi-spaces, 48 MB a thread) only let it lie
 * longer, which two threads paid for in resident memory on a long run (a 2M-URL check: ~180 MB
 * against ~150 MB).
 */
export const THREAD_YOUNG_MB = 12;
