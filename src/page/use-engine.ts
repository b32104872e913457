import type { Remote } from 'comlink';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { EngineClient } from './engine-client.ts';
import type { EngineApi, Timed } from './engine-worker.ts';
import type { FightProgress, Share } from './page-engine.ts';
import { estimateSeconds, learnCost, QUESTION_SIZE } from './question-size.ts';

/** Where a view's computation stands. */
export interface Computation<T> {
  /**
   * `computing` keeps the last answer on screen (marked stale) until the new one arrives;
   * `error` has none (the last answered another question).
   */
  /** `confirm`: the question is big; the page waits for the user to say "solve it". */
  readonly status: 'idle' | 'computing' | 'confirm' | 'ready' | 'error' | 'cancelled';
  /** The last answer, and the key of the question it answers. */
  readonly result?: T;
  readonly answered?: string;
  /** The engine's one-line message when the question cannot be answered. */
  readonly error?: string;
  /** Milliseconds the worker took for the last answer. */
  readonly ms?: number;
  /** A long solve's progress (every worker's together). */
  readonly progress?: FightProgress;
  /** How big the question is, when the page counted it (Best split, What if). */
  readonly size?: { readonly splits: number; readonly seconds: number };
}

/**
 * Counting a question before solving it: the splits it solves (the engine counts them without
 * listing them, and stops past the page's limit), and what to say of one too big.
 */
export interface EngineGate<Q> {
  readonly size: (
    engine: Remote<EngineApi>,
    question: Q,
    stopAbove: number,
  ) => Promise<Timed<number>>;
  /** The line for a question past {@link QUESTION_SIZE}.mostSplits. */
  readonly tooBig: (question: Q, splits: number) => string;
}

/**
 * Asks the engine: a call with the question, for long solves a progress callback, and the
 * share of the question this worker answers (the whole of it unless the view shares it).
 */
export type EngineCall<Q, T> = (
  engine: Remote<EngineApi>,
  question: Q,
  progress: (p: FightProgress) => void,
  share: Share,
) => Promise<Timed<T>>;

/**
 * How a view asks the engine: the call; for a question shared among workers, how their parts
 * `merge`; for one that may be big, the `gate` that counts it first.
 */
export interface EngineAsk<Q, P, T = P> {
  readonly call: EngineCall<Q, P>;
  readonly merge?: (parts: readonly P[]) => T;
  readonly gate?: EngineGate<Q>;
}

/**
 * Most workers one question is shared among: one a core up to this many (each holds its own
 * copy of the engine's caches), where the view can split its question.
 */
export const MOST_ENGINE_WORKERS = 4;

/**
 * Keeps a view's answer in step with its question: whenever `key` changes (after `debounceMs`
 * of quiet, so typing "12" asks once; the view's first question at once), the question goes to
 * the view's own worker (`ask`); a newer question overtakes an older one. Given `merge`, the question
 * is shared among one worker a core (up to {@link MOST_ENGINE_WORKERS}; one for a question of
 * fewer than {@link QUESTION_SIZE}.fewestShared splits), each answering its share, and `merge`
 * makes the answer of their parts (in worker order). Each answer is measured as `dicelab:<name>` (from
 * asking to the answer on screen) for the benchmark. Returns the computation, a cancel and a
 * retry.
 */
