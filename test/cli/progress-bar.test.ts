import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressBar } from '../../src/cli/progress-bar.ts';

function fakeStream(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 100 });
  let written = '';
  stream.on('data', (chunk) => {
    written += String(chunk);
  });
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => written };
}

describe('progressBar', () => {
  it('draws nothing when the stream is not a terminal, or with --quiet', () => {
    for (const [isTTY, quiet] of [
      [false, false],
      [true, true],
    ] as const) {
      const { stream, written } = fakeStream(isTTY);
      const bar = progressBar({ stream, quiet });
      bar.update(10, 100);
      bar.stop();
      expect(written()).toBe('');
    }
  });

  it('draws trials done and the percentage on a terminal', () => {
    const { stream, written } = fakeStream(true);
    const bar = progressBar({ stream });
    bar.update(250_000, 1_000_000);
    bar.stop();
    expect(written()).toMatch(/simulating .*25% \| 250,000 of 1,000,000 trials/);
  });
});
