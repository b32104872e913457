import type { SystemDeclaration } from '../system.ts';
import { D6_POOL_OUTCOMES } from './exact.ts';
import { d6PoolReport } from './seed-claim.ts';
import { d6PoolSpecSchema, parseD6PoolSpec } from './spec.ts';

/** The d6 hit pool, declared once (see `SystemDeclaration`). */
export const d6PoolSystem = {
  name: 'd6-pool',
  title: 'd6 pool, hits on 5 and 6: failure (0 hits), mixed (1), success (2+)',
  kernels: { 'systems/d6-pool/simulate': () => import('./simulate.ts') },
  check: {
    specSchema: d6PoolSpecSchema,
    parse: parseD6PoolSpec,
    answer: d6PoolReport,
    kernel: 'systems/d6-pool/simulate',
    outcomes: D6_POOL_OUTCOMES,
    numbers: { expectedHits: { unit: 'number', meaning: 'expected hits (stat / 3)' } },
    simulated: D6_POOL_OUTCOMES,
    axes: ['stat'],
  },
} as const satisfies SystemDeclaration<'systems/d6-pool/simulate'>;
