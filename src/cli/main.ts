/**
 * The `robots-txt-tester` command line: the usage, --help and `help <command>`, --version, and
 * the command table's command run with its options. Exit codes: 0 all allowed, 1 something
 * blocked, 2 bad input; a command's CliError is caught here, once.
 */
import { CliError } from './cli-error.js';
import { readCommandArgs, type CommandContext } from './command.js';
import { commandLoader, COMMANDS } from './commands/index.js';
import { suggestion } from './did-you-mean.js';
import { writeOut } from './output.js';
import { terminalLine } from './terminal.js';
import { version } from '../../package.json';

const USAGE = `Usage:
  robots-txt-tester check <robots.txt> [crawlers] [options] [<url>...]
  robots-txt-tester diff <old robots.txt> <new robots.txt> --urls <file> [crawlers] [options]
  robots-txt-tester lines <robots.txt> [--json]
  robots-txt-tester ai-policy <robots.txt> --train block --search allow … [--content-signal] [--write]
  robots-txt-tester lines --batch < bodies.jsonl > lines.jsonl
  robots-txt-tester batch < requests.jsonl > answers.jsonl
  robots-txt-tester history <site> [--at <date>] [--out <file>]
  robots-txt-tester logs <robots.txt> <log file>... [--ip-ranges <file>]... [--verify-dns]
  robots-txt-tester logs merge <report.json>...
  robots-txt-tester audit <robots.txt> [crawlers] --sitemap <url|file> | --sitemaps auto | --urls <file> [--compare <robots.txt>]
  robots-txt-tester lsp --stdio

<robots.txt> is a file, - (standard input), or an http(s) URL fetched as Google fetches it.
Run "robots-txt-tester <command> --help" for a command's options; --version prints the version.
Every command: exit code 130 when interrupted (Ctrl-C; 143 for SIGTERM) after writing the rows
already made, whole; 141 when standard output is closed by its reader (| head); 2 when the output
cannot be written (a full disk, an I/O error), said in one line on stderr, a file ending on a whole row.`;

/** Writes a help text; exit code 0. */
async function printHelp(text: string): Promise<number> {
  await writeOut(text + '\n');
  return 0;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[], context: CommandContext): Promise<number> {
  const [name, ...rest] = argv;
  const load = commandLoader(name);
  try {
    if (name === '--help' || name === '-h' || name === 'help') {
      const asked = commandLoader(rest[0]);
      return await printHelp(asked ? (await asked()).help : USAGE);
    }
    if (name === '--version' || name === '-V') {
      await writeOut(`robots-txt-tester ${version}\n`);
      return 0;
    }
    if (!load) throw new CliError(name === undefined ? 'missing a command' : `unknown command ${name}${suggestion(name, Object.keys(COMMANDS))}`);
    const named = await load();
    // A subcommand (`logs merge`) takes the rest of the line; a word it does not name is the command's own argument.
    const sub = rest[0] !== undefined && named.subcommands && Object.hasOwn(named.subcommands, rest[0]) ? named.subcommands[rest[0]]! : null;
    const command = sub ? await sub() : named;
    const args = readCommandArgs(command, sub ? rest.slice(1) : rest);
    if (args.values.help) return await printHelp(command.help);
    return await command.run(args, context);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    const hint = !e.hint ? '' : load ? `Run "robots-txt-tester ${name} --help" for usage.\n` : '\n' + USAGE + '\n';
    process.stderr.write(`robots-txt-tester: ${terminalLine(e.message)}\n${hint}`);
    return e.exitCode;
  }
}
