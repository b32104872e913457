export {
  fillUint32,
  MAX_SEED,
  nextUint32,
  rollDie,
  type Stream,
  streamFor,
  streamFromState,
} from './xoshiro128.ts';
