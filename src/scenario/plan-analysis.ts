import { InputError, invalid } from '../input-error.ts';
import type { ReportJob } from '../report/zidara/analysis-output.ts';
import { ADVANTAGE_DEFAULTS } from '../systems/zidara/analyses/advantage.ts';
import { FISHING_DEFAULTS } from '../systems/zidara/analyses/fishing.ts';
import { SPLITS_DEFAULTS } from '../systems/zidara/analyses/splits.ts';
import { FIGHT_DEFAULTS, type Fight, parseFight } from '../systems/zidara/fight/fight.ts';
import { stepsToDice } from '../systems/zidara/roll/pool.ts';
import { canonicalSplit, parseSplit, type Split } from '../systems/zidara/roll/split.ts';
import { type RollSetup, splitRoll } from '../systems/zidara/roll/split-roll.ts';
import type { AnalysisName } from './figure-catalogue.ts';
import {
  actionSteps,
  characterSetup,
  checkSetupAura,
  missing,
  tagCount,
  titleCount,
  unknownName,
} from './resolve-figure.ts';
import type { Analysis, Character, Scenario } from './schema.ts';

/**
 * An analysis of a scenario, ready to run: its report job (the one `dicelab report` runs for its
 * chart and table) and, for a fight, the fight itself (solved exactly for the check's rows, one
 * per round, with Aura and Resolve).
 */
export type PlannedAnalysis =
  | {
      readonly key: string;
      readonly table: Exclude<AnalysisName, 'fight'>;
      readonly job: ReportJob;
    }
  | {
      readonly key: string;
      readonly table: 'fight';
      readonly job: ReportJob;
      readonly fight: Fight;
    };

/**
 * Turns the analysis `key` of a scenario into its job, every name resolved and the setup checked
 * (cheap: notations parsed, a sample roll built, no solve). `at(field)` is the field's path in
 * the file. @throws InputError whose field is a path in the file.
 */
export function planAnalysis(
  scenario: Scenario,
  key: string,
  analysis: Analysis,
  at: (field: string) => string,
): PlannedAnalysis {
  const character = scenario.characters?.[analysis.character];
  if (!character)
    throw unknownName(
      at('character'),
      analysis.character,
      'character',
      Object.keys(scenario.characters ?? {}),
    );
  const setup = characterSetup(character);
  checkSetupAura(setup, analysis.character);
  switch (analysis.analysis) {
    case 'splits': {
      const { challenge, tags } = one(scenario, analysis, at);
      const steps = stepsOf(analysis, character, analysis.character, at);
      const actions = analysis.actions ?? SPLITS_DEFAULTS.actions;
      sample(stepsToDice(steps), challenge, setup, at);
      const intents =
        analysis.intents ??
        (tags === undefined ? undefined : Array.from({ length: tags }, (_, i) => i + 1));
      return {
        key,
        table: 'splits',
        job: {
          analysis: 'splits',
          name: key,
          options: {
            ...setup,
            steps,
            actions,
            challenge,
            ...(intents ? { intents } : {}),
            ...(analysis.objective ? { objective: analysis.objective } : {}),
          },
          ...(analysis.top === undefined ? {} : { top: analysis.top }),
        },
      };
    }
    case 'compare': {
      const { challenge } = one(scenario, analysis, at);
      const splits = analysis.splits.map((text, i) => split(text, at(`splits[${i}]`)));
      sample(splits[0]!.flat(), challenge, setup, at);
      return {
        key,
        table: 'compare',
        job: {
          analysis: 'compare',
          name: key,
          splits: analysis.splits,
          options: {
            ...setup,
            challenge,
            ...(analysis.objective ? { objective: analysis.objective } : {}),
          },
        },
      };
    }
    case 'advantage': {
      const challenges = many(scenario, analysis, at);
      const stacks = analysis.stacks?.map((text, i) => {
        const parsed = split(text, at(`stacks[${i}]`));
        if (parsed.length !== 1)
          throw invalid(at(`stacks[${i}]`), text, 'dice on one intent, such as "d12+d4" (no |)');
        return [...parsed[0]!];
      });
      const sides = analysis.die ? Number(analysis.die.slice(1)) : ADVANTAGE_DEFAULTS.sides;
      sample([sides], challenges?.[0] ?? 1, setup, at);
      return {
        key,
        table: 'advantage',
        job: {
          analysis: 'advantage',
          name: key,
          options: {
            ...setup,
            ...(stacks ? { stacks } : { sides, ...(analysis.most ? { most: analysis.most } : {}) }),
            ...(challenges ? { challenges } : {}),
          },
        },
      };
    }
    case 'fishing': {
      const { challenge } = one(scenario, analysis, at);
      const steps = stepsOf(analysis, character, analysis.character, at);
      sample(stepsToDice(steps), challenge, setup, at);
      return {
        key,
        table: 'fishing',
        job: {
          analysis: 'fishing',
          name: key,
          options: {
            ...setup,
            steps,
            actions: analysis.actions ?? FISHING_DEFAULTS.actions,
            challenge,
            ...(analysis.minorMax ? { minorMaxSides: Number(analysis.minorMax.slice(1)) } : {}),
          },
        },
      };
    }
    case 'rerolls': {
      const challenges = many(scenario, analysis, at);
      let dice: Split;
      if (analysis.split !== undefined) {
        if (analysis.action !== undefined || analysis.steps !== undefined)
          throw invalid(
            at('split'),
            analysis.split,
            'either a split or an action (or steps), not both',
          );
        dice = split(analysis.split, at('split'));
      } else {
        const steps = stepsOf(analysis, character, analysis.character, at);
        dice = canonicalSplit([stepsToDice(steps)]);
      }
      const { resolve: _r, policy: _p, rerolls: _k, ...rest } = setup;
      sample(dice.flat(), challenges?.[0] ?? 1, rest, at);
      return {
        key,
        table: 'rerolls',
        job: {
          analysis: 'rerolls',
          name: key,
          options: {
            ...rest,
            split: dice,
            ...(challenges ? { challenges } : {}),
            ...(analysis.resolve ? { resolve: analysis.resolve } : {}),
            ...(analysis.kinds ? { kinds: analysis.kinds } : {}),
          },
        },
      };
    }
    case 'tune': {
      sample([6], 1, setup, at);
      return {
        key,
        table: 'tune',
        job: {
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
        },
      };
    }
    case 'fight': {
      const { challenge, tags } = one(scenario, analysis, at);
      const fightTags = analysis.tags ?? tags;
      if (fightTags === undefined)
        throw missing(at('tags'), "the threat's tags (with a challenge rather than a threat)");
      const steps = stepsOf(analysis, character, analysis.character, at);
      const startAura = analysis.aura ?? setup.aura;
      checkSetupAura(
        { ...setup, aura: startAura },
        analysis.character,
        analysis.aura === undefined ? undefined : at('aura'),
      );
      const { resolve: _r, policy: _p, aura: _a, ...rest } = setup;
      const options = {
        ...rest,
        ...(startAura === undefined ? {} : { aura: startAura }),
        steps,
        actions: analysis.actions ?? FIGHT_DEFAULTS.actions,
        titles: analysis.titles ?? titleCount(character),
        maxRounds: analysis.maxRounds ?? FIGHT_DEFAULTS.maxRounds,
        ...(analysis.fightPolicy === undefined ? {} : { fightPolicy: analysis.fightPolicy }),
      };
      const fight = pinned(() => parseFight({ ...options, challenge, tags: fightTags }), at(''));
      return {
        key,
        table: 'fight',
        fight,
        job: {
          analysis: 'fights',
          name: key,
          options: { ...options, challenges: [challenge], tags: [fightTags] },
        },
      };
    }
  }
}

