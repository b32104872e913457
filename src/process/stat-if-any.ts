import { type Stats, statSync } from 'node:fs';

/** The path's stat, or undefined when nothing is there (a file in the way of a parent included). */
export function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}
