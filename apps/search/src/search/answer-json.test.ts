import { describe, expect, it } from 'vitest';
import { AnswerJson, type PerCallValues } from './answer-json.ts';
import { inflateText } from './gzip-pieces.ts';

/** The whole answer's JSON with this call's values, as the routes put it together. */
const jsonWith = (json: AnswerJson, values: PerCallValues) => json.head(values) + json.rest;

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
    const json = new AnswerJson(answer);
    const again = JSON.parse(
      jsonWith(json, { processingTimeMS: 0, serverTimeMS: 1, queryID: 'bbbb' }),
    );
    expect(again).toEqual({ ...answer, processingTimeMS: 0, serverTimeMS: 1, queryID: 'bbbb' });
  });

  it('leaves out a per-call field the answer did not have, and one this call has no value for', () => {
    const json = new AnswerJson({ facetHits: [], processingTimeMS: 2 });
    expect(JSON.parse(jsonWith(json, { processingTimeMS: 7, queryID: 'cccc' }))).toEqual({
      facetHits: [],
      processingTimeMS: 7,
    });
    expect(JSON.parse(jsonWith(json, {}))).toEqual({ facetHits: [] });
  });

  it('writes valid JSON when the answer has only per-call fields, or none', () => {
    expect(jsonWith(new AnswerJson({ processingTimeMS: 1 }), { processingTimeMS: 3 })).toBe(
      '{"processingTimeMS":3}',
    );
    expect(jsonWith(new AnswerJson({}), { processingTimeMS: 3 })).toBe('{}');
  });

  it('keeps the rest compressed once asked, the same text, and only that once compacted', () => {
    const json = new AnswerJson(answer);
    const rest = json.rest;
    expect(inflateText(json.deflated)).toBe(rest);
    expect(json.deflated).toBe(json.deflated);
    const deflated = json.deflated;
    json.compact();
    expect(json.deflated).toBe(deflated);
    expect(json.rest).toBe(rest);
    expect(json.restLength).toBe(rest.length);
    const { serverTimeMS: _server, queryID: _queryID, ...others } = answer;
    expect(JSON.parse(jsonWith(json, { processingTimeMS: 1 }))).toEqual({
      ...others,
      processingTimeMS: 1,
    });
  });

  it('writes valid JSON for a compacted answer with nothing but per-call fields', () => {
    const json = new AnswerJson({ processingTimeMS: 1 }).compact();
    expect(jsonWith(json, { processingTimeMS: 2 })).toBe('{"processingTimeMS":2}');
  });
});
