import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.ts';

/**
 * A shard that holds no chunk of its run (1,000 trials are one chunk of 65,536; shard 1 of 2
 * has none) is a valid shard: it writes its partial result, says why it prints no summary, and
 * exits 0; the merge of every shard is then the one-run result.
 */
describe('an empty shard', () => {
  it('writes a partial result that merges as nothing, and exits 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-empty-shard-'));
    const part = (i: number) => join(dir, `s${i}.json`);
    const roll = ['zidara', 'simulate', 'd8', '--vs', '4', '--trials', '1000', '--seed', '1'];
    const empty = await runInProcess([...roll, '--shard', '1/2', '--partial', part(1), '--quiet']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toBe(
      'dicelab: shard 1/2 holds no chunk of this run (1,000 trials make 1 chunk of 65,536): nothing to summarize; its partial result merges as nothing\n',
    );
    expect(existsSync(part(1))).toBe(true);
    const full = await runInProcess([...roll, '--shard', '0/2', '--partial', part(0), '--quiet']);
    expect(full.code).toBe(0);
    const merged = await runInProcess(['merge', part(0), part(1), '--json']);
    const whole = await runInProcess([...roll, '--json', '--quiet']);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual(JSON.parse(whole.stdout));
    // The same holds for every system's simulate (one path: summarizeRun).
    const d6 = await runInProcess(
      ...[
        [
          'd6-pool',
          'simulate',
          '--stat',
          '3',
          '--trials',
          '100',
          '--shard',
          '2/3',
          '--partial',
          part(2),
          '--json',
          '--quiet',
        ],
      ],
    );
    expect(d6.code).toBe(0);
    expect(d6.stdout).toBe('');
  });
});
