export {
  type D12Action,
  type D12Advice,
  type D12AdviceRequest,
  d12Advice,
  parseD12AdviceRequest,
} from './advise.ts';
export {
  type D12ActionResult,
  d12ActionOdds,
  type Spread,
  type SupporterResult,
} from './exact.ts';
// D12Plan: the type of d12Advice's optional plan (it builds one when not given; the entry's
// d12Plan builds one to share).
export { ACTION_OUTCOMES, CAPACITY_OUTCOMES, type D12Plan } from './plan.ts';
export type { D12ActionSimulation } from './simulate.ts';
export {
  D12_DEFAULTS,
  D12_LIMITS,
  D12_ROLLS,
  type D12ActionRoll,
  type D12ActionSpec,
  type D12CapacityRollSpec,
  type D12GroupRollSpec,
  type D12ProficiencyRollSpec,
  type D12RiskyRollSpec,
  type D12Roll,
  type D12SpecOptions,
  type D12Utilities,
  parseD12ActionSpec,
  STACKED_POLICIES,
  type StackedPolicy,
  type Supporter,
  type SupporterSpec,
} from './spec.ts';
