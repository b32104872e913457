export {
  fillUint32,
  nextUint32,
  rollDie,
  type Stream,
  streamFor,
  streamFromState,
} from './xoshiro128.ts';
