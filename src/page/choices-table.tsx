import type { ComponentChildren } from 'preact';

/**
 * Every choice in a rolled state, best first (Advice's actions, Ring and Skill's keeps): the
 * choice's column, then a number column a figure; the rows are the view's.
 */
export function ChoicesTable(props: {
  caption: string;
  choice: string;
  figures: readonly string[];
  children: ComponentChildren;
}) {
  return (
    <table class="actions">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.choice}</th>
          {props.figures.map((figure) => (
            <th key={figure} scope="col" class="num">
              {figure}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
