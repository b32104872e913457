/**
 * A record of options with each absent one taken from `defaults`, in the defaults' order: the
 * nested options of a spec (utilities, weights, band values) that may be given in part.
 * O(keys).
 * @example fillDefaults({ cost: 0.3 }, { clean: 1, cost: 0.5, miss: 0 }) // { clean: 1, cost: 0.3, miss: 0 }
 */
export function fillDefaults<Key extends string, Value>(
  given: { readonly [K in Key]?: Value } | undefined,
  defaults: { readonly [K in Key]: Value },
): { readonly [K in Key]: Value } {
  const filled = {} as { [K in Key]: Value };
  for (const key of Object.keys(defaults) as Key[]) filled[key] = given?.[key] ?? defaults[key];
  return filled;
}
