/**
 * What a command of the CLI is: its name, its help, its options (node:util parseArgs's), and what
 * it runs with them. The command table (commands/index.ts) maps names to commands; `main` reads
 * the options, prints the help for --help, and runs the command.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { suggestion } from './did-you-mean.js';
import { CliError } from './cli-error.js';

/** A command's options, as parseArgs takes them. */
export type Options = NonNullable<ParseArgsConfig['options']>;

/** --help, -h: every command has it. */
const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

type Config<O extends Options> = { args: string[]; options: O & typeof HELP_OPTION; allowPositionals: true; strict: true; tokens: true };

/** The command line as a command reads it: its option values, positionals and tokens (the options in their order). */
export type CommandArgs<O extends Options> = ReturnType<typeof parseArgs<Config<O>>>;

/** What every command is given besides its arguments. */
export interface CommandContext {
  /** The bundle worker threads start from: the CLI's entry. */
  readonly script: URL;
}

/** A command of the CLI. */
export interface Command<O extends Options = Options> {
  readonly name: string;
  /** Printed for --help and `help <name>`: starts "Usage: robots-txt-tester <name>". */
  readonly help: string;
  readonly options: O;
  /** False: options it does not declare are let through (an editor's own flags to lsp). True by default. */
  readonly strict?: boolean;
  /** Runs the command; resolves to the exit code. Bad input throws CliError. */
  run(args: CommandArgs<O>, context: CommandContext): Promise<number>;
  /** Commands named by the word after this one's name (`logs merge`), loaded when asked for. */
  readonly subcommands?: Readonly<Record<string, () => Promise<Command>>>;
}

/** A command, its options' types read from its declaration. */
export function defineCommand<const O extends Options>(command: Command<O>): Command<O> {
  return command;
}

/** Reads `args` with the command's options and --help; an option it does not know is a usage error. */
export function readCommandArgs<O extends Options>(command: Command<O>, args: string[]): CommandArgs<O> {
  try {
    return parseArgs({ args, options: { ...command.options, ...HELP_OPTION }, allowPositionals: true, strict: command.strict ?? true, tokens: true }) as CommandArgs<O>;
  } catch (e) {
    // parseArgs names an unknown option in quotes; the nearest one the command has is offered beside it.
    const unknown = /^Unknown option '(-{1,2}[^']+)'/.exec((e as Error).message)?.[1];
    const known = Object.entries({ ...command.options, ...HELP_OPTION }).flatMap(([name, o]) => [`--${name}`, ...('short' in o && o.short ? [`-${o.short}`] : [])]);
    if (unknown) throw new CliError(`unknown option ${unknown}${suggestion(unknown, known)}`);
    throw new CliError((e as Error).message);
  }
}
