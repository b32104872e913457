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

/**
 * The path's stat, or undefined when nothing is there or it cannot be looked at, being in a
 * folder that cannot be entered (EACCES): for a check before the work that leaves the reason to
 * the write or the read, which says it under the flag that named the path.
 */
export function statIfSeen(path: string): Stats | undefined {
  try {
    return statIfAny(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EACCES') return undefined;
    throw error;
  }
}
