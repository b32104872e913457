// Field paths name a place in a spec or scenario file's value, in messages and for locators.

/** A path into a document's value: keys and indices ("expectations", 2, "of", "split"). */
export type FieldPath = readonly (string | number)[];

/** "expectations[2].of.split" → ["expectations", 2, "of", "split"]; "[2].dice" → [2, "dice"]. */
export function fieldPath(field: string): (string | number)[] {
  const steps: (string | number)[] = [];
  for (const part of field.match(/[^.[\]]+|\[\d+\]/g) ?? []) {
    steps.push(part.startsWith('[') ? Number(part.slice(1, -1)) : part);
  }
  return steps;
}

/** ["expectations", 2, "of"] → "expectations[2].of". */
export function fieldName(path: FieldPath): string {
  return path
    .map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`))
    .join('');
}
