import { checkSystem } from '../system.ts';
import { D6_POOL_OUTCOMES } from './exact.ts';
import { d6PoolReport } from './seed-claim.ts';
import { d6PoolSpecSchema, parseD6PoolSpec } from './spec.ts';

/** The d6 hit pool, declared once (see `SystemDeclaration`). */
export const d6PoolSystem = checkSystem(
  'd6-pool',
  'd6 pool, hits on 5 and 6: failure (0 hits), mixed (1), success (2+)',
  {
    specSchema: d6PoolSpecSchema,
    parse: parseD6PoolSpec,
    answer: d6PoolReport,
    outcomes: D6_POOL_OUTCOMES,
    numbers: { expectedHits: { unit: 'number', meaning: 'expected hits (stat / 3)' } },
    simulated: D6_POOL_OUTCOMES,
    axes: ['stat'],
  },
  () => import('./simulate.ts'),
);
