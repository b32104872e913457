import { range } from 'd3-array';
import { InputError, invalid } from '../input/input-error.ts';
import { type AnalysisJob, checkAnalysis, sizeAnalysis } from '../systems/run-analysis.ts';
import { REROLLS_DEFAULTS } from '../systems/zidara/analyses/rerolls.ts';
import { ALL_OBJECTIVE_PLAY } from '../systems/zidara/analyses/splits.ts';
import { FIGHT_DEFAULTS, type Fight } from '../systems/zidara/fight/fight.ts';
import { stepsToDice } from '../systems/zidara/roll/pool.ts';
import { refuseResourceValues } from '../systems/zidara/roll/rule-options.ts';
import { canonicalSplit, parseSplit, parseStack } from '../systems/zidara/roll/split.ts';
import type { ScenarioAnalysisName } from './figure-catalogue.ts';
import { checkResolveHeld } from './plan-problem.ts';
import {
  characterOf,
  fightOf,
  setupOf,
  shownName,
  stepsOf,
  threatFaced,
  threatOf,
  titleCount,
} from './resolve-figure.ts';
import type { Analysis, Scenario } from './schema.ts';

/**
 * An analysis of a scenario, ready to run: its job (the one `dicelab report` runs for its chart
 * and table) and, for a fight, the fight itself (solved exactly for the check's rows, one per
 * round, with Aura and Resolve).
 */
export type PlannedAnalysis =
  | {
      readonly key: string;
      readonly table: Exclude<ScenarioAnalysisName, 'fight'>;
      readonly job: AnalysisJob;
      readonly names: AnalysisNames;
    }
  | {
      readonly key: string;
      readonly table: 'fight';
      readonly job: AnalysisJob;
      readonly names: AnalysisNames;
      readonly fight: Fight;
    };

/**
 * Who an analysis ran with, as the file calls them for people (`shownName`): its job holds
 * only their numbers (a threat is its Challenge), which no reader can tell apart.
 */
export interface AnalysisNames {
  readonly character: string;
  /** The threats it faces (`vs`), in the file's order; none for bare Challenges. */
  readonly threats: readonly string[];
}

/**
 * Turns the analysis `key` of a scenario into its job, every name resolved, and checks the job
 * as its analysis reads it (`checkAnalysis`: cheap, nothing solved) and sizes its work as its
 * run does (`sizeAnalysis`: milliseconds, nothing solved). `at(field)` is the field's path in
 * the file. @throws InputError whose field is a path in the file.
 */
export function planAnalysis(
  scenario: Scenario,
  key: string,
  analysis: Analysis,
  at: (field: string) => string,
): PlannedAnalysis {
  const { name, character } = characterOf(scenario, analysis, at);
  const setup = setupOf(character, name);
  const steps = () =>
    stepsOf(analysis as Parameters<typeof stepsOf>[0], character, name, at, true)!;
  // The character's roll of the analysis' steps and actions against a Challenge.
  const stepsRoll = (actions: number | undefined, challenge: number) => ({
    ...setup,
    steps: steps(),
    ...(actions === undefined ? {} : { actions }),
    challenge,
  });
  // The character's worths of Aura and Resolve left, which a ranking by P(all won) never reads.
  if ('objective' in analysis && analysis.objective === 'all')
    refuseResourceValues(
      setup,
      `objective primary, wins or utility, not all as in ${at('')}`,
      ALL_OBJECTIVE_PLAY,
      (field) => `characters.${name}.${field}`,
    );
  let job: AnalysisJob;
  let fight: Fight | undefined;
  switch (analysis.analysis) {
    case 'splits': {
      const { challenge, tags } = threatFaced(scenario, analysis, at);
      const intents = analysis.intents ?? (tags === undefined ? undefined : range(1, tags + 1));
      job = {
        analysis: 'splits',
        name: key,
        options: {
          ...stepsRoll(analysis.actions, challenge),
          ...(intents ? { intents } : {}),
          ...(analysis.objective ? { objective: analysis.objective } : {}),
        },
        ...(analysis.top === undefined ? {} : { top: analysis.top }),
      };
      break;
    }
    case 'stated-splits': {
      const { challenge } = threatFaced(scenario, analysis, at);
      job = {
        analysis: 'stated-splits',
        name: key,
        splits: analysis.splits,
        options: {
          ...setup,
          challenge,
          ...(analysis.objective ? { objective: analysis.objective } : {}),
        },
      };
      break;
    }
    case 'advantage': {
      const challenges = threatsFaced(scenario, analysis, at);
      const stacks = analysis.stacks?.map((text, i) => parseStack(text, at(`stacks[${i}]`)));
      const sides = analysis.die === undefined ? undefined : Number(analysis.die.slice(1));
      job = {
        analysis: 'advantage',
        name: key,
        options: {
          ...setup,
          ...(stacks
            ? { stacks }
            : {
                ...(sides === undefined ? {} : { sides }),
                ...(analysis.most ? { most: analysis.most } : {}),
              }),
          ...(challenges ? { challenges } : {}),
        },
      };
      break;
    }
    case 'fishing': {
      job = {
        analysis: 'fishing',
        name: key,
        options: {
          ...stepsRoll(analysis.actions, threatFaced(scenario, analysis, at).challenge),
          ...(analysis.minorMax ? { minorMaxSides: Number(analysis.minorMax.slice(1)) } : {}),
        },
      };
      break;
    }
    case 'rerolls': {
      const challenges = threatsFaced(scenario, analysis, at);
      if (analysis.split !== undefined && (analysis.action ?? analysis.steps) !== undefined)
        throw invalid(
          at('split'),
          analysis.split,
          'either a split or an action (or steps), not both',
        );
      const split =
        analysis.split === undefined
          ? canonicalSplit([stepsToDice(steps())])
          : parseSplit(analysis.split, at('split'));
      const { resolve: _r, policy: _p, rerolls: _k, ...rest } = setup;
      // Each level is the Resolve the character holds for the roll, as its own `resolve` is:
      // never more than its Titles (the analysis' default levels too).
      const titles = titleCount(character);
      const resolve = analysis.resolve ?? REROLLS_DEFAULTS.resolve.filter((l) => l <= titles);
      resolve.forEach((level, i) => {
        checkResolveHeld(level, titles, at(`resolve[${i}]`));
      });
      job = {
        analysis: 'rerolls',
        name: key,
        options: {
          ...rest,
          split,
          ...(challenges ? { challenges } : {}),
          resolve,
          ...(analysis.kinds ? { kinds: analysis.kinds } : {}),
        },
      };
      break;
    }
    case 'tune':
      job = {
        analysis: 'tune',
        name: key,
        options: {
          ...setup,
          ...(analysis.steps ? { steps: analysis.steps } : {}),
          ...(analysis.challenges ? { challenges: analysis.challenges } : {}),
          ...(analysis.actions ? { actions: analysis.actions } : {}),
          ...(analysis.pool ? { pool: analysis.pool } : {}),
        },
        ...(analysis.target === undefined
          ? {}
          : { target: { winChance: analysis.target, solveFor: 'challenge' as const } }),
      };
      break;
    case 'fight': {
      const maxRounds = analysis.maxRounds ?? FIGHT_DEFAULTS.maxRounds;
      const planned = fightOf(scenario, analysis, character, name, maxRounds, at);
      fight = planned.fight;
      job = {
        analysis: 'fight-curves',
        name: key,
        options: { ...planned.options, challenges: [fight.challenge], tags: [fight.tags] },
      };
      break;
    }
  }
  checked(job, analysis, at);
  const vs = 'vs' in analysis ? analysis.vs : undefined;
  const names = {
    character: shownName(name, character),
    threats: (typeof vs === 'string' ? [vs] : (vs ?? [])).map((threat) =>
      shownName(threat, threatOf(scenario, threat, at('vs'))),
    ),
  };
  return fight
    ? { key, table: 'fight', job, names, fight }
    : { key, table: analysis.analysis as Exclude<ScenarioAnalysisName, 'fight'>, job, names };
}

