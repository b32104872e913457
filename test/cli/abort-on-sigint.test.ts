import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { abortOnSigint } from '../../src/cli/abort-on-sigint.ts';

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
});
