import { PassThrough } from 'node:stream';
import { builtFile } from '../built.ts';

/**
 * A stream that says it is a terminal (100 columns), for the progress bar: what was written to
 * it, and the lines a terminal shows after it (`screen`).
 */
export function fakeTerminal(isTTY = true) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 100 });
  let written = '';
  stream.on('data', (chunk) => {
    written += String(chunk);
  });
  return {
    stream: stream as unknown as NodeJS.WriteStream,
    written: () => written,
    screen: () => screenOf(written),
  };
}

/**
 * The lines a terminal shows after `written`, for the few controls cli-progress and readline
 * send: save and restore the cursor (ESC 7, ESC 8), go to a column (ESC [n G), clear the line
 * or its right part (ESC [2K, ESC [0K); other ESC [ sequences change no text.
 */
export function screenOf(written: string): string[] {
  const lines = [''];
  let row = 0;
  let column = 0;
  let saved = { row, column };
  for (let at = 0; at < written.length; at++) {
    const char = written[at]!;
    if (char === '\x1B') {
      const next = written[at + 1];
      if (next === '7' || next === '8') {
        if (next === '7') saved = { row, column };
        else ({ row, column } = saved);
        at++;
        continue;
      }
      const control = /^\[\??(\d*)([A-Za-z])/.exec(written.slice(at + 1))!;
      at += control[0].length;
      const n = Number(control[1] || 0);
      if (control[2] === 'G') column = Math.max(0, n - 1);
      else if (control[2] === 'K') lines[row] = n === 2 ? '' : lines[row]!.slice(0, column);
    } else if (char === '\n') {
      row++;
      column = 0;
      if (lines.length === row) lines.push('');
    } else {
      const line = lines[row]!.padEnd(column);
      lines[row] = line.slice(0, column) + char + line.slice(column + 1);
      column++;
    }
  }
  return lines;
}

/**
 * The built CLI with `args`, as one shell command line (each word single-quoted): what a test
 * runs on a pseudo-terminal through util-linux `script -c`.
 */
export function builtCliCommand(args: readonly string[]): string {
  return [process.execPath, builtFile('bin/dicelab.js'), ...args]
    .map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`)
    .join(' ');
}
