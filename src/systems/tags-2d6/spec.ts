import {
  nested,
  readBoolean,
  readChoice,
  readInteger,
  readNumber,
  readRecord,
} from '../spec-fields.ts';

/** What the one item on the roll does: +1 helps, −1 hinders, 0 none. */
export const ITEM_ROLES = ['help', 'hinder', 'none'] as const;
export type ItemRole = (typeof ITEM_ROLES)[number];

/** A 2d6 + tags roll as written in JSON; absent fields take the defaults in {@link TAGS_DEFAULTS}. */
export interface Tags2d6Spec {
  /** Tags called, +1 each (default 0: a pure 2d6 roll). */
  tags?: number;
  /** The one item put to use (default none). */
  item?: ItemRole;
  /** Whether a weakness is invoked: −1, and 1 improvement point (default false). */
  weakness?: boolean;
  /** A designer's value of one improvement point, in band-value units (default 0.25). */
  improvementValue?: number;
  /** Values of the bands for the "is the weakness worth it" question (default 1, 0.5, 0). */
  bandValues?: { clean?: number; cost?: number; miss?: number };
}

/** A validated roll with every option filled in. */
export interface Tags2d6Roll {
  readonly tags: number;
  readonly item: ItemRole;
  readonly weakness: boolean;
  readonly improvementValue: number;
  readonly bandValues: { readonly clean: number; readonly cost: number; readonly miss: number };
}

/** The rules page's defaults. */
export const TAGS_DEFAULTS = {
  tags: 0,
  item: 'none',
  weakness: false,
  improvementValue: 0.25,
  bandValues: { clean: 1, cost: 0.5, miss: 0 },
} as const;

/** Most tags the model takes (at 8 every roll is already a clean success). */
export const MAX_TAGS = 100;

/**
 * Validates a 2d6 + tags spec (parsed JSON) and fills in the defaults. Throws an InputError
 * naming the field; `where` prefixes field names (e.g. "[2]." for the third spec of an array).
 * @example parseTags2d6Spec({ tags: 2, item: 'help' }).improvementValue // 0.25
 */
export function parseTags2d6Spec(input: unknown, where = ''): Tags2d6Roll {
  const spec = readRecord(input, where, [
    'tags',
    'item',
    'weakness',
    'improvementValue',
    'bandValues',
  ]);
  const f = (name: string) => `${where}${name}`;
  const bands =
    spec.bandValues === undefined
      ? {}
      : readRecord(spec.bandValues, nested(where, 'bandValues'), ['clean', 'cost', 'miss']);
  const d = TAGS_DEFAULTS;
  return {
    tags: readInteger(spec.tags, f('tags'), 0, MAX_TAGS, d.tags),
    item: readChoice(spec.item, f('item'), ITEM_ROLES, d.item),
    weakness: readBoolean(spec.weakness, f('weakness'), d.weakness),
    improvementValue: readNumber(spec.improvementValue, f('improvementValue'), d.improvementValue),
    bandValues: {
      clean: readNumber(bands.clean, f('bandValues.clean'), d.bandValues.clean),
      cost: readNumber(bands.cost, f('bandValues.cost'), d.bandValues.cost),
      miss: readNumber(bands.miss, f('bandValues.miss'), d.bandValues.miss),
    },
  };
}
