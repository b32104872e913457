export {
  fillUint32,
  nextInt32,
  nextUint32,
  rollDie,
  type Stream,
  streamFor,
  streamFromState,
} from './xoshiro128.ts';
