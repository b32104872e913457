import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';
import {
  parseRingSkillSpec,
  RING_SKILL_LIMITS,
  type RingSkillSpec,
  ringSkillOdds,
} from '../../src/systems/ring-skill/index.ts';
import type { BenchRow } from './bench-row.ts';
import { bestOf } from './best-of.ts';
import { COMPILED_CLI, wallMs } from './compiled-cli.ts';

/** How many timed runs a warm figure is the best of (the first also warms the JIT and the caches). */
const RUNS = 5;
/** How many fresh processes a cold figure is the median of (one alone varies by a fifth). */
const COLD_RUNS = 5;
/** The least check (one Ring die against TN 1): its command is the CLI's start-up. */
const LEAST: RingSkillSpec = { ring: 1, skill: 0, tn: 1 };

/** Every Ring and Skill check within its limits: the issue's target, ms. */
const CHECK_TARGET_MS = 200;
/** Ring 3 + skill 2, warm: the issue's target, ms. */
const SMALL_TARGET_MS = 5;
/** Peak memory of any of them: the issue's target, MB. */
const MEMORY_TARGET_MB = 1024;

const L = RING_SKILL_LIMITS;
/** The checks timed, with their warm targets (ms). */
const CHECKS: { name: string; spec: RingSkillSpec; targetMs: number }[] = [
  { name: 'ring 3 + skill 2, TN 3', spec: { ring: 3, skill: 2, tn: 3 }, targetMs: SMALL_TARGET_MS },
  { name: 'ring 5 + skill 5, TN 5', spec: { ring: 5, skill: 5, tn: 5 }, targetMs: CHECK_TARGET_MS },
  {
    name: `ring ${L.ring} + skill ${L.skill}, TN ${L.tn}, ${L.rerolls} rerolls, depth ${L.explodeDepth} (the slowest allowed)`,
    spec: {
      ring: L.ring,
      skill: L.skill,
      tn: L.tn,
      explodeDepth: L.explodeDepth,
      rerolls: L.rerolls,
    },
    targetMs: CHECK_TARGET_MS,
  },
];

/** This module compiled (build/scripts/bench/ring-skill.js), run as a child for cold figures. */
const SELF = fileURLToPath(import.meta.url);

/**
 * Ring and Skill speed (issue 25), in process: each check cold (the first solve in a fresh
 * process, after the imports: no cache, no JIT; the median of 5 processes) and warm (best of 5 in one process), the
 * worst warm check of ring 5 + skill 5 over TN 1..8 × rerolls 0..2, and the peak RSS of the
 * processes that ran them; and each check through the CLI (`ring-skill odds … --json`), less the
 * CLI's start-up (the same command on the least check), medians of 5. Targets: every check ≤ 200
 * ms, ring 3 + skill 2 ≤ 5 ms warm, memory ≤ 1 GB. About two minutes.
 */
export async function benchRingSkill(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let peakMb = 0;
  const ms = (name: string, value: number, targetMs?: number): BenchRow => ({
    name,
    value: Math.round(value * 100) / 100,
    unit: 'ms',
    ...(targetMs === undefined ? {} : { target: `≤ ${targetMs}`, ok: value <= targetMs }),
  });
  for (const check of CHECKS) {
    const children = Array.from({ length: COLD_RUNS }, () => runChild(check.spec));
    for (const child of children) peakMb = Math.max(peakMb, child.rssMb);
    const cold = median(children.map((child) => child.coldMs));
    const warm = Math.min(...children.map((child) => child.warmMs));
    rows.push(
      ms(
        `ring-skill: ${check.name}, cold, in process (median of ${COLD_RUNS} fresh processes)`,
        cold,
        CHECK_TARGET_MS,
      ),
    );
    rows.push(ms(`ring-skill: ${check.name}, warm, in process`, warm, check.targetMs));
  }
  if (existsSync(COMPILED_CLI)) {
    const cli = (spec: RingSkillSpec) =>
      median(Array.from({ length: COLD_RUNS }, () => wallMs(command(spec))));
    const startUp = cli(LEAST);
    rows.push(ms('ring-skill start-up: ring 1 + skill 0, TN 1, through the CLI', startUp));
    for (const check of CHECKS)
      rows.push(
        ms(
          `ring-skill: ${check.name}, through the CLI, start-up subtracted`,
          cli(check.spec) - startUp,
          CHECK_TARGET_MS,
        ),
      );
  }
  const sweep = runChild({ sweep: true });
  peakMb = Math.max(peakMb, sweep.rssMb);
  rows.push(
    ms(
      'ring-skill: worst warm check of ring 5 + skill 5, TN 1..8 × rerolls 0..2',
      sweep.warmMs,
      CHECK_TARGET_MS,
    ),
  );
  rows.push({
    name: 'ring-skill: peak RSS of the processes above',
    value: Math.round(peakMb),
    unit: 'MB',
    target: `≤ ${MEMORY_TARGET_MB}`,
    ok: peakMb <= MEMORY_TARGET_MB,
  });
  return rows;
}

/** `ring-skill odds` on a check, as a command line of the compiled CLI. */
function command(spec: RingSkillSpec): string[] {
  const flags = Object.entries(spec).flatMap(([field, value]) => [
    `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    String(value),
  ]);
  return [COMPILED_CLI, 'ring-skill', 'odds', ...flags, '--json'];
}

interface ChildFigures {
  coldMs: number;
  warmMs: number;
  rssMb: number;
}

/** Runs this module as a fresh process on one check (or the sweep) and reads its figures. */
function runChild(job: RingSkillSpec | { sweep: true }): ChildFigures {
  const run = spawnSync(process.execPath, [SELF, '--child', JSON.stringify(job)], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the ring-skill bench child failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as ChildFigures;
}

/** In the child: the figures of one check, or of the sweep (worst warm check, best of 2 each). */
function childFigures(job: RingSkillSpec | { sweep: true }): ChildFigures {
  let coldMs = 0;
  let warmMs = 0;
  if ('sweep' in job) {
    for (let tn = 1; tn <= L.tn; tn++)
      for (let rerolls = 0; rerolls <= L.rerolls; rerolls++) {
        const check = parseRingSkillSpec({ ring: 5, skill: 5, tn, rerolls });
        warmMs = Math.max(
          warmMs,
          bestOf(2, () => ringSkillOdds(check)),
        );
      }
  } else {
    const check = parseRingSkillSpec(job);
    const start = performance.now();
    ringSkillOdds(check);
    coldMs = performance.now() - start;
    warmMs = bestOf(RUNS, () => ringSkillOdds(check));
  }
  return { coldMs, warmMs, rssMb: process.resourceUsage().maxRSS / 1024 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--child');
  if (at >= 0) {
    process.stdout.write(JSON.stringify(childFigures(JSON.parse(process.argv[at + 1]!))));
  } else {
    for (const r of await benchRingSkill())
      console.log(
        `${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target}: ${r.ok ? 'met' : 'MISSED'})` : ''}`,
      );
  }
}
