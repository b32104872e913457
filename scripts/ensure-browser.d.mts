/** Types of ensure-browser.mjs, for the tests that import it. */
export declare const DEBIAN_CHROMIUM: string;
export declare function chromiumPath(env?: Record<string, string | undefined>): string;

export interface BrowserSystem {
  env: Record<string, string | undefined>;
  isExecutable(path: string): boolean;
  isRoot(): boolean;
  isDebian(): boolean;
  /** Runs a command, output shown; returns its exit status. */
  run(command: string, args: string[]): number;
  log(line: string): void;
}

export type EnsureBrowserResult =
  | { ok: true; path: string; installed: boolean }
  | { ok: false; message: string };

export declare function ensureBrowser(system: BrowserSystem): EnsureBrowserResult;
export declare const realSystem: BrowserSystem;
