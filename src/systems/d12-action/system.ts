import { type CheckNumber, checkSystem } from '../system.ts';
import { d12ActionOdds } from './exact.ts';
import { ACTION_OUTCOMES, CAPACITY_OUTCOMES } from './plan.ts';
import { d12ActionSpecSchema, parseD12ActionSpec } from './spec.ts';

/** The numbers `odds --json` reports of a d12 roll. */
const NUMBERS = {
  expectedUtility: {
    unit: 'number',
    meaning: 'optimal expected utility of an action roll (outcome utility − tokenValue per token)',
  },
  expectedTokensSpent: { unit: 'number', meaning: 'expected balance tokens spent' },
  expectedBalanceTokens: { unit: 'number', meaning: 'expected balance tokens gained' },
  expectedInterruptionTokens: {
    unit: 'number',
    meaning: 'expected interruption tokens the DM gains',
  },
} satisfies Record<string, CheckNumber>;

/** d12 action rolls, declared once (see `SystemDeclaration`). */
export const d12ActionSystem = checkSystem(
  'd12-action',
  'd12 action rolls: safe, risky, stacked, capacity and group, with balance tokens',
  {
    specSchema: d12ActionSpecSchema,
    parse: parseD12ActionSpec,
    answer: d12ActionOdds,
    outcomes: [...ACTION_OUTCOMES, ...CAPACITY_OUTCOMES],
    numbers: NUMBERS,
    // A capacity roll is pass or fail, with no utilities: none of an action roll's own figures.
    figuresOf: (roll) => ({
      field: 'roll',
      value: roll.roll,
      figures:
        roll.roll === 'capacity'
          ? [...CAPACITY_OUTCOMES, ...Object.keys(NUMBERS).filter((n) => n !== 'expectedUtility')]
          : [...ACTION_OUTCOMES, ...Object.keys(NUMBERS)],
    }),
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
