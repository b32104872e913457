import type { Remote } from 'comlink';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { EngineClient } from './engine-client.ts';
import type { EngineApi, Timed } from './engine-worker.ts';
import type { FightProgress } from './page-engine.ts';

/** Where a view's computation stands. */
export interface Computation<T> {
  /** `computing` keeps the last answer on screen (marked stale) until the new one arrives. */
  readonly status: 'idle' | 'computing' | 'ready' | 'error' | 'cancelled';
  /** The last answer, and the key of the question it answers. */
  readonly result?: T;
  readonly answered?: string;
  /** The engine's one-line message when the question cannot be answered. */
  readonly error?: string;
  /** Milliseconds the worker took for the last answer. */
  readonly ms?: number;
  /** A long solve's progress (fights). */
  readonly progress?: FightProgress;
}

/** Asks the engine: a call with the question and, for long solves, a progress callback. */
export type EngineCall<Q, T> = (
  engine: Remote<EngineApi>,
  question: Q,
  progress: (p: FightProgress) => void,
) => Promise<Timed<T>>;

/**
 * Keeps a view's answer in step with its question: whenever `key` changes (after `debounceMs`
 * of quiet, so typing "12" asks once), the question goes to the view's own worker; a newer
 * question overtakes an older one. Each answer is measured as `dicelab:<name>` (from asking to
 * the answer on screen) for the benchmark. Returns the computation, a cancel and a retry.
 */
export function useEngine<Q, T>(
  name: string,
  question: Q | undefined,
  key: string,
  call: EngineCall<Q, T>,
  debounceMs = 50,
): [Computation<T>, () => void, () => void] {
  const client = useMemo(() => clientFor(name), [name]);
  const [computation, setComputation] = useState<Computation<T>>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const asked = useRef<number | undefined>(undefined);

  // The key stands for the question (a new object each render): it alone decides when to ask.
  useEffect(() => {
    if (question === undefined) {
      client.cancel();
      setComputation((c) => ({ ...c, status: 'idle', error: undefined }));
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      setComputation((c) => ({ ...c, status: 'computing', progress: undefined }));
      asked.current = performance.now();
      const progress = (p: FightProgress) => {
        if (live) setComputation((c) => (c.status === 'computing' ? { ...c, progress: p } : c));
      };
      client
        .latest((engine) => call(engine, question, progress))
        .then(
          (outcome) => {
            if (!live || !outcome.done) return;
            const { result, ms } = outcome.value;
            setComputation({ status: 'ready', result, answered: key, ms });
          },
          (error: unknown) => {
            if (!live) return;
            setComputation((c) => ({ ...c, status: 'error', error: messageOf(error) }));
          },
        );
    }, debounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, attempt]);

  useEffect(() => {
    if (computation.status !== 'ready' || asked.current === undefined) return;
    performance.measure(`dicelab:${name}`, { start: asked.current, end: performance.now() });
    asked.current = undefined;
  }, [computation]);

  const cancel = () => {
    client.cancel();
    setComputation((c) => ({ ...c, status: 'cancelled', progress: undefined }));
  };
  const retry = () => setAttempt((n) => n + 1);
  return [computation, cancel, retry];
}

const clients = new Map<string, EngineClient>();

/** Each view has its own worker, started the first time the view asks. */
function clientFor(name: string): EngineClient {
  let client = clients.get(name);
  if (!client) {
    client = new EngineClient();
    clients.set(name, client);
  }
  return client;
}

/** The engine's message (an InputError's one line), without "Error:" or a stack. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error)
    return String((error as { message: unknown }).message);
  return String(error);
}
