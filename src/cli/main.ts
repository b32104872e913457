#!/usr/bin/env node
import { pathToFileURL } from 'node:url';
import {
  Command,
  CommanderError,
  InvalidArgumentError,
  type Option,
} from '@commander-js/extra-typings';
import { InputError, missing } from '../input/input-error.ts';
import { EXIT } from '../process/exit-status.ts';
import { PATH_PROBLEMS } from '../process/path-problems.ts';
import { RunError } from '../process/run-error.ts';
import { DICELAB_VERSION } from '../process/version.ts';
import { refuseRepeatedFlags } from './refuse-repeated-flags.ts';
import { recordTypedValues, sayAsTyped, typedValues } from './typed-values.ts';

/**
 * Each top-level command and how it is registered, loaded when needed: a command line that
 * names one loads only that one's modules (start-up is what a roll at the prompt pays).
 */
const COMMANDS: Record<string, (program: Command, argv: readonly string[]) => Promise<unknown>> = {
  // The group's own file registers odds, simulate and pools; the rest load only when named.
  zidara: async (program, argv) => {
    const zidara = (await import('./zidara.ts')).zidaraCommand(program);
    const sub = argv[1];
    if (sub !== undefined && zidara.commands.some((c) => c.name() === sub)) return zidara;
    const [{ registerZidaraAnalyses }, { registerZidaraFight }, { registerZidaraAdvise }] =
      await Promise.all([
        import('./zidara-analyses.ts'),
        import('./zidara-fight.ts'),
        import('./zidara-advise.ts'),
      ]);
    return registerZidaraAdvise(registerZidaraFight(registerZidaraAnalyses(zidara)));
  },
  report: async (program) => (await import('./report.ts')).registerReport(program),
  compare: async (program) => (await import('./compare.ts')).registerCompare(program),
  check: async (program) => (await import('./check.ts')).registerCheck(program),
  baseline: async (program) => (await import('./baseline.ts')).registerBaseline(program),
  merge: async (program) => (await import('./merge.ts')).registerMerge(program),
  queue: async (program) => (await import('./queue-worker.ts')).registerQueue(program),
  serve: async (program) => (await import('./serve.ts')).registerServe(program),
  'd6-pool': async (program) => (await import('./d6-pool.ts')).registerD6Pool(program),
  'tags-2d6': async (program) => (await import('./tags-2d6.ts')).registerTags2d6(program),
  'd12-action': async (program) => {
    const system = (await import('./d12-action.ts')).registerD12Action(program);
    return (await import('./d12-action-advise.ts')).registerD12ActionAdvise(system);
  },
  'ring-skill': async (program) => {
    const system = (await import('./ring-skill.ts')).registerRingSkill(program);
    return (await import('./ring-skill-advise.ts')).registerRingSkillAdvise(system);
  },
};

/** The flags that print dicelab's version (package.json's) and nothing else. */
const VERSION_FLAGS = ['-V', '--version'];

/**
 * The dicelab command tree: one `register…` per system or job, each in its own file. Given the
 * command line, only the command it names is registered (none for `--version`); with none (or
 * one it does not know), every command is, for the help and the suggestions.
 */
export async function buildProgram(argv: readonly string[] = []) {
  const program = new Command('dicelab')
    .description('Exact and simulated odds for tabletop rolls, and the best way to make them.')
    .version(DICELAB_VERSION, VERSION_FLAGS.join(', '), "print dicelab's version")
    .enablePositionalOptions();
  const named = argv[0];
  const wanted =
    named !== undefined && Object.hasOwn(COMMANDS, named)
      ? [named]
      : named !== undefined && VERSION_FLAGS.includes(named)
        ? []
        : Object.keys(COMMANDS);
  for (const name of wanted) await COMMANDS[name]!(program, argv);
  // Each number flag's help says its range (loaded with the commands: --version needs none).
  if (wanted.length > 0) (await import('./flags.ts')).describeRanges(program as unknown as Command);
  return program;
}

/**
 * Runs the CLI and returns its exit status (see `EXIT`): bad input — a flag, a file, a path — is
 * one line on stderr and status 2, never a stack trace; only `check`'s verdicts give 1 and 3; a
 * stdout that cannot be written (a full disk) is status 74; a bug in dicelab is status 70 with a
 * message asking for a report.
 */
