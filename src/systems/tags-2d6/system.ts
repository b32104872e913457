import { checkSystem } from '../system.ts';
import { TAGS_BANDS, tags2d6Odds } from './exact.ts';
import { parseTags2d6Spec, tags2d6SpecSchema } from './spec.ts';

/** 2d6 + tags, declared once (see `SystemDeclaration`). */
export const tags2d6System = checkSystem(
  'tags-2d6',
  '2d6 + tags: clean (10+), cost (7-9), miss (6-)',
  {
    specSchema: tags2d6SpecSchema,
    parse: parseTags2d6Spec,
    answer: tags2d6Odds,
    outcomes: TAGS_BANDS,
    numbers: {
      modifier: {
        unit: 'number',
        meaning: 'the roll’s modifier: tags, ±1 for the item, −1 for the weakness',
      },
      improvementPoints: { unit: 'number', meaning: 'improvement points expected (1 per miss)' },
      expectedUtility: { unit: 'number', meaning: 'expected value of the bands, plus improvement' },
    },
    simulated: TAGS_BANDS,
    axes: ['tags'],
  },
  () => import('./simulate.ts'),
);
