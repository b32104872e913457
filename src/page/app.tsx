import type { ComponentType } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { AdviceView } from './advice-view.tsx';
import { CharacterPicker } from './characters/character-picker.tsx';
import { CharactersView } from './characters/characters-view.tsx';
import { FightView } from './fight-view.tsx';
import { LINK_KEYS, UNKNOWN_KEY_EXPECTED, type View } from './page-state.ts';
import { askQuestion, linkProblems, pageState, showView, updateState } from './page-store.ts';
import { RingSkillView } from './ring-skill/ring-skill-view.tsx';
import { SplitsView } from './splits-view.tsx';
import type { ViewProps } from './view-props.ts';
import { WhatIfView } from './what-if-view.tsx';

/** The views in the order of the tabs, with their names and the question each answers. */
const TABS: readonly {
  view: View;
  name: string;
  asks: string;
  Component: ComponentType<ViewProps>;
}[] = [
  {
    view: 'splits',
    name: 'Best split',
    asks: 'How should I split my dice?',
    Component: SplitsView,
  },
  { view: 'advice', name: 'Mid-roll', asks: 'I have rolled: what now?', Component: AdviceView },
  { view: 'fight', name: 'Fight', asks: 'How many rounds to bring it down?', Component: FightView },
  { view: 'whatif', name: 'What if', asks: 'What does a rule change do?', Component: WhatIfView },
  {
    view: 'ring-skill',
    name: 'Ring & Skill',
    asks: 'Ring and Skill dice (L5R): the odds, and what to keep',
    Component: RingSkillView,
  },
  {
    view: 'characters',
    name: 'Sheets',
    asks: 'Your character sheets, kept on this device',
    Component: CharactersView,
  },
];

/** The views a saved character's set action can fill (What if asks about rules, not people). */
const PICKER_VIEWS: readonly View[] = ['splits', 'advice', 'fight'];

/**
 * The page: a title, one tab per view, the link's problems if any, and the open view. The
 * state is the URL fragment's (page-store.ts), so every view's question is a shareable link.
 */
export function App() {
  const state = pageState.value;
  const problems = linkProblems.value;
  const current = TABS.find((tab) => tab.view === state.view) ?? TABS[0]!;
  const asks = useRef<HTMLHeadingElement>(null);
  const opened = useRef(current.view);
  useEffect(() => {
    if (opened.current === current.view) return;
    opened.current = current.view;
    // A view opened by a button in the view it replaced ("Rolled it?", a set action): that
    // button is gone and focus with it, so the keyboard goes on from the new view's question.
    // A tab keeps its focus.
    if (!document.activeElement || document.activeElement === document.body)
      asks.current?.focus({ preventScroll: true });
  }, [current.view]);
  return (
    <>
      <header class="top">
        <h1>
          dicelab <span class="tagline">Zi'Dara odds at the table</span>
        </h1>
        <nav aria-label="Views">
          <div class="tabs" role="tablist">
            {TABS.map((tab) => (
              <button
                key={tab.view}
                type="button"
                role="tab"
                id={`tab-${tab.view}`}
                aria-selected={tab.view === current.view}
                aria-controls="view"
                tabIndex={tab.view === current.view ? 0 : -1}
                onClick={() => showView(tab.view)}
                onKeyDown={(event) => moveTab(event, tab.view)}
              >
                {tab.name}
              </button>
            ))}
          </div>
        </nav>
      </header>
      {problems.length ? (
        <div class="problems" role="alert">
          <p>Part of this link could not be used; the page's defaults stand in:</p>
          <ul>
            {problems.map((line) => (
              <ProblemLine key={line} line={line} />
            ))}
          </ul>
          <button type="button" onClick={() => (linkProblems.value = [])}>
            Dismiss
          </button>
        </div>
      ) : null}
      <main>
        <div id="view" role="tabpanel" aria-labelledby={`tab-${current.view}`}>
          <h2 class="asks" ref={asks} tabIndex={-1}>
            {current.asks}
          </h2>
          {PICKER_VIEWS.includes(current.view) ? (
            // A set action is a new question: Back returns to the one before it.
            <CharacterPicker state={state} update={askQuestion} view={current.view} />
          ) : null}
          <current.Component state={state} update={updateState} />
        </div>
      </main>
      <footer class="foot">
        Exact odds from dicelab's engine, computed on this device; nothing leaves the page. Every
        question is in the address: copy it to share it.
      </footer>
    </>
  );
}

/** Arrow keys, Home and End move between tabs, as in any tab list. */
function moveTab(event: KeyboardEvent, from: View): void {
  const order = TABS.map((tab) => tab.view);
  const at = order.indexOf(from);
  const to =
    event.key === 'ArrowRight'
      ? order[(at + 1) % order.length]
      : event.key === 'ArrowLeft'
        ? order[(at + order.length - 1) % order.length]
        : event.key === 'Home'
          ? order[0]
          : event.key === 'End'
            ? order[order.length - 1]
            : undefined;
  if (!to) return;
  event.preventDefault();
  showView(to);
  document.getElementById(`tab-${to}`)?.focus();
}

/**
 * A problem of the link in a line. An unknown key's line ends with every key the page reads
 * (40 of them, a 320 px screen's worth): that list is folded under the line.
 */
function ProblemLine({ line }: { readonly line: string }) {
  const keys = `: ${LINK_KEYS.join(', ')})`;
  if (!line.endsWith(`(expected ${UNKNOWN_KEY_EXPECTED}${keys}`)) return <li>{line}</li>;
  return (
    <li>
      <span class="problem-line">{`${line.slice(0, -keys.length)})`}</span>
      <details class="link-keys">
        <summary>The keys this page reads</summary>
        <p>{LINK_KEYS.join(', ')}</p>
      </details>
    </li>
  );
}
