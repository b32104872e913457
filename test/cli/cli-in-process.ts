import { vi } from 'vitest';
import { runCli } from '../../src/cli/main.ts';

/** Runs the CLI in this process (no tsx start-up per call), capturing what it prints. */
export async function cliInProcess(...args: string[]) {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const status = await runCli(args);
    return { status, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}
