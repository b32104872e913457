import cliProgress from 'cli-progress';
import { formatCount } from '../format/format-count.ts';

/**
 * A progress display for a run: `update` as trials finish, `stop` once (also on failure), and
 * `note` for a line said while it runs.
 */
export interface ProgressBar {
  update(done: number, total: number): void;
  stop(): void;
  /** Writes one line on the bar's stream, above the bar while one is drawn. */
  note(line: string): void;
}

export interface ProgressBarOptions {
  /** No bar at all (--quiet). */
  quiet?: boolean | undefined;
  /** Where to draw; default process.stderr. Nothing is drawn unless it is a terminal. */
  stream?: NodeJS.WriteStream;
  /** The words before the bar; default "simulating". */
  label?: string;
  /** What is counted; default "trials" (a run on a queue counts "shards"). */
  unit?: string;
}

/**
 * A cli-progress bar on stderr, only when stderr is a terminal and not --quiet (pipes and CI
 * logs get nothing); it clears itself when stopped. Redraws at most 10 times a second. A note
 * written under a drawn bar would be redrawn over and cleared with it, so `note` clears the
 * bar, writes its line and draws the bar again below (its ETA starts over).
 * @example const bar = progressBar({ quiet }); simulate({ …, onProgress: bar.update }); bar.stop() // not run: draws on the terminal
 */
export function progressBar(options: ProgressBarOptions = {}): ProgressBar {
  const stream = options.stream ?? process.stderr;
  const write = (line: string) => {
    stream.write(`${line}\n`);
  };
  if (options.quiet || !stream.isTTY) return { update() {}, stop() {}, note: write };
  const bar = new cliProgress.SingleBar({
    stream,
    format: `${options.label ?? 'simulating'} [{bar}] {percentage}% | {done} of {all} ${options.unit ?? 'trials'} | ETA {eta_formatted}`,
    barCompleteChar: '█',
    barIncompleteChar: '░',
    clearOnComplete: true,
    hideCursor: false, // a second Ctrl-C exits at once: never leave the cursor hidden
    // The terminal's line wrap is left as it is (cli-progress cuts the bar's line to the width
    // instead): turned off while a bar is drawn, it stayed off after anything that ended the
    // process without stopping the bar (SIGTERM, Ctrl-C during an analysis's solve).
    linewrap: true,
    fps: 10,
    // With no progress over its last updates (a queue between two shards), cli-progress's ETA
    // is the text "INF" or "NULL", which its time format cuts to "NFs" or "LLs": say "?".
    formatTime: (eta, format, round) =>
      typeof eta === 'number' ? cliProgress.Format.TimeFormat(eta, format, round) : '?',
  });
  let started = false;
  let shown = { done: 0, total: 0 };
  const update = (doneTrials: number, totalTrials: number) => {
    const counts = {
      done: formatCount(doneTrials),
      all: formatCount(totalTrials),
    };
    if (!started) {
      bar.start(totalTrials, doneTrials, counts);
      started = true;
    } else bar.update(doneTrials, counts);
    shown = { done: doneTrials, total: totalTrials };
  };
  const stop = () => {
    if (started) bar.stop();
    started = false;
  };
  return {
    update,
    stop,
    note(line) {
      const drawn = started;
      stop();
      write(line);
      if (drawn) update(shown.done, shown.total);
    },
  };
}
