import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { abortOnSigint } from '../../src/cli/abort-on-sigint.ts';
import { progressBar } from '../../src/cli/progress-bar.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { fakeTerminal } from './fake-terminal.ts';

describe('abortOnSigint', () => {
  it('aborts on the first Ctrl-C, says so, and gives SIGINT back when disposed', () => {
    const stderr = new PassThrough();
    const before = process.listenerCount('SIGINT');
    const sigint = abortOnSigint(stderr);
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    process.emit('SIGINT');
    expect(sigint.signal.aborted).toBe(true);
    expect(String(stderr.read())).toMatch(/stopping with the chunks finished so far/);
    sigint.dispose();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });

  it('stops the progress bar before it writes, and writes no note of its own when told', () => {
    // cli-progress goes back to the line it began on when it stops: a note written under the
    // bar ended up below the interrupted line that follows it.
    const stderr = new PassThrough();
    const seen: string[] = [];
    const sigint = abortOnSigint(stderr, {
      before: () => seen.push(`before, with ${stderr.readableLength} bytes written`),
      note: null,
    });
    process.emit('SIGINT');
    sigint.dispose();
    expect(sigint.signal.aborted).toBe(true);
    expect(seen).toEqual(['before, with 0 bytes written']);
    // A queued run's wait: only the new line ending the terminal's ^C, its error says the rest.
    expect(String(stderr.read())).toBe('\n');
  });

  it('on SIGTERM stops the progress bar, says so in one line and exits 143', () => {
    const { stream, written, screen } = fakeTerminal();
    const bar = progressBar({ stream });
    bar.update(10, 100);
    expect(written()).toContain('10 of 100 trials');
    const before = process.listeners('SIGTERM');
    const sigint = abortOnSigint(stream, { before: () => bar.stop() });
    const added = process.listeners('SIGTERM').filter((l) => !before.includes(l));
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => {}) as never);
    let exits: unknown[][];
    try {
      for (const listener of added) listener('SIGTERM');
      exits = [...exit.mock.calls];
    } finally {
      exit.mockRestore();
      sigint.dispose();
    }
    expect(exits).toEqual([[EXIT.terminated]]);
    // The bar, cleared, leaves only the line saying what happened.
    expect(written()).toMatch(/dicelab: stopped \(SIGTERM\)\n$/);
    expect(screen()).toEqual(['dicelab: stopped (SIGTERM)', '']);
    expect(process.listeners('SIGTERM')).toEqual(before);
  });
});
