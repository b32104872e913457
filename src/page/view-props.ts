import type { PageState } from './page-state.ts';

/** Props of every view: the page's state and how to change it. */
export interface ViewProps {
  readonly state: PageState;
  readonly update: (patch: Partial<PageState>) => void;
}
