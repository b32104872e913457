import { signal } from '@preact/signals';
import { fitFaces, type PageState, readFragment, type View, writeFragment } from './page-state.ts';

/**
 * The page's one store: its state (mirrored in the URL fragment, so a link or a reload opens
 * the same question) and what the link said that could not be used.
 */
const opened = readFragment(location.hash);

/** The page's state: every input of every view. */
export const pageState = signal<PageState>(opened.state);

/** Problems with the link the page was opened with, one line each (shown until dismissed). */
export const linkProblems = signal<readonly string[]>(opened.problems);

/**
 * The fields whose text is not taken (their labels, by input id), while it is not: the answer
 * on screen is not for the question they show (use-typed-number.ts).
 */
export const unfixedFields = signal<ReadonlyMap<string, string>>(new Map());

/**
 * The field the engine's refusal of the question on screen names, by its label ("Tags"), and
 * what it says of its value ("4 is not allowed (expected at most 3 …)"), while the refusal
 * stands: the field is marked with it (status-line.tsx, use-typed-number.ts).
 */
export const refusedField = signal<{ readonly label: string; readonly words: string } | undefined>(
  undefined,
);

/**
 * The field the question is being edited in ("steps"), until another question, a view, Back or
 * a link: the next change there replaces its history entry rather than adding one.
 */
let editing: string | undefined;

/**
 * How a change enters the history: an `edit` of a field shares its entry with the edits of the
 * same field just before it, so typing "12" or tapping + thrice is one entry, not one a
 * keystroke; a `step` (a switch turned, a whole new question asked) always has an entry of its
 * own, and the edit after it has another, even of the field the step changed (threat B turned
 * on, then its Challenge).
 */
export type HistoryEntry = 'edit' | 'step';

/**
 * Changes part of the state, and the fragment with it. A change to another field than the last
 * change's is a new question with its own history entry, so Back returns to the question before
 * it; a change to the same field replaces that entry ({@link HistoryEntry}). The field is the
 * patch's first that changes: what follows it is what the change implies (faces cleared, Aura
 * capped). A Mid-roll face the change leaves its die unable to show is cleared (`fitFaces`).
 */
export function updateState(patch: Partial<PageState>, entry: HistoryEntry = 'edit'): void {
  if (entry === 'step') editing = undefined;
  const before = pageState.value;
  pageState.value = fitFaces({ ...before, ...patch });
  const fragment = `#${writeFragment(pageState.value)}`;
  if (location.hash === fragment) return;
  const field = (Object.keys(patch) as (keyof PageState)[]).find(
    (key) => JSON.stringify(patch[key]) !== JSON.stringify(before[key]),
  );
  if (field !== undefined && field === editing) history.replaceState(null, '', fragment);
  else history.pushState(null, '', fragment);
  editing = entry === 'step' ? undefined : field;
}

/**
 * Asks a whole new question in the view (a character's set action, the rules page's rules
 * again): always its own history entry, even after an edit of one of its fields.
 */
export function askQuestion(patch: Partial<PageState>): void {
  updateState(patch, 'step');
}

/**
 * Opens a view, with any part of its question set (Best split hands its split to Mid-roll):
 * one history entry per view, so Back returns to the one before.
 */
export function showView(view: View, patch: Partial<PageState> = {}): void {
  if (pageState.value.view === view && Object.keys(patch).length === 0) return;
  pageState.value = { ...pageState.value, ...patch, view };
  history.pushState(null, '', `#${writeFragment(pageState.value)}`);
  editing = undefined;
  scrollTo({ top: 0 });
}

// A link pasted into the address bar, or Back and Forward: read the fragment again.
const reread = () => {
  editing = undefined;
  if (location.hash === `#${writeFragment(pageState.value)}`) return;
  const read = readFragment(location.hash);
  pageState.value = read.state;
  linkProblems.value = read.problems;
};
addEventListener('hashchange', reread);
addEventListener('popstate', reread);

// Write the fragment out in full at once: a bare page URL becomes its own permalink.
history.replaceState(null, '', `#${writeFragment(pageState.value)}`);
