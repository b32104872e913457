import { type Remote, wrap } from 'comlink';
import type { EngineApi } from './engine-worker.ts';
import EngineWorker from './engine-worker.ts?worker&inline';

/** A call to the engine: what to ask its worker. */
type Call<T> = (engine: Remote<EngineApi>) => Promise<T>;

/** What became of a call: its result, or it was replaced by a newer call or cancelled. */
export type Outcome<T> = { readonly done: true; readonly value: T } | { readonly done: false };

interface Job {
  readonly call: Call<unknown>;
  readonly settle: (outcome: Outcome<unknown>) => void;
  readonly fail: (error: unknown) => void;
}

/**
 * One engine worker that always answers the latest question: a call made while another runs
 * waits and replaces any call already waiting (which settles as not done); a running call
 * older than `restartAfterMs` is abandoned (the worker is terminated and started afresh),
 * so a long solve never holds up the question the user asks now, while a quick one finishes
 * in a worker whose compiled code stays warm. `cancel()` does the same on
 * demand. The main thread only posts messages: it never waits on the engine.
 */
export class EngineClient {
  private worker: Worker;
  private engine: Remote<EngineApi>;
  private running: (Job & { readonly since: number }) | undefined;
  private waiting: Job | undefined;
  /** Bumped on every restart: answers from a terminated worker are ignored. */
  private generation = 0;
  private readonly restartAfterMs: number;

  constructor(restartAfterMs = 1000) {
    this.restartAfterMs = restartAfterMs;
    this.worker = new EngineWorker();
    this.engine = wrap<EngineApi>(this.worker);
  }

  /** Asks the engine; resolves `{ done: false }` if a newer call or `cancel()` overtakes it. */
  latest<T>(call: Call<T>): Promise<Outcome<T>> {
    return new Promise((settle, fail) => {
      this.waiting?.settle({ done: false });
      this.waiting = { call, settle: settle as Job['settle'], fail };
      if (this.running && performance.now() - this.running.since > this.restartAfterMs)
        this.restart();
      this.pump();
    });
  }

  /** Abandons the running call and any waiting one (they settle as not done). */
  cancel(): void {
    this.waiting?.settle({ done: false });
    this.waiting = undefined;
    if (this.running) this.restart();
  }

  /**
   * Leaves this worker out of the latest question: a waiting call settles as not done, and a
   * running one is abandoned if older than `restartAfterMs` (a quick one finishes, and the
   * worker's compiled code stays warm).
   */
  release(): void {
    this.waiting?.settle({ done: false });
    this.waiting = undefined;
    if (this.running && performance.now() - this.running.since > this.restartAfterMs)
      this.restart();
  }

  /** Whether a call is running now. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  private restart(): void {
    this.worker.terminate();
    this.generation++;
    this.running?.settle({ done: false });
    this.running = undefined;
    this.worker = new EngineWorker();
    this.engine = wrap<EngineApi>(this.worker);
  }

  private pump(): void {
    if (this.running || !this.waiting) return;
    const job = this.waiting;
    this.waiting = undefined;
    this.running = { ...job, since: performance.now() };
    const generation = this.generation;
    const finish = (report: () => void) => {
      if (generation !== this.generation) return;
      this.running = undefined;
      // A newer question is waiting: this answer is already out of date.
      if (this.waiting) job.settle({ done: false });
      else report();
      this.pump();
    };
    job.call(this.engine).then(
      (value) => finish(() => job.settle({ done: true, value })),
      (error) => finish(() => job.fail(error)),
    );
  }
}
