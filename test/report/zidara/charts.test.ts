import { describe, expect, it } from 'vitest';
import { formatPoints } from '../../../src/format/format-points.ts';
import { renderSvg } from '../../../src/report/render.ts';
import { advantageChart } from '../../../src/report/zidara/advantage-chart.ts';
import { describeSetup } from '../../../src/report/zidara/describe-setup.ts';
import { fightsChart } from '../../../src/report/zidara/fights-chart.ts';
import { fishingChart } from '../../../src/report/zidara/fishing-chart.ts';
import { rerollsChart } from '../../../src/report/zidara/rerolls-chart.ts';
import { splitsChart } from '../../../src/report/zidara/splits-chart.ts';
import { tuneChart } from '../../../src/report/zidara/tune-chart.ts';
import { advantage } from '../../../src/systems/zidara/analyses/advantage.ts';
import { fightCurves } from '../../../src/systems/zidara/analyses/fight-curves.ts';
import { fishing } from '../../../src/systems/zidara/analyses/fishing.ts';
import { rerolls } from '../../../src/systems/zidara/analyses/rerolls.ts';
import { rankStatedSplits, splits } from '../../../src/systems/zidara/analyses/splits.ts';
import { tuneGrid } from '../../../src/systems/zidara/analyses/tune.ts';
import { parseSplit } from '../../../src/systems/zidara/roll/split.ts';
import { validateVegaLite } from '../vega-lite-schema.ts';

const splitRows = splits({ steps: 6, actions: 1, challenge: 3 });
const charts = {
  splits: splitsChart(splitRows, {
    challenge: 3,
    objective: 'wins',
    setup: {},
    steps: 6,
    actions: 1,
  }),
  'stated-splits': splitsChart(
    rankStatedSplits([parseSplit('d12'), parseSplit('d6+d6')], {
      challenge: 3,
      objective: 'primary',
    }),
    { challenge: 3, objective: 'primary', setup: {}, asked: ['d12', 'd6+d6'] },
  ),
  advantage: advantageChart(advantage({ sides: 6, most: 3, challenges: [2, 4] }), { setup: {} }),
  stacks: advantageChart(advantage({ stacks: [[12], [12, 2]], challenges: [3] }), { setup: {} }),
  fishing: fishingChart(fishing({ steps: 6, challenge: 3 }), {
    steps: 6,
    actions: 1,
    challenge: 3,
    setup: {},
  }),
  rerolls: rerollsChart(rerolls({ split: [[6], [6]], challenges: [2, 3], resolve: [0, 1] }), {
    split: 'd6 | d6',
    setup: {},
  }),
  tune: tuneChart(tuneGrid({ steps: [1, 2, 3], challenges: [1, 2] }), {
    pool: 'best',
    actions: 1,
    setup: {},
  }),
};

