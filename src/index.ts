/**
 * `dicelab`: the map of everything public. Each system, the distribution algebra and the
 * scenario checks are a namespace here and an import path of their own, which loads only
 * what it needs (`import { odds } from 'dicelab/zidara'`):
 *
 * | namespace | import path | what |
 * |---|---|---|
 * | `zidara` | `dicelab/zidara` | Zi'Dara: odds, simulation, advice mid-roll, fights, every analysis |
 * | `d6Pool` | `dicelab/d6-pool` | the d6 hit pool |
 * | `tags2d6` | `dicelab/tags-2d6` | 2d6 + tags |
 * | `d12Action` | `dicelab/d12-action` | d12 action rolls |
 * | `ringSkill` | `dicelab/ring-skill` | Ring and Skill dice |
 * | `distribution` | `dicelab/distribution` | exact distributions and their algebra |
 * | `scenario` | `dicelab/scenario` | scenario files checked from code, as `dicelab check` does |
 *
 * ESM only (Node ≥ 20). What is not exported here or under those paths is internal.
 * @example zidara.odds({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }], auraMax: 0 }).intents[0].pWin // 0.5625
 * @packageDocumentation
 */
export * as d6Pool from './api/d6-pool.ts';
export * as d12Action from './api/d12-action.ts';
export * as distribution from './api/distribution.ts';
export * as ringSkill from './api/ring-skill.ts';
export * as scenario from './api/scenario.ts';
export * as tags2d6 from './api/tags-2d6.ts';
export * as zidara from './api/zidara.ts';
export { InputError } from './input/input-error.ts';
export { EXIT, type ExitStatus } from './process/exit-status.ts';
export { DICELAB_VERSION } from './process/version.ts';
export { MAX_SEED } from './rng/index.ts';
export {
  COMPARE_DEFAULTS,
  COMPARED_SYSTEMS,
  type ComparedSystem,
  type CompareSystemsOptions,
  compareSystems,
  type SystemCompareRow,
  ZIDARA_DECIMALS,
} from './systems/compare.ts';
