import type { TopLevelSpec } from 'vega-lite';

/**
 * A spec with its title's subtitle set to several lines (Vega-Lite draws an array as one line
 * each): long setups read better as two short lines than one clipped one. Returns a new spec.
 * @example withSubtitle({ title: 'Q?' }, ['Ranked by wins', 'Aura 5 of 5']).title // { text: 'Q?', subtitle: ['Ranked by wins', 'Aura 5 of 5'] }
 */
export function withSubtitle(spec: TopLevelSpec, lines: readonly string[]): TopLevelSpec {
  const title = spec.title;
  const text = typeof title === 'object' && title !== null && 'text' in title ? title.text : title;
  return { ...spec, title: { text: text ?? '', subtitle: [...lines] } } as TopLevelSpec;
}
