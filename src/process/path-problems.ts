/**
 * What the system's error code says about a path a user gave, in the words a message uses
 * (`path: permission denied (EACCES)`): read by the CLI's last resort for bad paths and by the
 * file writer, so each code is worded once.
 */
export const PATH_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a file is in the way where a folder is needed',
  EISDIR: 'a folder is in the way where a file is needed',
  EEXIST: 'something is already there',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many symbolic links',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
};

/**
 * Why a file cannot be read, in the words every reader's message uses (`--spec: cannot read
 * "x.json" (permission denied)`): nothing there is `missing` ("no such file"), a folder is "a
 * folder, not a file", any other code PATH_PROBLEMS' words, without the code.
 * @example readProblem('EISDIR') // "a folder, not a file"
 */
export function readProblem(code: string | undefined, missing = 'no such file'): string {
  if (code === 'ENOENT' || code === 'ENOTDIR') return missing;
  if (code === 'EISDIR') return 'a folder, not a file';
  return (code === undefined ? undefined : PATH_PROBLEMS[code]) ?? code ?? 'unknown error';
}
