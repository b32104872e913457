// Preloaded (`node --import`) into the CLI under test, it runs again in each worker thread the
// CLI starts (a file worker inherits the preloads): there it says so on stderr, then holds the
// thread for good. A job sent to that thread is thus still "solving" when a signal is sent on
// that line, however short the job: the stand-in for a long solve where the job, as
// `dicelab compare`'s, is too quick for its progress to be waited for. The process's exit ends
// the thread. Plain JS, as the built CLI loads it without tsx.
import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

if (!isMainThread) {
  writeSync(2, 'a worker thread held\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
