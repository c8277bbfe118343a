/**
 * The command table: each command's name and how to get it. The commands that read archives,
 * logs and sitemaps (history, logs, audit) and the language server load when asked for, with
 * their libraries, which checking never needs; the others come with the CLI.
 */
import type { Command } from '../command.js';
import { aiPolicyCommand } from './ai-policy.js';
import { batchCommand } from './batch.js';
import { checkCommand } from './check.js';
import { diffCommand } from './diff.js';
import { linesCommand } from './lines.js';

/** Loads a command. */
export type CommandLoader = () => Promise<Command>;

/** Every command by name, in the order the usage lists them (a plain record: no prototype names). */
export const COMMANDS: Readonly<Record<string, CommandLoader>> = Object.assign(Object.create(null) as Record<string, CommandLoader>, {
  check: async () => checkCommand,
  diff: async () => diffCommand,
  lines: async () => linesCommand,
  'ai-policy': async () => aiPolicyCommand,
  batch: async () => batchCommand,
  history: async () => (await import('./history.js')).historyCommand,
  logs: async () => (await import('./logs.js')).logsCommand,
  audit: async () => (await import('./audit.js')).auditCommand,
  lsp: async () => (await import('./lsp.js')).lspCommand,
} satisfies Record<string, CommandLoader>);

/** The command called `name`, or null. */
export function commandLoader(name: string | undefined): CommandLoader | null {
  return name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name]! : null;
}
