import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/process/exit-status.ts';
import { builtFile } from '../built.ts';
import { runNode } from './run-dicelab.ts';

/** A whole fight whose exact solve takes seconds on two threads, drawing its bar on a terminal. */
const BIG_FIGHT = [
  ...['zidara', 'fight', '--vs', '5', '--tags', '6', '--steps', '18', '--max-rounds', '12'],
  ...['--fight-policy', 'whole-fight', '--no-simulate', '--threads', '2'],
];

const hasScript = (() => {
  try {
    return execFileSync('script', ['--version'], { encoding: 'utf8' }).includes('util-linux');
  } catch {
    return false;
  }
})();

/**
 * The built CLI on a pseudo-terminal (util-linux `script`), Ctrl-C typed on it once `waitFor`
 * has been drawn: what the terminal received, and the exit status.
 */
function ctrlCOnTerminal(
  args: string[],
  waitFor: string,
): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, builtFile('bin/dicelab.js'), ...args]
    .map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`)
    .join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, FORCE_COLOR: '0', COLUMNS: '200' },
    });
    let screen = '';
    let typed = false;
    child.stdout.on('data', (chunk) => {
      screen += chunk;
      if (!typed && screen.includes(waitFor)) {
        typed = true;
        child.stdin.write('\x03');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen }));
  });
}

/** The built CLI with pipes for its output, sent `signal` `after` ms in. */
function signalled(args: string[], signal: NodeJS.Signals, after: number) {
  return runNode([builtFile('bin/dicelab.js'), ...args], { signal: { name: signal, after } });
}

describe('an exact whole-fight solve stopped by a signal', () => {
  it.skipIf(!hasScript)(
    'Ctrl-C on a terminal: the bar cleared, then one line, exit 130',
    async () => {
      const run = await ctrlCOnTerminal(BIG_FIGHT, 'solving the fight exactly [');
      // cli-progress's stop: back to where the bar began, the line cleared (the ^C echoed with
      // it); then the line. Before, the bar stayed, and no line: the process died by the signal.
      const esc = '\u001b';
      const end = `${esc}8${esc}[1G${esc}[2K\r\ndicelab: stopped (SIGINT)\r\n`;
      expect({ code: run.code, end: run.screen.slice(-end.length) }).toEqual({
        code: EXIT.interrupted,
        end,
      });
    },
    60_000,
  );

  it.each<[NodeJS.Signals, number]>([
    ['SIGINT', EXIT.interrupted],
    ['SIGTERM', EXIT.terminated],
  ])(
    '%s: one line on stderr, nothing on stdout, exit %i',
    async (signal, code) => {
      const run = await signalled(BIG_FIGHT, signal, 2000);
      expect(run).toEqual({
        code,
        stdout: '',
        stderr: `${signal === 'SIGINT' ? '\n' : ''}dicelab: stopped (${signal})\n`,
      });
    },
    60_000,
  );
});