export async function runCli(argv: string[]): Promise<number> {
  // A reader that goes away (`dicelab … | head`) is not an error; any other failed write (a full
  // disk) is one line and its own status, not a stack trace and 1, which CI reads as a failed check.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    const words = error.code === undefined ? undefined : PATH_PROBLEMS[error.code];
    const why = words ? `${words} (${error.code})` : error.message;
    process.stderr.write(`dicelab: stdout: cannot be written: ${cutLine(why)}\n`);
    process.exit(EXIT.outputFailed);
  });
  const program = await buildProgram(argv);
  // Commander's message is one line, then (for a mistyped command or option) its suggestion:
  // both go on our one line.
  const oneLine = {
    outputError: (text: string, write: (s: string) => void) => {
      const [first = '', ...rest] = text
        .replace(/^error: /, '')
        .trim()
        .split('\n');
      const hint = rest.find((line) => /^\(Did you mean /.test(line))?.replace('(Did', '(did');
      write(`dicelab: ${cutLine(first)}${hint ? ` ${hint}` : ''} (see --help)\n`);
    },
  };
  const everyCommand = (command: Command): Command[] => [
    command,
    ...command.commands.flatMap((c) => everyCommand(c as unknown as Command)),
  ];
  // The flags' values as typed, which a refusal made after parsing quotes (see `sayAsTyped`).
  const typed = typedValues();
  for (const command of everyCommand(program as unknown as Command)) {
    command.exitOverride();
    command.configureOutput(oneLine);
    refuseRepeatedFlags(command);
    recordTypedValues(command, typed);
    for (const option of command.options) sayRefusedValue(option);
    sayMissingOption(command);
    sayNoValue(command);
    // Refused below in dicelab's words: commander's "too many arguments for 'odds'. Expected 0
    // arguments but got 1." names neither the word nor why it was left over.
    command.allowExcessArguments(true);
  }
  program.hook('preAction', (_program, command) =>
    refuseExcessArguments(command as unknown as Command, argv),
  );
  try {
    await program.parseAsync(commandLine(program as unknown as Command, argv), { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
    if (error instanceof RunError) {
      process.stderr.write(`dicelab: ${cutLine(error.message.split('\n')[0] ?? '')}\n`);
      return error.status;
    }
    const input = error instanceof InputError ? error : pathProblem(error);
    if (input) {
      const message = sayAsTyped(input, typed);
      process.stderr.write(`dicelab: ${message.split('\n').map(cutLine).join('\n')}\n`);
      return EXIT.badInput;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`dicelab: internal error: ${cutLine(message.split('\n')[0] ?? '')}\n`);
    if (process.env.DICELAB_DEBUG && error instanceof Error)
      process.stderr.write(`${error.stack}\n`);
    else
      process.stderr.write(
        'This is a bug in dicelab: please report it with the command you ran (DICELAB_DEBUG=1 shows the stack trace).\n',
      );
    return EXIT.internal;
  }
}

/**
 * Has an option's parser refuse a value in dicelab's words, as every later check does
 * (`--vs: "0" is not allowed (expected …)`), not commander's (`option '--vs <challenge>' argument
 * '0' is invalid. "0" is not allowed (expected …)`): the parsers' InvalidArgumentError says the
 * value as typed and what is allowed; this names the flag. It keeps the parser's arity, which
 * tells a flag that collects (see `refuseRepeatedFlags`), and is the option's own, so `--against`
 * (which reads the same options) refuses alike.
 */
function sayRefusedValue(option: Option): void {
  const parse = option.parseArg;
  if (!parse) return;
  const flag = option.long ?? option.name();
  const said = <T>(raw: string, previous: T): T => {
    try {
      return parse(raw, previous);
    } catch (error) {
      if (error instanceof InvalidArgumentError)
        throw new InputError(`${flag}: ${error.message}`, flag);
      throw error;
    }
  };
  option.parseArg = Object.defineProperty(said, 'length', { value: parse.length });
}

/**
 * Has a command refuse a required option left out in dicelab's words, as the commands that check
 * their own do (`--vs: missing (expected …)`), not commander's (`required option '--vs <C>'
 * not specified`): what is expected is the option's own description, which --help shows beside
 * it. Commander calls this method (undeclared in its types) when such an option is missing.
 */
function sayMissingOption(command: Command): void {
  (
    command as unknown as { missingMandatoryOptionValue(option: Option): void }
  ).missingMandatoryOptionValue = (option) => {
    const flag = option.long ?? option.name();
    throw missing(flag, option.description);
  };
}

/**
 * Has a command refuse a flag typed last with no value (`zidara splits --steps 6 --vs`) in
 * dicelab's words, as a flag left out (`--vs: no value given (expected …)`), not commander's
 * (`option '--vs <C>' argument missing`). Commander calls this method (undeclared in its types).
 */
function sayNoValue(command: Command): void {
  (command as unknown as { optionMissingArgument(option: Option): void }).optionMissingArgument = (
    option,
  ) => {
    const flag = option.long ?? option.name();
    throw new InputError(`${flag}: no value given (expected ${option.description})`, flag);
  };
}

/**
 * The command line as commander should parse it. A group (`dicelab`, `dicelab zidara`) named
 * without its command is refused in one line, listing them (commander prints the whole help on
 * stderr). `help a b` is `a b --help`, and `--help` after a name the group does not know is
 * dropped, so the name is reported as unknown (commander prints the group's help, status 0,
 * and the typo goes unseen).
 */
function commandLine(program: Command, argv: readonly string[]): string[] {
  const args = argv[0] === 'help' ? [...argv.slice(1), '--help'] : [...argv];
  let group = program;
  let at = 0;
  for (; ; at++) {
    const sub = group.commands.find((c) => c.name() === args[at]);
    if (!sub) break;
    group = sub as unknown as Command;
  }
  if (group.commands.length === 0) return args;
  const next = args[at];
  const names = group.commands.map((c) => c.name());
  const path = ['dicelab', ...args.slice(0, at)].join(' ');
  if (next === undefined)
    throw new InputError(
      `${at === 0 ? '' : `${args.slice(0, at).join(' ')}: `}no command given (expected one of ${names.join(', ')}; see ${path} --help)`,
    );
  const help = (arg: string) => arg === '--help' || arg === '-h';
  if (!next.startsWith('-') && args.some(help)) return args.filter((arg) => !help(arg));
  return args;
}

/**
 * Refuses a word left over after a command's flags and arguments, by the word and the command,
 * and why it was left over when a switch stands before it (`--weakness true`: a switch takes no
 * value). Every positional argument dicelab declares is variadic, so only a command that takes
 * none has words left over.
 * @throws InputError `unexpected argument "true" (tags-2d6 odds takes flags only; …)`.
 */
function refuseExcessArguments(command: Command, argv: readonly string[]): void {
  const declared = command.registeredArguments;
  if (declared.at(-1)?.variadic || command.args.length <= declared.length) return;
  const word = command.args[declared.length]!;
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent as Command | null)
    names.unshift(c.name());
  const takes =
    declared.length === 0
      ? 'flags only'
      : `${declared.length} argument${declared.length === 1 ? '' : 's'}`;
  // The flag typed just before the word, when it is a switch: the likely reason it is left over.
  const before = argv[argv.indexOf(word) - 1];
  const option =
    before === undefined
      ? undefined
      : command.options.find((o) => o.long === before || o.short === before);
  const why =
    option && !option.required && !option.optional
      ? `; ${before} is a switch and takes no value`
      : '';
  throw new InputError(
    `unexpected argument ${JSON.stringify(word)} (${names.join(' ')} takes ${takes}${why})`,
  );
}

/** Most characters of one line of a message; the rest is cut, its length said. */
export const MESSAGE_LINE_CHARS = 400;

function cutLine(line: string): string {
  return line.length > MESSAGE_LINE_CHARS
    ? `${line.slice(0, MESSAGE_LINE_CHARS)}... (${line.length - MESSAGE_LINE_CHARS} more characters)`
    : line;
}

/** A file-system error about a path as bad input (`path: what is wrong (CODE)`), else undefined. */
function pathProblem(error: unknown): InputError | undefined {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  const problem = code === undefined ? undefined : PATH_PROBLEMS[code];
  if (!problem || typeof path !== 'string') return undefined;
  return new InputError(`${path}: ${problem} (${code})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
