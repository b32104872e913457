import { z } from '#zod';
import { choice, flag, integer, number, WORTH_LIMIT } from '../../input/field-schemas.ts';
import { fillDefaults } from '../../input/fill-defaults.ts';
import { parseSpec } from '../../input/issue-messages.ts';

/** What the one item on the roll does: +1 helps, −1 hinders, 0 none. */
export const ITEM_ROLES = ['help', 'hinder', 'none'] as const;
/** One of `ITEM_ROLES`. */
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
  const spec = parseSpec(tags2d6SpecSchema, input, where);
  const d = TAGS_DEFAULTS;
  return {
    tags: spec.tags ?? d.tags,
    item: spec.item ?? d.item,
    weakness: spec.weakness ?? d.weakness,
    improvementValue: spec.improvementValue ?? d.improvementValue,
    bandValues: fillDefaults(spec.bandValues, d.bandValues),
  };
}

/** The spec as `odds --spec` takes it (strict), for scenario files and their schema. */
export const tags2d6SpecSchema = z.strictObject(
  {
    tags: integer(0, MAX_TAGS).optional(),
    item: choice(ITEM_ROLES).optional(),
    weakness: flag().optional(),
    improvementValue: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
    bandValues: z
      .strictObject(
        {
          clean: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
          cost: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
          miss: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
        },
        { error: 'an object such as { "clean": 1, "cost": 0.5, "miss": 0 }' },
      )
      .optional(),
  },
  { error: 'an object' },
);