/** The tick labels of a drawn chart's number axis (its first axis whose labels are numbers). */
async function numberAxisLabels(spec: unknown): Promise<string[]> {
  const svg = await renderSvg(spec as Parameters<typeof renderSvg>[0]);
  const axes = [...svg.matchAll(/<g class="mark-text role-axis-label"[^>]*>(.*?)<\/g>/g)].map(
    (axis) => [...axis[1]!.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((label) => label[1]!),
  );
  return axes.find((labels) => labels.every((label) => /^[\d.]+$/.test(label)))!;
}

type Encoding = Record<
  string,
  { field: string; sort?: null; scale?: { domain?: unknown[]; range?: unknown[] } } | undefined
>;

/**
 * How each line of a line chart looks: its colour, dash and point shape, read off the spec as
 * Vega draws a discrete scale (the nth value of the domain takes the nth of the range, the range
 * coming round again; the domain as given, or the data's values in order or sorted).
 */
function seriesLooks(spec: unknown): string[] {
  const { encoding, data, config } = spec as {
    encoding: Encoding;
    data: { values: Record<string, string | number>[] };
    config: { range: { category: string[] } };
  };
  const rows = data.values;
  const look = (channel: string, row: Record<string, string | number>): unknown => {
    const def = encoding[channel];
    if (!def) return 'the same';
    const range = channel === 'color' ? config.range.category : def.scale?.range;
    if (!range) throw new Error(`${channel} has no range of its own`);
    const values = [...new Set(rows.map((r) => r[def.field]!))];
    const domain =
      def.scale?.domain ??
      (def.sort === null ? values : values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    return range[domain.indexOf(row[def.field]!) % range.length];
  };
  const series = new Map<string, string>();
  for (const row of rows) {
    const key = ['color', 'strokeDash', 'shape'].map((c) => row[encoding[c]?.field ?? '']);
    const drawn = ['color', 'strokeDash', 'shape'].map((c) => look(c, row));
    series.set(JSON.stringify(key), JSON.stringify(drawn));
  }
  return [...series.values()];
}

/** The title and subtitle lines of a spec. */
function titleText(spec: unknown): string {
  const title = (spec as { title: { text: string; subtitle?: string[] } }).title;
  return [title.text, ...(title.subtitle ?? [])].join('\n');
}

describe('the Zi’Dara charts', () => {
  it.each(Object.entries(charts))('%s is a valid Vega-Lite spec', (_, spec) => {
    expect(validateVegaLite(spec)).toEqual([]);
  });

  it('ask their question in the title and state the setup below it', () => {
    expect(titleText(charts.splits)).toMatch(
      /^How should 6 steps and 1 action be split against C3 \(d6\)\?/,
    );
    expect(titleText(charts['stated-splits'])).toMatch(
      /^Which is better against C3 \(d6\): d12 or d6\+d6\?/,
    );
    expect(titleText(charts.advantage)).toMatch(
      /^How much does each extra d6 stacked on one intent add\?/,
    );
    expect(titleText(charts.fishing)).toMatch(/fish for Aura pay against C3 \(d6\)\?/);
    expect(titleText(charts.rerolls)).toMatch(/^What is Resolve worth to d6 \| d6/);
    expect(titleText(charts.tune)).toMatch(/^Which Challenge suits/);
    for (const spec of Object.values(charts)) {
      expect(titleText(spec)).toContain('Aura 5 of 5');
    }
  });

  it('word the title for one split asked, or one Challenge', () => {
    // Before, "Which is better against C4 (d8): d8 | d6?" and "… to d8 against each Challenge?".
    const one = splitsChart(
      rankStatedSplits([parseSplit('d8 | d6')], { challenge: 4, objective: 'wins' }),
      { challenge: 4, objective: 'wins', setup: {}, asked: ['d8 | d6'] },
    );
    expect(titleText(one).split('\n')[0]).toBe('How does d8 | d6 do against C4 (d8)?');
    const rerollsTitle = (challenges: number[]) =>
      titleText(
        rerollsChart(rerolls({ split: [[8]], challenges, resolve: [0, 1] }), {
          split: 'd8',
          setup: {},
        }),
      ).split('\n')[0];
    expect(rerollsTitle([4])).toBe('What is Resolve worth to d8 against C4 (d8)?');
    expect(rerollsTitle([3, 4])).toBe('What is Resolve worth to d8 against each Challenge?');
  });

  it('name in a rerolls subtitle the kinds of reroll asked for, and only those', () => {
    const subtitle = (kinds: ('one' | 'all' | 'any')[]) =>
      (
        rerollsChart(rerolls({ split: [[8]], challenges: [4], resolve: [0, 1], kinds }), {
          split: 'd8',
          setup: {},
        }).title as { subtitle: string[] }
      ).subtitle[0];
    // Before, every one of these said all three kinds.
    expect(subtitle(['one'])).toBe('Win chance with each Resolve reroll: one die of your choice');
    expect(subtitle(['all', 'one'])).toBe(
      'Win chance with each Resolve reroll: one die of your choice or every die',
    );
    expect(subtitle(['any'])).toBe(
      'Win chance with each Resolve reroll: whichever is better of one die and every die',
    );
    expect(subtitle(['one', 'all', 'any'])).toBe(
      'Win chance with each Resolve reroll: one die of your choice, every die, or whichever is better',
    );
  });

  it('name the Challenges an advantage chart faces: a run by its ends, a gap by each one', () => {
    const subtitle = (challenges: number[]) =>
      (
        advantageChart(advantage({ sides: 6, most: 2, challenges }), { setup: {} }).title as {
          subtitle: string[];
        }
      ).subtitle[0];
    expect(subtitle([2, 3, 4])).toBe('One intent against each Challenge, C2 (d4) to C4 (d8)');
    // Before, "C2 (d4) to C5 (d10)", as if C4 were drawn too.
    expect(subtitle([5, 2, 3])).toBe('One intent against C2 (d4), C3 (d6) and C5 (d10)');
    expect(subtitle([2, 4])).toBe('One intent against C2 (d4) and C4 (d8)');
    expect(subtitle([3])).toBe('One intent against C3 (d6)');
  });

  it('label Challenges "C3 (d6)" and show chances in % on a 0–100% scale', () => {
    const json = JSON.stringify(charts.tune);
    expect(json).toContain("'C' + datum.value + ' (d' + 2 * datum.value + ')'");
    expect(json).toContain('"format":".0%"');
    expect(json).toContain('"domain":[0,1]');
    expect(JSON.stringify(charts.advantage)).toContain('Win chance');
  });

  it('colour splits by every intent count asked, in order, even when the bars shown have one', () => {
    const rows = splits({ steps: 6, actions: 1, challenge: 3, intents: [1, 2, 3] });
    const colourOf = (spec: unknown) => (spec as { encoding: { color?: unknown } }).encoding.color;
    const top = (n: number) =>
      splitsChart(rows, {
        challenge: 3,
        objective: 'wins',
        setup: {},
        steps: 6,
        intents: [1, 2, 3],
        top: n,
      });
    // The best splits before the first of another count have one count: its colour and legend
    // stay those of the report's other splits charts (1, 2, 3 in the palette's order).
    const oneCount = rows.findIndex((r) => r.intents !== rows[0]!.intents);
    expect(oneCount).toBeGreaterThan(1);
    for (const n of [1, oneCount, rows.length]) {
      expect(colourOf(top(n))).toMatchObject({
        field: 'intents',
        scale: { domain: [1, 2, 3] },
        legend: { title: 'Intents' },
      });
    }
    expect(colourOf(charts['stated-splits'])).toBeUndefined(); // one intent each: nothing to tell apart
  });

  it('draw no two lines alike, past the palette too', () => {
    // Before, the default 3 Challenges × 3 tags took 9 of the 8 colours: "C2 (d4), 1 tag" and
    // "C4 (d8), 3 tags" were both #0072B2, and so were C1 and C9 of an advantage chart.
    const fights = fightsChart(fightCurves({ steps: 6 }), {
      character: '6 steps',
      titles: 2,
      setup: {},
    });
    const tenChallenges = advantageChart(
      advantage({ sides: 6, most: 2, challenges: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }),
      { setup: {} },
    );
    const fiftyChallenges = advantageChart(
      advantage({ sides: 6, most: 1, challenges: Array.from({ length: 50 }, (_, i) => i + 1) }),
      { setup: {} },
    );
    for (const [spec, lines] of [
      [fights, 9],
      [tenChallenges, 10],
      [fiftyChallenges, 50],
    ] as const) {
      const looks = seriesLooks(spec);
      expect(looks).toHaveLength(lines);
      expect(new Set(looks).size).toBe(lines);
      expect(validateVegaLite(spec)).toEqual([]);
    }
    // A threat reads as a designer names it: its Challenge by colour, its tags by dash.
    const encoding = (fights as { encoding: Encoding }).encoding;
    expect([encoding.color?.field, encoding.strokeDash?.field]).toEqual(['challenge', 'tags']);
  });

  it('draws the fishing frontier as its own layer, labelled by split', () => {
    const layers = (charts.fishing as { layer: { data?: { values: unknown[] } }[] }).layer;
    const frontier = layers.find((l) => l.data)!.data!.values as { frontier: boolean }[];
    expect(frontier.length).toBeGreaterThan(0);
    expect(frontier.every((r) => r.frontier)).toBe(true);
  });

  it("mark an expected-wins axis as finely as its ticks' step needs, and the bars finer", async () => {
    // 0.0 to 1.8 by 0.2: one decimal, as the fishing chart's Aura axis has.
    const ticks = await numberAxisLabels(charts.splits);
    expect(ticks.length).toBeGreaterThan(3);
    for (const tick of ticks) expect(tick).toMatch(/^\d+(\.\d)?$/);
    // Short bars (a d2 or a d4 against C6) step by 0.02: two decimals, each tick its own.
    const short = splitsChart(
      rankStatedSplits([parseSplit('d2'), parseSplit('d4')], { challenge: 6, objective: 'wins' }),
      { challenge: 6, objective: 'wins', setup: {} },
    );
    const shortTicks = await numberAxisLabels(short);
    expect(new Set(shortTicks).size).toBe(shortTicks.length);
    expect(shortTicks).toContain('0.02');
    // Bar labels two decimals: close splits read apart.
    expect(await renderSvg(charts.splits)).toMatch(/>1\.\d\d<\/text>/);
  });

  it('draw with their text (labels, titles) in the SVG', async () => {
    const svg = await renderSvg(charts['stated-splits']);
    expect(svg).toContain('d6+d6');
    expect(svg).toContain('Which is better against C3 (d6)');
    expect(svg).toMatch(/9\d\.\d%/); // bar labels one decimal finer than the axis
  });
});

describe('describeSetup and formatPoints', () => {
  it('say the setup in a few words', () => {
    expect(describeSetup({})).toBe(
      'Aura 5 of 5 · no Resolve · one +2 a roll · ties bought with Aura · optimal play',
    );
    expect(
      describeSetup({
        auraMax: 0,
        resolve: 2,
        boostsPerRoll: 0,
        tieBreak: false,
        explode: true,
        rerolls: 'one',
      }),
    ).toBe(
      'no Aura · 2 Resolve · no +2 · ties not bought (defending) · exploding (depth 20) · optimal play, rerolling one die only',
    );
  });

  it('write differences of chances as signed percentage points', () => {
    expect(formatPoints(0.1640625)).toBe('+16.4 pts');
    expect(formatPoints(-0.02)).toBe('−2.0 pts');
    expect(formatPoints(1e-9)).toBe('+0.0 pts');
    expect(formatPoints(-1e-9)).toBe('−0.0 pts');
    expect(formatPoints(0)).toBe('±0.0 pts');
  });
});
