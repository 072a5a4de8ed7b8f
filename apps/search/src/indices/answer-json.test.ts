import { describe, expect, it } from 'vitest';
import { answerJsonWith, toAnswerJson } from './answer-json.ts';

describe('answer JSON', () => {
  const answer = {
    hits: [{ objectID: '1', name: 'Jacket "Hero"' }],
    nbHits: 1,
    processingTimeMS: 4,
    queryID: 'aaaa',
    facets: { color: { Black: 1 } },
    serverTimeMS: 5,
  };

  it('gives back the answer with this call’s times and queryID, everything else as it was', () => {
    const json = toAnswerJson(answer);
    const again = JSON.parse(
      answerJsonWith(json, { processingTimeMS: 0, serverTimeMS: 1, queryID: 'bbbb' }),
    );
    expect(again).toEqual({ ...answer, processingTimeMS: 0, serverTimeMS: 1, queryID: 'bbbb' });
  });

  it('leaves out a per-call field the answer did not have, and one this call has no value for', () => {
    const json = toAnswerJson({ facetHits: [], processingTimeMS: 2 });
    expect(JSON.parse(answerJsonWith(json, { processingTimeMS: 7, queryID: 'cccc' }))).toEqual({
      facetHits: [],
      processingTimeMS: 7,
    });
    expect(JSON.parse(answerJsonWith(json, {}))).toEqual({ facetHits: [] });
  });

  it('writes valid JSON when the answer has only per-call fields, or none', () => {
    expect(answerJsonWith(toAnswerJson({ processingTimeMS: 1 }), { processingTimeMS: 3 })).toBe(
      '{"processingTimeMS":3}',
    );
    expect(answerJsonWith(toAnswerJson({}), { processingTimeMS: 3 })).toBe('{}');
  });
});
