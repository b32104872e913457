import { checkSystem } from '../system.ts';
import { d12ActionOdds } from './exact.ts';
import { ACTION_OUTCOMES, CAPACITY_OUTCOMES } from './plan.ts';
import { d12ActionSpecSchema, parseD12ActionSpec } from './spec.ts';

/** d12 action rolls, declared once (see `SystemDeclaration`). */
export const d12ActionSystem = checkSystem(
  'd12-action',
  'd12 action rolls: safe, risky, stacked, capacity and group, with balance tokens',
  {
    specSchema: d12ActionSpecSchema,
    parse: parseD12ActionSpec,
    answer: d12ActionOdds,
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
  () => import('./simulate.ts'),
);
