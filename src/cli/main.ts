#!/usr/bin/env node
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from '@commander-js/extra-typings';
import { InputError } from '../input-error.ts';
import { registerBaseline } from './baseline.ts';
import { registerCheck } from './check.ts';
import { registerCompare } from './compare.ts';
import { registerD6Pool } from './d6-pool.ts';
import { registerD12Action } from './d12-action.ts';
import { registerMerge } from './merge.ts';
import { registerReport } from './report.ts';
import { registerRingSkill } from './ring-skill.ts';
import { registerTags2d6 } from './tags-2d6.ts';
import { zidaraCommand } from './zidara.ts';
import { registerZidaraAdvise } from './zidara-advise.ts';
import { registerZidaraAnalyses } from './zidara-analyses.ts';
import { registerZidaraFight } from './zidara-fight.ts';

/** The dicelab command tree: one `register…` per system or job, each in its own file. */
function buildProgram() {
  const program = new Command('dicelab')
    .description('Exact and simulated odds for tabletop rolls, and the best way to make them.')
    .enablePositionalOptions();
  registerZidaraAdvise(registerZidaraFight(registerZidaraAnalyses(zidaraCommand(program))));
  registerReport(program);
  registerCompare(program);
  registerBaseline(registerCheck(program));
  registerMerge(program);
  registerD6Pool(program);
  registerTags2d6(program);
  registerD12Action(program);
  registerRingSkill(program);
  return program;
}

/** Runs the CLI: bad input is one line on stderr and exit status 2, never a stack trace. */
export async function runCli(argv: string[]): Promise<number> {
  // A reader that goes away (`dicelab … | head`) is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const program = buildProgram();
  // Commander's message is one line, then (for a mistyped command or option) its suggestion:
  // both go on our one line.
  const oneLine = {
    outputError: (text: string, write: (s: string) => void) => {
      const [first = '', ...rest] = text
        .replace(/^error: /, '')
        .trim()
        .split('\n');
      const hint = rest.find((line) => /^\(Did you mean /.test(line))?.replace('(Did', '(did');
      write(`dicelab: ${first}${hint ? ` ${hint}` : ''} (see --help)\n`);
    },
  };
  const everyCommand = (command: Command): Command[] => [
    command,
    ...command.commands.flatMap((c) => everyCommand(c as unknown as Command)),
  ];
  for (const command of everyCommand(program as unknown as Command)) {
    command.exitOverride();
    command.configureOutput(oneLine);
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof InputError) {
      process.stderr.write(`dicelab: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`dicelab: internal error: ${message}\n`);
    if (process.env.DICELAB_DEBUG && error instanceof Error)
      process.stderr.write(`${error.stack}\n`);
    else process.stderr.write('(set DICELAB_DEBUG=1 for the stack trace, and please report it)\n');
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
