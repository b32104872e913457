import type { PageState } from './page-state.ts';
import type { HistoryEntry } from './page-store.ts';

/**
 * Props of every view: the page's state and how to change it (a switch's change is a `step`, its
 * own entry in the history; any other, an `edit`).
 */
export interface ViewProps {
  readonly state: PageState;
  readonly update: (patch: Partial<PageState>, entry?: HistoryEntry) => void;
}
