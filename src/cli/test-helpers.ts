// Test support for the CLI's tests: not part of the CLI.
import { spawn } from 'node:child_process';

/** What a CLI run ended with. */
export type CliRun = { code: number | null; out: string; err: string };

/**
 * Runs the built CLI (`lib/cli.js`) in a child without blocking this process, so a test server
 * in this process can answer it; `input` is its whole standard input, `env` added to this one's.
 */
export function runCli(args: string[], { input, env }: { input?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['lib/cli.js', ...args], { env: env ? { ...process.env, ...env } : process.env });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end(input ?? '');
  });
}
