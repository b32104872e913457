import { EXIT } from '../process/exit-status.ts';
import { RunError } from '../process/run-error.ts';
import { DICELAB_PACKAGE } from '../process/version.ts';

/**
 * The packages the queue runs on: optional peer dependencies of dicelab (package.json's
 * `peerDependencies`), so that installing dicelab for a balance check does not bring them in.
 */
export const QUEUE_PACKAGES = ['bullmq', 'ioredis'] as const;

/**
 * What to type to add the queue's packages, with the ranges package.json supports.
 * @example queueInstallCommand() // "npm install bullmq@^6.7.0 ioredis@^6.0.0"
 */
export function queueInstallCommand(): string {
  const wanted = QUEUE_PACKAGES.map((name) => `${name}@${DICELAB_PACKAGE.peerDependencies[name]}`);
  return `npm install ${wanted.join(' ')}`;
}

/**
 * Imports a module of the queue (`load` imports it). When BullMQ or ioredis is not installed,
 * the command stops with one line saying what to install (exit 69, `EXIT.unavailable`: the work
 * cannot be sent to a queue), not with Node's stack trace.
 * @example const { runQueueWorker } = await loadQueueModule(() => import('./worker.ts')) // not run: loads BullMQ
 * @throws RunError naming the missing package and the command that installs both.
 */
export async function loadQueueModule<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    const missing = missingQueuePackage(error);
    if (missing === undefined) throw error;
    throw new RunError(
      `the queue needs the packages ${QUEUE_PACKAGES.join(' and ')} (optional peer dependencies of dicelab; ${missing} is not installed): ${queueInstallCommand()}`,
      EXIT.unavailable,
    );
  }
}

/** The queue package an import failed to find, if that is why it failed. */
function missingQueuePackage(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  if (code !== 'ERR_MODULE_NOT_FOUND' || typeof message !== 'string') return undefined;
  return QUEUE_PACKAGES.find((name) => message.includes(`'${name}'`));
}
