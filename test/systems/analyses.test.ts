import { describe, expect, it } from 'vitest';
import { ANALYSIS_TABLES, analysisOfScenario } from '../../src/scenario/figure-catalogue.ts';
import { analysisSchema } from '../../src/scenario/schema.ts';
import { ANALYSES, ANALYSIS_ALIASES, ANALYSIS_NAMES } from '../../src/systems/analyses.ts';
import type { AnyAnalysis } from '../../src/systems/analysis-declaration.ts';
import { WHAT_IF_SHAPES } from '../../src/systems/zidara/analyses/what-if.ts';

const declared = (name: (typeof ANALYSIS_NAMES)[number]): AnyAnalysis => ANALYSES[name];

describe('the analyses’ declarations', () => {
  it('are listed under their own names, and an old name reads as a listed one', () => {
    for (const name of ANALYSIS_NAMES) expect(declared(name).name).toBe(name);
    for (const name of Object.values(ANALYSIS_ALIASES)) expect(ANALYSIS_NAMES).toContain(name);
    // A command is named as its analysis (splits --only is the one analysis without its own).
    for (const name of ANALYSIS_NAMES) {
      const command = declared(name).command;
      if (command) expect(command.name).toBe(name);
    }
  });

  it('give WHAT_IF_SHAPES exactly the shapes they declare', () => {
    const withWhatIf = ANALYSIS_NAMES.filter((name) => declared(name).whatIf);
    const shapes: Record<string, unknown> = { ...WHAT_IF_SHAPES };
    delete shapes.fights; // the old name, an alias
    expect(Object.keys(shapes).sort()).toEqual([...withWhatIf].sort());
    for (const name of withWhatIf) expect(shapes[name]).toBe(declared(name).whatIf);
    expect(WHAT_IF_SHAPES.fights).toBe(WHAT_IF_SHAPES['fight-curves']);
  });

  it('are what the scenario files’ analyses run, one table each', () => {
    const literals = analysisSchema.options.map((option) => option.shape.analysis.value);
    expect(Object.keys(ANALYSIS_TABLES)).toEqual(literals);
    for (const name of literals) expect(ANALYSIS_NAMES).toContain(analysisOfScenario(name));
    for (const table of Object.values(ANALYSIS_TABLES))
      for (const figure of table.recorded) expect(Object.keys(table.figures)).toContain(figure);
  });
});