/** Several threats (`vs`: their Challenges) or `challenges`; undefined for the analysis' default. */
function threatsFaced(
  scenario: Scenario,
  analysis: { vs?: readonly string[] | undefined; challenges?: readonly number[] | undefined },
  at: (field: string) => string,
): number[] | undefined {
  if (analysis.vs !== undefined && analysis.challenges !== undefined)
    throw invalid(
      at('challenges'),
      analysis.challenges,
      'either vs (threats) or challenges, not both',
    );
  if (analysis.vs !== undefined)
    return analysis.vs.map((name, i) => threatOf(scenario, name, at(`vs[${i}]`)).challenge);
  return analysis.challenges ? [...analysis.challenges] : undefined;
}

/** The job's own options, named as the scenario names them where the two differ. */
const FIELD_IN_FILE: Readonly<Record<string, string>> = { sides: 'die', minorMaxSides: 'minorMax' };

/**
 * Checks the job as its analysis reads it and sizes its work as its run does (a splits search
 * too large is refused now, not after the analyses before it ran), a problem pointed as
 * {@link analysisProblem} does.
 */
function checked(job: AnalysisJob, analysis: Analysis, at: (field: string) => string): void {
  try {
    checkAnalysis(job);
    sizeAnalysis(job);
  } catch (error) {
    if (!(error instanceof InputError) || error.field === undefined) throw error;
    throw analysisProblem(error, analysis, at);
  }
}

/**
 * A problem of an analysis' job (its check, or a refusal of its run such as a splits search
 * too large), named as the file names it: one with the analysis' own fields is pointed at that
 * field ("analyses.x.intents[1]"; Challenges set by `vs` at `vs`), anything else (the
 * character's setup, steps from a set action) at the analysis. `at(field)` is the field's path
 * in the file; the error's field is the job's.
 */
export function analysisProblem(
  error: InputError,
  analysis: Analysis,
  at: (field: string) => string,
): InputError & { readonly field: string } {
  const field = error.field ?? '';
  const [, head = '', rest = ''] = /^([A-Za-z]*)(.*)$/.exec(field) ?? [];
  const own = FIELD_IN_FILE[head] ?? head;
  const where =
    head === 'challenges' && 'vs' in analysis && analysis.vs !== undefined
      ? at('vs')
      : own in analysis
        ? at(`${own}${rest}`)
        : at('');
  const message =
    field && error.message.startsWith(`${field}:`)
      ? `${where}${error.message.slice(field.length)}`
      : `${where}: ${error.message}`;
  return new InputError(message, where) as InputError & { readonly field: string };
}
