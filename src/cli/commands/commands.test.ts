/**
 * The command table: every command is a module with its name, help and options, and the
 * dispatcher prints each one's help for --help, -h and `help <command>`, whether the command
 * comes with the CLI or loads when it runs.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readCommandArgs } from '../command.js';
import { COMMANDS } from './index.js';

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['lib/cli.js', ...args], { encoding: 'utf8', input: '' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const names = Object.keys(COMMANDS);

describe('the command table', () => {
  it('holds every command the usage names, and no other', () => {
    const usage = cli(['--help']);
    expect(usage.code).toBe(0);
    const named = new Set([...usage.out.matchAll(/^ {2}robots-txt-tester (\S+)/gm)].map((m) => m[1]));
    expect([...named].sort()).toEqual([...names].sort());
  });

  it.each(names)('%s: its module has the table\'s name, help that starts with its usage, and options parseArgs reads', async (name) => {
    const command = await COMMANDS[name]!();
    expect(command.name).toBe(name);
    expect(command.help.startsWith(`Usage: robots-txt-tester ${name}`)).toBe(true);
    expect(readCommandArgs(command, ['--help']).values.help).toBe(true);
    expect(readCommandArgs(command, ['-h']).values.help).toBe(true);
  });
});

describe('help from the dispatcher', () => {
  it.each(names)('%s: --help, -h and help <command> print its help, exit 0', async (name) => {
    const { help } = await COMMANDS[name]!();
    for (const args of [[name, '--help'], [name, '-h'], ['help', name]]) {
      expect([args.join(' '), cli(args)]).toEqual([args.join(' '), { code: 0, out: `${help}\n`, err: '' }]);
    }
  });

  it('an option a strict command does not know: exit 2, the message and the hint to its help', () => {
    for (const name of names.filter((n) => n !== 'lsp' && n !== 'batch')) {
      const r = cli([name, '--no-such-option']);
      expect([name, r.code, r.err]).toEqual([name, 2, `robots-txt-tester: unknown option --no-such-option\nRun "robots-txt-tester ${name} --help" for usage.\n`]);
    }
  });

  it('lsp asked for another transport (an editor\'s own flags let through): its message alone, exit 2', () => {
    const r = cli(['lsp', '--clientProcessId=1', '--socket=5000']);
    expect(r).toEqual({ code: 2, out: '', err: 'robots-txt-tester: lsp talks over standard input and output: run "robots-txt-tester lsp --stdio"\n' });
  });
});
