import type { SystemDeclaration } from '../system.ts';
import { RING_SKILL_OUTCOMES, ringSkillOdds } from './exact.ts';
import { parseRingSkillSpec, ringSkillSpecSchema } from './spec.ts';

/** Ring and Skill dice, declared once (see `SystemDeclaration`). */
export const ringSkillSystem = {
  name: 'ring-skill',
  title: 'Ring (d6) and Skill (d12) symbol dice: keep up to ring, explode in waves, reach TN',
  kernels: { 'systems/ring-skill/simulate': () => import('./simulate.ts') },
  check: {
    specSchema: ringSkillSpecSchema,
    parse: parseRingSkillSpec,
    answer: (check: Parameters<typeof ringSkillOdds>[0]) => ringSkillOdds(check),
    kernel: 'systems/ring-skill/simulate',
    outcomes: RING_SKILL_OUTCOMES,
    numbers: {
      pSuccess: { unit: 'chance', meaning: 'P(success) under optimal keeping' },
      expectedStrife: { unit: 'number', meaning: 'expected strife kept' },
      expectedBonusSuccesses: {
        unit: 'number',
        meaning: 'expected successes beyond TN (0 on a failure)',
      },
      expectedOpportunity: { unit: 'number', meaning: 'expected opportunity kept' },
      expectedSuccesses: { unit: 'number', meaning: 'expected successes kept' },
      pCapped: { unit: 'chance', meaning: 'P(an explosive success kept in the last allowed wave)' },
      expectedUtility: { unit: 'number', meaning: "the objective's expected value" },
    },
    simulated: [
      ...RING_SKILL_OUTCOMES,
      'pSuccess',
      'expectedStrife',
      'expectedBonusSuccesses',
      'expectedOpportunity',
      'expectedSuccesses',
      'pCapped',
      'expectedUtility',
    ],
    axes: ['ring', 'skill', 'tn', 'explodeDepth', 'rerolls'],
  },
} as const satisfies SystemDeclaration<'systems/ring-skill/simulate'>;
