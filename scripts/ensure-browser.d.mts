/** Types of ensure-browser.mjs, for the tests that import it. */
import type { DebianSystem, EnsureResult } from './ensure-debian-package.mjs';

export declare const DEBIAN_CHROMIUM: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare function chromiumPath(env?: Record<string, string | undefined>): string;

export type BrowserSystem = DebianSystem;
export type EnsureBrowserResult = EnsureResult;

export declare function ensureBrowser(system: BrowserSystem): EnsureBrowserResult;
export declare const realSystem: BrowserSystem;
