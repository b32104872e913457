import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every temporary file a test makes (its own, the CLI's, Chromium's profile) goes under one
 * folder for the run, removed when the run ends, so a test that fails half-way leaves nothing
 * behind in the machine's temporary folder. Workers inherit TMPDIR, which `os.tmpdir()` reads.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'dicelab-tests-'));
  process.env.TMPDIR = root;
  return () => rm(root, { recursive: true, force: true });
}
