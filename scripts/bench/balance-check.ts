import { type Baseline, type BaselineFigure, updateBaseline } from '../../src/scenario/baseline.ts';
import { checkScenarios } from '../../src/scenario/check-scenarios.ts';
import {
  DETECTION_POWER,
  falseAlarmShare,
  proportionEstimate,
  RUN_FALSE_ALARM,
  smallestDetectableMove,
} from '../../src/scenario/judge.ts';
import {
  BASELINE_FILE,
  loadScenarioFiles,
  readBaseline,
} from '../../src/scenario/scenario-files.ts';
import type { BenchRow } from './bench-row.ts';

/** Reseeded runs of the project's suite against its committed baseline (issue 22: 200). */
export const FALSE_ALARM_RUNS = 200;
/** Runs against a baseline every simulated figure of which moved by its smallest move (50). */
export const DETECTION_RUNS = 50;

/**
 * The balance check's error rates, measured on the project's own suite (scenarios/), as CI runs
 * it. False alarms: `dicelab check --seed S` for S = 1…200 against the committed baseline
 * (nothing changed; a run that reports anything — a failure, an inconclusive expectation, a
 * moved figure — is a false alarm; target 0). Detection: 50 times, a fresh baseline of the suite
 * (its own seed), each simulated figure in it moved by the smallest move the run states for it
 * (towards ½ from the run's side, the harder direction), then a check at another seed: the share
 * of moved figures it calls moved (target ≥ 95%, the stated power). Both samples come from the
 * real simulator; the move is applied to the recorded figure (successes − round(δ·n), or the
 * mean − δ), so every figure moved by exactly its stated amount. About 3 s a run on 2 cores:
 * some 15 minutes for both (`npm run bench -- --only check`).
 */
export async function benchBalanceCheck({
  falseAlarmRuns = FALSE_ALARM_RUNS,
  detectionRuns = DETECTION_RUNS,
} = {}): Promise<BenchRow[]> {
  const scenarios = loadScenarioFiles([]);
  const committed = readBaseline(BASELINE_FILE);
  if (!committed) throw new Error(`bench: ${BASELINE_FILE} is missing`);
  const started = performance.now();

  let alarmed = 0;
  let reports = 0;
  for (let seed = 1; seed <= falseAlarmRuns; seed++) {
    const result = await checkScenarios(scenarios, {
      seed,
      baseline: committed,
      baselineFile: BASELINE_FILE,
    });
    const all = result.files.flatMap((f) => f.expectations);
    const reported =
      all.filter((e) => e.verdict !== 'pass').length +
      (result.baseline?.moved.length ?? 0) +
      (result.baseline?.underAnotherName.length ?? 0);
    // A baseline that compared nothing would find no alarm: every figure must be compared.
    if ((result.baseline?.added.length ?? 0) > 0)
      throw new Error(`bench: seed ${seed}: figures not in ${BASELINE_FILE}; record it first`);
    if (reported > 0) {
      alarmed++;
      reports += reported;
      process.stderr.write(`bench: false alarm at seed ${seed} (${reported} reports)\n`);
    }
  }
  const falseAlarmSeconds = (performance.now() - started) / 1000;

  let moved = 0;
  let detected = 0;
  let runsAllDetected = 0;
  const detectionStarted = performance.now();
  for (let run = 1; run <= detectionRuns; run++) {
    const before = await checkScenarios(scenarios, { seed: 100_000 + run });
    // The level the run against the copy tests at: its judgements and, now, its comparisons.
    const share = falseAlarmShare(before.falseAlarm.judgements + before.simulated.length);
    const fresh = updateBaseline(undefined, before.files, 100_000 + run);
    const copy = movedBaseline(fresh, share);
    const after = await checkScenarios(scenarios, { seed: 200_000 + run, baseline: copy.baseline });
    const caught = new Set(after.baseline!.moved.map((m) => `${m.file}\u0000${m.key}`));
    let hits = 0;
    for (const key of copy.moved) if (caught.has(key)) hits++;
    moved += copy.moved.length;
    detected += hits;
    if (hits === copy.moved.length) runsAllDetected++;
  }
  const detectionSeconds = (performance.now() - detectionStarted) / 1000;

  return [
    {
      name: `check: false alarms in ${falseAlarmRuns} reseeded runs of the suite (each run ≤ ${RUN_FALSE_ALARM * 100}% by design)`,
      value: alarmed,
      unit: 'runs',
      target: '0',
      ok: alarmed === 0,
    },
    { name: 'check: reports in those false alarms', value: reports, unit: 'reports' },
    {
      name: `check: moved figures detected, ${detectionRuns} runs each moved by its stated smallest move`,
      value: (100 * detected) / Math.max(1, moved),
      unit: `% of ${moved}`,
      target: `≥ ${DETECTION_POWER * 100}`,
      ok: detected >= DETECTION_POWER * moved,
    },
    {
      name: 'check: detection runs that caught every moved figure',
      value: runsAllDetected,
      unit: `of ${detectionRuns}`,
    },
    { name: 'check: time of the false-alarm runs', value: falseAlarmSeconds, unit: 's' },
    { name: 'check: time of the detection runs', value: detectionSeconds, unit: 's' },
  ];
}

/**
 * A baseline whose simulated figures each moved by the smallest move a run of as many trials
 * detects at level `alpha`: the recorded sample shifted away from ½ by that much, so that the
 * run's figure lies that far from it towards ½. Returns the copy and the moved figures'
 * `file\0key`.
 */
export function movedBaseline(
  baseline: Baseline,
  alpha: number,
): { baseline: Baseline; moved: string[] } {
  const moved: string[] = [];
  const files: Record<string, Record<string, BaselineFigure>> = {};
  for (const [file, figures] of Object.entries(baseline.files)) {
    files[file] = {};
    for (const [key, figure] of Object.entries(figures)) {
      if (typeof figure === 'number') {
        files[file][key] = figure;
        continue;
      }
      moved.push(`${file}\u0000${key}`);
      if (figure.successes !== undefined) {
        // The move the run states is computed from the moved figure: find the δ for which the
        // smallest move from the baseline moved by δ (away from ½, the harder way) is δ itself,
        // by bisection; where a chance near 0 or 1 has no room for that, move it towards ½.
        const n = figure.trials;
        const away = figure.value <= 0.5 ? -1 : 1;
        const stated = (k: number) =>
          smallestDetectableMove(proportionEstimate(figure.successes! + k, n), n, alpha);
        const room = away > 0 ? n - figure.successes : figure.successes;
        let shift: number;
        if (stated(away * room) <= room / n) {
          let lo = 0;
          let hi = room;
          while (hi - lo > 1) {
            const mid = (lo + hi) >> 1;
            if (stated(away * mid) > mid / n) lo = mid;
            else hi = mid;
          }
          shift = away * hi;
        } else {
          let k = 0;
          for (let step = 0; step < 20; step++) k = Math.round(stated(-away * k) * n);
          shift = -away * k;
        }
        const successes = figure.successes + shift;
        files[file][key] = { ...figure, successes, value: successes / figure.trials };
      } else {
        const delta = smallestDetectableMove(
          {
            by: 'simulation',
            estimate: figure.value,
            lo: 0,
            hi: 0,
            trials: figure.trials,
            sd: figure.sd ?? 0,
          },
          figure.trials,
          alpha,
        );
        files[file][key] = { ...figure, value: figure.value - delta };
      }
    }
  }
  return { baseline: { ...baseline, files }, moved };
}
