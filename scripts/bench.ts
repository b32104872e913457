// `npm run bench`: every speed target of the issues, measured on the compiled code (build/),
// printed as a table. Pass --long for the 10⁹-trial memory run. A benchmark, not a test.
import { formatTable } from '../src/report/table.ts';
import type { BenchRow } from './bench/bench-row.ts';
import { benchOtherSystems } from './bench/other-systems.ts';
import { benchPackage } from './bench/package.ts';
import { benchPage } from './bench/page.ts';
import { benchQueue } from './bench/queue.ts';
import { benchRng } from './bench/rng.ts';
import { benchZidaraExact } from './bench/zidara-exact.ts';
import { benchZidaraSimulate } from './bench/zidara-simulate.ts';
import { benchZidaraSpeed } from './bench/zidara-speed.ts';

const long = process.argv.includes('--long');
const sections: [string, () => Promise<BenchRow[]>][] = [
  ["exact Zi'Dara engine", benchZidaraExact],
  ["Zi'Dara at the speed of thought", benchZidaraSpeed],
  ['generator', () => benchRng()],
  ["Zi'Dara simulator", () => benchZidaraSimulate({ long })],
  ['other systems', benchOtherSystems],
  ['offline page', benchPage],
  ['queue', benchQueue],
  ['package', benchPackage],
];

const rows: BenchRow[] = [];
for (const [name, run] of sections) {
  process.stderr.write(`bench: ${name}…\n`);
  rows.push(...(await run()));
}
const shown = rows.map((row) => ({
  name: row.name,
  value:
    row.value >= 100
      ? row.value.toFixed(0)
      : row.value >= 10
        ? row.value.toFixed(1)
        : row.value.toFixed(2),
  unit: row.unit,
  target: row.target ?? '',
  ok: row.ok === undefined ? '' : row.ok ? 'met' : 'MISSED',
}));
process.stdout.write(
  `${formatTable(
    [
      { key: 'name', header: 'benchmark' },
      { key: 'value', header: 'measured', align: 'right' },
      { key: 'unit', header: 'unit' },
      { key: 'target', header: 'target' },
      { key: 'ok', header: '' },
    ],
    shown,
    {
      title: `dicelab benchmarks — node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    },
  )}\n`,
);
