import { vi } from 'vitest';
import { runCli } from '../../src/cli/main.ts';

/**
 * Runs the CLI in this process, as `runDicelab` does in a child (same argv, same exit status,
 * same output) but in milliseconds instead of a second of tsx start-up: stdout and stderr are
 * captured for the call. One call at a time (they share the process' streams).
 */
export async function runInProcess(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const errorListeners = process.stdout.listeners('error');
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await runCli(args);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    // runCli listens for EPIPE on stdout each time it runs; leave the process as it was.
    for (const listener of process.stdout.listeners('error')) {
      if (!errorListeners.includes(listener))
        process.stdout.off('error', listener as (...args: unknown[]) => void);
    }
    process.exitCode = undefined;
  }
}
