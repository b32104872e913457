// Lints dicelab as it is published: packs the built tree (npm pack --ignore-scripts: dist/ must
// be built, as npm install or npm run build leaves it), then publint (--strict) and
// are-the-types-wrong (attw, ESM only: dicelab has no CommonJS entry) on the tarball; exits
// non-zero if either reports anything. Given a tarball (`node scripts/lint-package.mjs X.tgz`)
// it lints that one instead (the consumer test lints the tarball it installs).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

let tarball = process.argv[2];
let scratch;
if (tarball === undefined) {
  if (!existsSync(join(root, 'dist', 'index.d.ts'))) {
    console.error('lint-package: dist/ is not built (npm run build)');
    process.exit(1);
  }
  scratch = mkdtempSync(join(tmpdir(), 'dicelab-lint-package-'));
  const packed = execFileSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch],
    { cwd: root, encoding: 'utf8' },
  );
  tarball = join(scratch, JSON.parse(packed)[0].filename);
}
try {
  run(bin('publint'), ['run', tarball, '--strict']);
  run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii']);
} catch (error) {
  // A report was printed by the linter itself; a linter that could not start says why here.
  if (error.code) console.error(`lint-package: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
