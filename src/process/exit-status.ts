/**
 * The exit statuses of `dicelab`, one meaning each, so that CI can act on them:
 * - `ok` 0: done; for `check`, every expectation passed and no figure moved;
 * - `failed` 1: `check` found an expectation failed or a figure moved from the baseline — and
 *   nothing else ever exits 1;
 * - `badInput` 2: a flag, a file or a path is wrong (one line on stderr names it; nothing ran,
 *   nothing was written);
 * - `inconclusive` 3: `check` could not decide a simulated expectation within its trial cap;
 * - `unavailable` 69 (EX_UNAVAILABLE): what the work needs is not there — Redis could not be
 *   reached, a shard failed on every try, the queue's packages are not installed, `serve`'s site
 *   is not built (one line on stderr names the URL, the shard, the packages or the folder);
 * - `internal` 70 (EX_SOFTWARE): a bug in dicelab; the message asks for a report;
 * - `outputFailed` 74 (EX_IOERR): the output could not be written — stdout failed (a full
 *   disk, `>/dev/full`; one line on stderr names stdout and the error); a reader that goes away
 *   (`| head`) is not a failure;
 * - `interrupted` 130 and `terminated` 143: stopped by SIGINT (Ctrl-C) or SIGTERM (128 + signal).
 * @example process.exitCode = EXIT.badInput // 2
 */
export const EXIT = {
  ok: 0,
  failed: 1,
  badInput: 2,
  inconclusive: 3,
  unavailable: 69,
  internal: 70,
  outputFailed: 74,
  interrupted: 130,
  terminated: 143,
} as const;

/** One of the statuses above. */
export type ExitStatus = (typeof EXIT)[keyof typeof EXIT];
