import type { SystemDeclaration } from '../system.ts';

/**
 * Zi'Dara, declared as a system: its kernels. Its scenarios have their own form (characters,
 * threats, analyses: src/scenario/schema.ts), so it declares no one-spec check.
 */
export const zidaraSystem = {
  name: 'zidara',
  title: "Zi'Dara: split the steps into dice and intents, Aura and Resolve",
  kernels: {
    'systems/zidara/simulate': () => import('./simulate.ts'),
    'systems/zidara/fight/simulate-fight': () => import('./fight/simulate-fight.ts'),
  },
} as const satisfies SystemDeclaration<
  'systems/zidara/simulate' | 'systems/zidara/fight/simulate-fight'
>;
