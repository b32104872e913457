import { InvalidArgumentError } from '@commander-js/extra-typings';

/**
 * Commander argument parsers that reject bad values with a message naming what is allowed.
 * Commander adds the flag name; `run.ts` turns the error into one line and exit status 2.
 */
export function integerFlag(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      const range =
        max === Number.MAX_SAFE_INTEGER
          ? `an integer ≥ ${min}`
          : `an integer from ${min} to ${max}`;
      throw new InvalidArgumentError(`${JSON.stringify(raw)} is not allowed (expected ${range})`);
    }
    return value;
  };
}

export function numberFlag(min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY) {
  return (raw: string): number => {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
      const bounds = [
        Number.isFinite(min) ? `≥ ${min}` : '',
        Number.isFinite(max) ? `≤ ${max}` : '',
      ].filter(Boolean);
      const allowed = bounds.length ? `a number ${bounds.join(' and ')}` : 'a finite number';
      throw new InvalidArgumentError(`${JSON.stringify(raw)} is not allowed (expected ${allowed})`);
    }
    return value;
  };
}

export function choiceFlag<T extends string>(choices: readonly T[]) {
  return (raw: string): T => {
    if (!(choices as readonly string[]).includes(raw)) {
      throw new InvalidArgumentError(
        `${JSON.stringify(raw)} is not allowed (expected one of ${choices.join(', ')})`,
      );
    }
    return raw as T;
  };
}
