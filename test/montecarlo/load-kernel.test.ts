import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input-error.ts';
import { kernelUrl, loadKernel } from '../../src/montecarlo/load-kernel.ts';

describe('kernel ids', () => {
  it('name a module under src/ (this run is from sources: .ts)', () => {
    const url = kernelUrl('systems/d6-pool/simulate');
    expect(url.href).toBe(new URL('../../src/systems/d6-pool/simulate.ts', import.meta.url).href);
  });

  it('take a file: URL as it is', () => {
    const href = new URL('./high-faces-kernel.ts', import.meta.url).href;
    expect(kernelUrl(href).href).toBe(href);
  });

  it('refuse paths that climb out, absolute paths and extensions', () => {
    for (const id of ['../x', 'a/../../b', '/etc/passwd', 'systems/x.ts', '', 'a//b'])
      expect(() => kernelUrl(id), id).toThrow(InputError);
  });

  it('load only modules that export a whole kernel', async () => {
    const kernel = await loadKernel(new URL('./high-faces-kernel.ts', import.meta.url).href);
    expect(typeof kernel.summarize).toBe('function');
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-kernel-'));
    const file = join(dir, 'not-a-kernel.mjs');
    await writeFile(file, 'export const kernel = { prepare: () => 1, run: () => {} };\n');
    await expect(loadKernel(pathToFileURL(file).href)).rejects.toThrow(
      /kernel: .* is not allowed \(expected a module exporting `kernel` with prepare, tallySize, run, summarize\)/,
    );
  });
});
