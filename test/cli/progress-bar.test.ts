import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
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

  it('shows an unknown ETA as "?" while nothing moves (a queue between two shards), never "NFs"', () => {
    vi.useFakeTimers();
    try {
      const { stream, written } = fakeStream(true);
      const bar = progressBar({ stream, unit: 'shards' });
      // A submitter looks at its run every 200 ms; no shard finishes for two seconds.
      for (let look = 0; look < 10; look++) {
        bar.update(1, 3);
        vi.advanceTimersByTime(200);
      }
      bar.stop();
      expect(written()).toContain('33% | 1 of 3 shards | ETA ?');
      expect(written()).not.toMatch(/ETA (NF|LL)s/);
    } finally {
      vi.useRealTimers();
    }
  });
});
