import type { SystemDeclaration } from '../system.ts';
import { d12ActionOdds } from './exact.ts';
import { ACTION_OUTCOMES, CAPACITY_OUTCOMES } from './plan.ts';
import { d12ActionSpecSchema, parseD12ActionSpec } from './spec.ts';

/** d12 action rolls, declared once (see `SystemDeclaration`). */
export const d12ActionSystem = {
  name: 'd12-action',
  title: 'd12 action rolls: safe, risky, stacked, capacity and group, with balance tokens',
  kernels: { 'systems/d12-action/simulate': () => import('./simulate.ts') },
  check: {
    specSchema: d12ActionSpecSchema,
    parse: parseD12ActionSpec,
    answer: d12ActionOdds,
    kernel: 'systems/d12-action/simulate',
    outcomes: [...ACTION_OUTCOMES, ...CAPACITY_OUTCOMES],
    numbers: {
      expectedUtility: {
        unit: 'number',
        meaning:
          'optimal expected utility of an action roll (outcome utility − tokenValue per token)',
      },
      expectedTokensSpent: { unit: 'number', meaning: 'expected balance tokens spent' },
      expectedBalanceTokens: { unit: 'number', meaning: 'expected balance tokens gained' },
      expectedInterruptionTokens: {
        unit: 'number',
        meaning: 'expected interruption tokens the DM gains',
      },
    },
    simulated: [
      ...ACTION_OUTCOMES,
      ...CAPACITY_OUTCOMES,
      'expectedUtility',
      'expectedTokensSpent',
      'expectedBalanceTokens',
      'expectedInterruptionTokens',
    ],
    axes: ['rating', 'capacity', 'tokens'],
  },
} as const satisfies SystemDeclaration<'systems/d12-action/simulate'>;
