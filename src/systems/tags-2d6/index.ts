export {
  bandOfTotal,
  rollModifier,
  TAGS_BANDS,
  type Tags2d6Result,
  tags2d6Odds,
  type WeaknessVerdict,
} from './exact.ts';
export type { Tags2d6Simulation } from './simulate.ts';
export {
  ITEM_ROLES,
  type ItemRole,
  MAX_TAGS,
  parseTags2d6Spec,
  TAGS_DEFAULTS,
  type Tags2d6Roll,
  type Tags2d6Spec,
} from './spec.ts';
