// The page's Web Worker: the exact engine, off the main thread. Vite inlines it into the page
// as a blob (module workers cannot start from file://); comlink carries the calls.
import { expose } from 'comlink';
import {
  adviceAnswer,
  type FightProgress,
  type Share,
  scoreSplitsShare,
  solveFight,
  splitsQuestionSize,
  whatIfShare,
} from './page-engine.ts';
import { inPageFields } from './page-field-labels.ts';
import type {
  AdviceQuestion,
  FightQuestion,
  SplitsQuestion,
  WhatIfQuestion,
} from './page-questions.ts';
import { ringSkillAnswer } from './ring-skill/ring-skill-engine.ts';
import type { RingSkillQuestion } from './ring-skill/ring-skill-question.ts';

/** A result and the milliseconds the worker took to compute it. */
export interface Timed<T> {
  readonly result: T;
  readonly ms: number;
}

/** Every call of the engine: timed, and a refusal's advice said in the page's labels. */
function timed<T>(compute: () => T): Timed<T> {
  const start = performance.now();
  try {
    const result = compute();
    return { result, ms: performance.now() - start };
  } catch (error) {
    throw inPageFields(error);
  }
}

const engine = {
  scoreSplitsShare: (
    question: SplitsQuestion,
    share: Share,
    progress?: (p: FightProgress) => void,
  ) => timed(() => scoreSplitsShare(question, share, progress)),
  splitsQuestionSize: (question: SplitsQuestion, stopAbove: number) =>
    timed(() => splitsQuestionSize(question, stopAbove)),
  solveFight: (question: FightQuestion, progress: (p: FightProgress) => void) =>
    timed(() => solveFight(question, progress)),
  adviceAnswer: (question: AdviceQuestion) => timed(() => adviceAnswer(question)),
  whatIfShare: (question: WhatIfQuestion, share: Share, progress?: (p: FightProgress) => void) =>
    timed(() => whatIfShare(question, share, progress)),
  ringSkillAnswer: (question: RingSkillQuestion) => timed(() => ringSkillAnswer(question)),
};

/** What the main thread can call (each returns a promise there). */
export type EngineApi = typeof engine;

expose(engine);
