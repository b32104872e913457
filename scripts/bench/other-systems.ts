import { pathToFileURL } from 'node:url';
import { d6PoolOdds } from '../../src/systems/d6-pool/index.ts';
import {
  D12_ROLLS,
  d12ActionOdds,
  parseD12ActionSpec,
} from '../../src/systems/d12-action/index.ts';
import {
  parseRingSkillSpec,
  ringSkillOdds,
  ringSkillTable,
} from '../../src/systems/ring-skill/index.ts';
import { ITEM_ROLES, parseTags2d6Spec, tags2d6Odds } from '../../src/systems/tags-2d6/index.ts';
import type { BenchRow } from './bench-row.ts';
import { bestOf } from './best-of.ts';

/** How many timed runs each figure is the best of (the first also warms the JIT). */
const RUNS = 3;

/**
 * The four non-flagship systems, exact: Ring and Skill with optimal keeping at ring 5 + skill 5,
 * TN 3 (target < 1 s), and each other system's full table (target < 100 ms each):
 * d12 action rolls (every roll × rating 0..5 × capacity 0..12 × tokens 0..6, group rolls with
 * one supporter of the same rating and capacity, stacked rolls under both policies), 2d6 + tags
 * (tags 0..5 × item × weakness) and the d6 pool (stats 1..6). Also, without a target, the
 * Ring and Skill table command (ring 1..5 × skill 0..5 × TN 1..6). Best of 3; about 15 s.
 */
export async function benchOtherSystems(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const row = (name: string, ms: number, targetMs?: number): BenchRow => ({
    name,
    value: Math.round(ms * 10) / 10,
    unit: 'ms',
    ...(targetMs === undefined ? {} : { target: `< ${targetMs}`, ok: ms < targetMs }),
  });

  const ringSkill = parseRingSkillSpec({ ring: 5, skill: 5, tn: 3 });
  rows.push(
    row(
      'ring-skill: exact, ring 5 + skill 5, TN 3, optimal keeping, depth 10',
      bestOf(RUNS, () => ringSkillOdds(ringSkill)),
      1000,
    ),
  );

  const d12 = d12Table();
  rows.push(
    row(
      `d12-action: full table (${d12.length} rolls)`,
      bestOf(RUNS, () => {
        for (const spec of d12) d12ActionOdds(spec);
      }),
      100,
    ),
  );

  const tags = ITEM_ROLES.flatMap((item) =>
    [0, 1, 2, 3, 4, 5].flatMap((t) =>
      [false, true].map((weakness) => parseTags2d6Spec({ tags: t, item, weakness })),
    ),
  );
  rows.push(
    row(
      `tags-2d6: full table (${tags.length} rolls)`,
      bestOf(RUNS, () => {
        for (const roll of tags) tags2d6Odds(roll);
      }),
      100,
    ),
  );

  rows.push(
    row(
      'd6-pool: full table (stats 1..6)',
      bestOf(RUNS, () => {
        for (let stat = 1; stat <= 6; stat++) d6PoolOdds({ stat });
      }),
      100,
    ),
  );

  const start = performance.now();
  const table = ringSkillTable();
  rows.push(
    row(`ring-skill: table command (${table.length} checks, one run)`, performance.now() - start),
  );
  return rows;
}

/** Every d12 roll of the table, validated once (outside the timing). */
function d12Table() {
  const specs = [];
  for (const roll of D12_ROLLS)
    for (let rating = 0; rating <= 5; rating++)
      for (let capacity = 0; capacity <= 12; capacity++)
        for (let tokens = 0; tokens <= 6; tokens++) {
          if (roll === 'capacity' && rating > 0) continue;
          const base = { roll, rating, capacity, tokens };
          if (roll === 'group') specs.push({ ...base, supporters: [{ rating, capacity }] });
          else if (roll === 'stacked') specs.push(base, { ...base, policy: 'keep-first-success' });
          else specs.push(base);
        }
  return specs.map((spec) => parseD12ActionSpec(spec));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await benchOtherSystems())
    console.log(
      `${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target}: ${r.ok ? 'ok' : 'MISSED'})` : ''}`,
    );
}
