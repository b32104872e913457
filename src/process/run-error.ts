import type { ExitStatus } from './exit-status.ts';

/**
 * A run that stopped for a reason that is neither bad input nor a bug in dicelab: Redis out of
 * reach, a shard that failed on every try, a wait interrupted. Its message is one line; the
 * CLI prints it and exits with `status` (`EXIT.unavailable`, `EXIT.interrupted`, …).
 * @example new RunError('--queue: cannot reach Redis at redis://127.0.0.1:6379 (ECONNREFUSED)', EXIT.unavailable).status // 69
 */
export class RunError extends Error {
  override readonly name = 'RunError';
  readonly status: ExitStatus;

  constructor(message: string, status: ExitStatus) {
    super(message);
    this.status = status;
  }
}
