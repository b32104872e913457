import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';

/** True when dicelab runs from its TypeScript sources (tsx, vitest), not from its build. */
export const FROM_SOURCES = import.meta.url.endsWith('.ts');

/**
 * A piscina pool of `threads` worker threads running module `entry` (its URL without the
 * extension: `.ts` from the sources, `.js` from the build), whose default export takes a task.
 * From the sources each worker first registers tsx (see worker-from-sources.mjs).
 */
export function workerPool<Task, Result>(entry: URL, threads: number): Piscina<Task, Result> {
  const module = `${entry.href}${FROM_SOURCES ? '.ts' : '.js'}`;
  return new Piscina<Task, Result>({
    filename: FROM_SOURCES ? new URL('./worker-from-sources.mjs', import.meta.url).href : module,
    workerData: { entry: module },
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    // Given no execArgv a worker inherits the Node options it can take; a list given must hold
    // only those: Node refuses V8's flags and per-process ones (`--stack-size=2000`, `--expose-gc`,
    // `--title=x`) in a worker, and no API says which a flag is. V8's apply to workers anyway.
    execArgv: FROM_SOURCES ? sourcesExecArgv() : undefined,
  });
}

let fromSources: string[] | undefined | null = null;

/**
 * From the sources: Node's options minus tsx's preloads, which do nothing in a worker but cost it
 * ~0.5 s of start-up; `undefined` (inherit them all, preloads too) when a worker refuses what is
 * left, as Node itself says, making one worker to ask (once a process, and only when flags remain).
 */
function sourcesExecArgv(): string[] | undefined {
  if (fromSources !== null) return fromSources;
  fromSources = withoutTsxPreloads(process.execArgv);
  if (fromSources.length > 0) {
    try {
      void new Worker('', { eval: true, execArgv: fromSources }).terminate();
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
      fromSources = undefined;
    }
  }
  return fromSources;
}

/** Node options minus `--require …tsx…` / `--import …tsx…` (as `tsx script.ts` passes them). */
function withoutTsxPreloads(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const [flag, inlineValue] = arg.split('=', 2);
    const preload =
      flag === '--require' || flag === '-r' || flag === '--import' || flag === '--loader';
    const value = inlineValue ?? execArgv[i + 1] ?? '';
    if (preload && /(^|[/\\])tsx([/\\]|$)/.test(value)) {
      if (inlineValue === undefined) i++;
      continue;
    }
    kept.push(arg);
  }
  return kept;
}