export function useEngine<Q, P, T = P>(
  name: string,
  question: Q | undefined,
  key: string,
  { call, merge, gate }: EngineAsk<Q, P, T>,
  debounceMs = 50,
): [Computation<T>, () => void, () => void] {
  // The view's workers so far (the list grows as its questions need more), and the most of them
  // a question is shared among.
  const clients = useMemo(() => workersOf(name, 0), [name]);
  const most = merge ? sharedWorkers() : 1;
  // What the engine last did, and for which question (`about`): a question asked since is
  // being computed, which the render that asks it already shows (the results stale, the
  // status working) with no second render to say so.
  const [done, setDone] = useState<Computation<T> & { readonly about?: string }>({
    status: 'idle',
  });
  const [attempt, setAttempt] = useState(0);
  const asked = useRef<number | undefined>(undefined);
  // Counts asks and cancels: progress already on its way from a cancelled solve (its worker is
  // gone, the message is not) must not turn "cancelled" back into "computing".
  const latest = useRef(0);
  // The big question the user said to solve: it is not counted (nor asked about) again.
  const confirmed = useRef<string | undefined>(undefined);

  // The key stands for the question (a new object each render): it alone decides when to ask.
  useEffect(() => {
    if (question === undefined) {
      for (const client of clients) client.cancel();
      return;
    }
    let live = true;
    let finished = false;
    // The view's first question is asked at once: there is no typing to wait out yet.
    const delay = latest.current === 0 ? 0 : debounceMs;
    const timer = setTimeout(() => {
      // Asked again (Solve again after a cancel): computing afresh.
      setDone((c) => (c.about === key ? { ...c, status: 'computing', progress: undefined } : c));
      asked.current = performance.now();
      const ask = ++latest.current;
      // A refused question has no answer: the last one, to another question, goes with it.
      const fail = (error: unknown) => {
        if (!live) return;
        finished = true;
        setDone({ status: 'error', error: messageOf(error), about: key });
      };
      let splits: number | undefined;
      // The question goes to the first `of` workers; the others have no part in it.
      const solve = (of: number) => {
        const workers = workersOf(name, of);
        for (const client of workers.slice(of)) client.release();
        // Each worker says how far its share is; the page shows them summed.
        const parts: (FightProgress | undefined)[] = new Array(of).fill(undefined);
        const progressOf = (index: number) => (p: FightProgress) => {
          if (!live || finished || ask !== latest.current) return;
          parts[index] = p;
          const sum = parts.reduce<FightProgress>(
            (s, part) => ({ done: s.done + (part?.done ?? 0), of: s.of + (part?.of ?? 0) }),
            { done: 0, of: 0 },
          );
          setDone((c) => ({ ...c, status: 'computing', progress: sum, about: key }));
        };
        return Promise.all(
          workers
            .slice(0, of)
            .map((client, index) =>
              client.latest((engine) => call(engine, question, progressOf(index), { index, of })),
            ),
        ).then((outcomes) => {
          if (!live) return;
          const answered: Timed<P>[] = [];
          for (const outcome of outcomes) if (outcome.done) answered.push(outcome.value);
          // A share overtaken by a newer question leaves this answer unfinished.
          if (answered.length < of) return;
          finished = true;
          const results = answered.map((part) => part.result);
          // The workers run side by side: the answer took as long as the slowest.
          const ms = Math.max(...answered.map((part) => part.ms));
          if (splits !== undefined) learnCost(name, splits, of, ms);
          setDone({
            status: 'ready',
            // Without `merge` there is one worker, and its part is the answer (P is T).
            result: merge ? merge(results) : (results[0] as unknown as T),
            answered: key,
            about: key,
            ms,
          });
        }, fail);
      };
      if (!gate || confirmed.current === key) {
        void solve(most);
        return;
      }
      workersOf(name, 1)[0]!
        .latest((engine) => gate.size(engine, question, QUESTION_SIZE.mostSplits))
        .then((outcome) => {
          if (!live || !outcome.done || ask !== latest.current) return;
          splits = outcome.value.result;
          if (splits > QUESTION_SIZE.mostSplits) {
            finished = true;
            setDone({ status: 'error', error: gate.tooBig(question, splits!), about: key });
            return;
          }
          // A small question is one worker's: each worker compiles the engine for itself
          // the first time, which a few milliseconds of work shared would not pay for.
          const of = splits < QUESTION_SIZE.fewestShared ? 1 : most;
          const seconds = estimateSeconds(name, splits, of);
          if (seconds > QUESTION_SIZE.askAboveSeconds) {
            setDone((c) => ({
              ...c,
              status: 'confirm',
              size: { splits: splits!, seconds },
              about: key,
            }));
            return;
          }
          void solve(of);
        }, fail);
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, attempt]);

  useEffect(() => {
    if (done.status === 'ready' || done.status === 'error' || done.status === 'confirm')
      firstAnswered();
    if (done.status !== 'ready' || asked.current === undefined) return;
    performance.measure(`dicelab:${name}`, { start: asked.current, end: performance.now() });
    asked.current = undefined;
  }, [done]);

  const cancel = () => {
    latest.current++;
    for (const client of clients) client.cancel();
    setDone((c) => ({ ...c, status: 'cancelled', progress: undefined, about: key }));
  };
  // Solve again after a cancel, or solve the big question the page asked about.
  const retry = () => {
    if (done.about === key && done.status === 'confirm') confirmed.current = key;
    setAttempt((n) => n + 1);
  };
  const computation: Computation<T> =
    question === undefined
      ? { ...done, status: 'idle', error: undefined }
      : done.about === key
        ? done
        : { ...done, status: 'computing', error: undefined, progress: undefined, size: undefined };
  return [computation, cancel, retry];
}

let firstAnswered: () => void = () => {};

/**
 * Settles once the page has shown its first answer (or said why there is none, or asked before
 * a long solve): what can wait until then (the site's service worker) does.
 */
export const firstAnswer = new Promise<void>((resolve) => {
  firstAnswered = resolve;
});

/** Each view's workers, started as its questions first need them. */
const viewClients = new Map<string, EngineClient[]>();

/** The worker started with the page, before any view asks: the first view to ask takes it. */
let started: EngineClient | undefined;

/**
 * Starts the first question's worker as the page loads: it loads and runs the engine's script
 * while the page itself is being built, so the first question asked finds it ready. (A view's
 * other workers start when a question is first shared among them.)
 */
export function startEngineWorker(): void {
  started ??= new EngineClient();
}

/** The view's workers, at least `count` of them: the page's started one first, then new ones. */
function workersOf(name: string, count: number): EngineClient[] {
  let clients = viewClients.get(name);
  if (!clients) {
    clients = [];
    viewClients.set(name, clients);
  }
  while (clients.length < count) {
    clients.push(started ?? new EngineClient());
    started = undefined;
  }
  return clients;
}

/** Workers a shared question goes to: one a core the browser reports, within bounds. */
function sharedWorkers(): number {
  return Math.max(1, Math.min(MOST_ENGINE_WORKERS, navigator.hardwareConcurrency || 1));
}

/** The engine's message (an InputError's one line), without "Error:" or a stack. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error)
    return String((error as { message: unknown }).message);
  return String(error);
}
