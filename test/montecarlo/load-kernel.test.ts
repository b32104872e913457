import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';
import { checkKernelRef, LocalKernel, loadKernel } from '../../src/montecarlo/load-kernel.ts';
import { isKernelId, KERNEL_IDS } from '../../src/systems/systems.ts';

describe('kernels', () => {
  it('load every kernel of the registry by id, each a whole kernel', async () => {
    expect(KERNEL_IDS).toContain('systems/d6-pool/simulate');
    for (const id of KERNEL_IDS) {
      const kernel = await loadKernel(id);
      for (const method of ['prepare', 'tallySize', 'tallyShape', 'run', 'summarize'] as const)
        expect(typeof kernel[method], `${id}: ${method}`).toBe('function');
    }
  });

  it('refuse any other string: paths, URLs, names on the prototype', async () => {
    const others = [
      'file:///tmp/x.mjs',
      'data:text/javascript,export const kernel = {}',
      '../x',
      '/etc/passwd',
      'systems/x',
      'systems/d6-pool/simulate.ts',
      '',
      '__proto__',
      'constructor',
      'toString',
    ];
    for (const id of others) {
      expect(isKernelId(id), id).toBe(false);
      expect(() => checkKernelRef(id), id).toThrow(InputError);
      await expect(loadKernel(id as never), id).rejects.toThrow(
        /^kernel: .* is not allowed \(expected one of dicelab's kernels: systems\/zidara\/simulate, /,
      );
    }
    expect(() => checkKernelRef({ url: 'file:///tmp/x.mjs' })).toThrow(InputError);
  });

  it('load a local kernel made in code, and only modules that export a whole kernel', async () => {
    const local = new LocalKernel(new URL('./high-faces-kernel.ts', import.meta.url));
    expect(typeof (await loadKernel(local)).tallyShape).toBe('function');
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-kernel-'));
    const file = join(dir, 'not-a-kernel.mjs');
    await writeFile(file, 'export const kernel = { prepare: () => 1, run: () => {} };\n');
    await expect(loadKernel(new LocalKernel(pathToFileURL(file)))).rejects.toThrow(
      /kernel: .* is not allowed \(expected a module exporting `kernel` with prepare, tallySize, tallyShape, run, summarize\)/,
    );
  });
});

describe('the Monte Carlo layer', () => {
  it('imports no system: the systems register their kernels with it', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../src/montecarlo/', import.meta.url);
    const files = readdirSync(dir).filter((f) => /\.(ts|mjs)$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      expect(text, file).not.toMatch(/from '\.\.\/systems\/|import\('\.\.\/systems\//);
    }
  });
});
