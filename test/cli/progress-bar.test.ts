import { describe, expect, it, vi } from 'vitest';
import { progressBar } from '../../src/cli/progress-bar.ts';
import { fakeTerminal } from './fake-terminal.ts';

describe('progressBar', () => {
  it('draws nothing when the stream is not a terminal, or with --quiet', () => {
    for (const [isTTY, quiet] of [
      [false, false],
      [true, true],
    ] as const) {
      const { stream, written } = fakeTerminal(isTTY);
      const bar = progressBar({ stream, quiet });
      bar.update(10, 100);
      bar.stop();
      expect(written()).toBe('');
    }
  });

  it('draws trials done and the percentage on a terminal', () => {
    const { stream, written } = fakeTerminal(true);
    const bar = progressBar({ stream });
    bar.update(250_000, 1_000_000);
    bar.stop();
    expect(written()).toMatch(/simulating .*25% \| 250,000 of 1,000,000 trials/);
  });

  it("never turns the terminal's line wrap off, and cuts its line to the terminal's width", () => {
    // It wrote ESC [?7l when drawn and ESC [?7h only when stopped: a run ended any other way
    // (SIGTERM, Ctrl-C while an analysis solves) left the terminal with no line wrap.
    const { stream, written, screen } = fakeTerminal(true);
    const bar = progressBar({ stream, label: 'x'.repeat(150) });
    bar.update(10, 100);
    expect(written()).not.toContain('\x1B[?7l');
    expect(screen()[0]).toMatch(/^x{100}$/);
    bar.stop();
  });

  it('shows an unknown ETA as "?" while nothing moves (a queue between two shards), never "NFs"', () => {
    vi.useFakeTimers();
    try {
      const { stream, written } = fakeTerminal(true);
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

  it('writes a note above the bar while it runs, and the note stays once the bar is gone', () => {
    // Written under the bar, the queue's "no worker" hint was drawn over and cleared with it.
    const { stream, screen } = fakeTerminal();
    const bar = progressBar({ stream, unit: 'shards' });
    bar.update(0, 3);
    bar.note('dicelab: no worker is on the queue yet');
    const during = screen();
    expect(during[0]).toBe('dicelab: no worker is on the queue yet');
    expect(during[1]).toMatch(/^simulating .* 0% \| 0 of 3 shards/);
    bar.update(2, 3);
    bar.stop();
    expect(screen()).toEqual(['dicelab: no worker is on the queue yet', '']);
  });

  it('writes a note as a plain line with no bar (not a terminal, or --quiet)', () => {
    for (const [isTTY, quiet] of [
      [false, false],
      [true, true],
    ] as const) {
      const { stream, written } = fakeTerminal(isTTY);
      const bar = progressBar({ stream, quiet });
      bar.update(1, 3);
      bar.note('dicelab: a note');
      bar.stop();
      expect(written()).toBe('dicelab: a note\n');
    }
  });
});
