/** Types of ensure-debian-package.mjs. */
export interface DebianProgram {
  /** Prefixes every line, e.g. "ensure-redis". */
  tool: string;
  /** Its name in messages, e.g. "redis-server". */
  program: string;
  packageName: string;
  /** Where Debian's package puts it. */
  path: string;
  /** The environment variable that may point elsewhere. */
  pathVariable: string;
}

/** The machine as the installer sees it (a test describes one). */
export interface DebianSystem {
  env: Record<string, string | undefined>;
  isExecutable(path: string): boolean;
  isRoot(): boolean;
  isDebian(): boolean;
  /** Runs a command, output shown; returns its exit status. */
  run(command: string, args: string[]): number;
  log(line: string): void;
}

export type EnsureResult =
  | { ok: true; path: string; installed: boolean }
  | { ok: false; message: string };

export declare function programPath(
  wanted: DebianProgram,
  env?: Record<string, string | undefined>,
): string;
export declare function ensureDebianPackage(
  wanted: DebianProgram,
  system: DebianSystem,
): EnsureResult;
export declare function ensureAsScript(wanted: DebianProgram): void;
export declare const realSystem: DebianSystem;
