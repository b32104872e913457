// `npm run bench`: every speed target of the issues, measured on the compiled code (build/),
// printed as a table. Pass --long for the 10⁹-trial memory run, `--only ID` (repeatable) for
// some sections alone: exact, speed, fights, rng, simulate, other, ring-skill, page, site, queue,
// package, check (the balance check's false alarms and detection, some 15 minutes). A
// benchmark, not a test.
import { formatTable } from '../src/report/table.ts';
import { benchBalanceCheck } from './bench/balance-check.ts';
import type { BenchRow } from './bench/bench-row.ts';
import { benchFights } from './bench/fights.ts';
import { benchOtherSystems } from './bench/other-systems.ts';
import { benchPackage } from './bench/package.ts';
import { benchPage } from './bench/page.ts';
import { benchQueue } from './bench/queue.ts';
import { benchRingSkill } from './bench/ring-skill.ts';
import { benchRng } from './bench/rng.ts';
import { benchSite } from './bench/site.ts';
import { benchZidaraExact } from './bench/zidara-exact.ts';
import { benchZidaraSimulate } from './bench/zidara-simulate.ts';
import { benchZidaraSpeed } from './bench/zidara-speed.ts';

const long = process.argv.includes('--long');
const only = process.argv.flatMap((arg, i) => (arg === '--only' ? [process.argv[i + 1]] : []));
const sections: [string, string, () => Promise<BenchRow[]>][] = [
  ['exact', "exact Zi'Dara engine", benchZidaraExact],
  ['speed', "Zi'Dara at the speed of thought", benchZidaraSpeed],
  ['fights', "Zi'Dara whole fights, exact", benchFights],
  ['rng', 'generator', () => benchRng()],
  ['simulate', "Zi'Dara simulator", () => benchZidaraSimulate({ long })],
  ['other', 'other systems', benchOtherSystems],
  ['ring-skill', 'Ring and Skill at interactive speed', benchRingSkill],
  ['page', 'offline page', benchPage],
  ['site', 'the page as an installable site', benchSite],
  ['queue', 'queue', benchQueue],
  ['package', 'package', benchPackage],
  ['check', 'balance check: false alarms and detection', benchBalanceCheck],
];
const unknown = only.filter((id) => !sections.some(([known]) => known === id));
if (unknown.length > 0) {
  process.stderr.write(
    `bench: --only ${unknown[0]} is not a section (the sections: ${sections.map(([id]) => id).join(', ')})\n`,
  );
  process.exit(2);
}

const rows: BenchRow[] = [];
for (const [id, name, run] of sections) {
  if (only.length > 0 && !only.includes(id)) continue;
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
