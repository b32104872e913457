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
 * Changes part of the state; the fragment follows without a history entry per keystroke. A
 * Mid-roll face the change leaves its die unable to show is cleared (`fitFaces`).
 */
export function updateState(patch: Partial<PageState>): void {
  pageState.value = fitFaces({ ...pageState.value, ...patch });
  const fragment = `#${writeFragment(pageState.value)}`;
  if (location.hash !== fragment) history.replaceState(null, '', fragment);
}

/**
 * Opens a view, with any part of its question set (Best split hands its split to Mid-roll):
 * one history entry per view, so Back returns to the one before.
 */
export function showView(view: View, patch: Partial<PageState> = {}): void {
  if (pageState.value.view === view && Object.keys(patch).length === 0) return;
  pageState.value = { ...pageState.value, ...patch, view };
  history.pushState(null, '', `#${writeFragment(pageState.value)}`);
  scrollTo({ top: 0 });
}

// A link pasted into the address bar, or Back and Forward: read the fragment again.
const reread = () => {
  if (location.hash === `#${writeFragment(pageState.value)}`) return;
  const read = readFragment(location.hash);
  pageState.value = read.state;
  linkProblems.value = read.problems;
};
addEventListener('hashchange', reread);
addEventListener('popstate', reread);

// Write the fragment out in full at once: a bare page URL becomes its own permalink.
history.replaceState(null, '', `#${writeFragment(pageState.value)}`);