/** One threat (or Challenge): its Challenge and, for a threat, its tags. */
function one(
  scenario: Scenario,
  analysis: { vs?: string | undefined; challenge?: number | undefined },
  at: (field: string) => string,
): { challenge: number; tags: number | undefined } {
  if (analysis.vs !== undefined && analysis.challenge !== undefined)
    throw invalid(
      at('challenge'),
      analysis.challenge,
      'either vs (a threat) or challenge, not both',
    );
  if (analysis.vs !== undefined) {
    const threat = scenario.threats?.[analysis.vs];
    if (!threat)
      throw unknownName(at('vs'), analysis.vs, 'threat', Object.keys(scenario.threats ?? {}));
    return { challenge: threat.challenge, tags: tagCount(threat) };
  }
  if (analysis.challenge !== undefined) return { challenge: analysis.challenge, tags: undefined };
  throw missing(at('vs'), 'the threat faced (a key of threats), or a challenge');
}

/** Several threats (or Challenges); undefined for the analysis' default. */
function many(
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
  if (analysis.vs !== undefined) {
    return analysis.vs.map((name, i) => {
      const threat = scenario.threats?.[name];
      if (!threat)
        throw unknownName(at(`vs[${i}]`), name, 'threat', Object.keys(scenario.threats ?? {}));
      return threat.challenge;
    });
  }
  return analysis.challenges ? [...analysis.challenges] : undefined;
}

function stepsOf(
  analysis: { action?: string | undefined; steps?: number | undefined },
  character: Character,
  name: string,
  at: (field: string) => string,
): number {
  if (analysis.action !== undefined && analysis.steps !== undefined)
    throw invalid(at('steps'), analysis.steps, 'either action (a set action) or steps, not both');
  if (analysis.action !== undefined) {
    const action = character.actions[analysis.action];
    if (action === undefined)
      throw unknownName(
        at('action'),
        analysis.action,
        `set action of ${name}`,
        Object.keys(character.actions),
      );
    return actionSteps(action);
  }
  if (analysis.steps !== undefined) return analysis.steps;
  throw missing(
    at('action'),
    `a set action of ${name} (${Object.keys(character.actions).join(', ')}), or steps`,
  );
}

function split(text: string, field: string): Split {
  return parseSplit(text, field);
}

/** Builds one roll of the setup, so its problems are named before any work. */
function sample(
  dice: readonly number[],
  challenge: number,
  setup: RollSetup,
  at: (field: string) => string,
) {
  pinned(() => splitRoll([[...dice]], challenge, setup), at(''));
}

function pinned<T>(make: () => T, field: string): T {
  try {
    return make();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const where = field.replace(/\.$/, '');
    throw new InputError(`${where}: ${error.message}`, where);
  }
}
