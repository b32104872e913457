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
    expect(String(stderr.read())).toMatch(/stopping after the work in flight/);
    sigint.dispose();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});
