import { describe, expect, it } from 'vitest';
import { parseRecommendQuery, parseRecommendRequests } from './parse-recommend-request.ts';
import { RecommendRequestError } from './recommend-request-error.ts';

const related = {
  indexName: 'products',
  model: 'related-products',
  objectID: 'sku-1',
  threshold: 0,
};

function errorOf(body: unknown): RecommendRequestError {
  try {
    parseRecommendRequests(body);
  } catch (error) {
    if (error instanceof RecommendRequestError) return error;
    throw error;
  }
  throw new Error('expected a RecommendRequestError');
}

describe('parseRecommendRequests', () => {
  it('parses the docs/api.md §2.11 example, passing search parameters through untouched', () => {
    const queryParameters = { filters: 'inStock:true', highlightPreTag: '__ais-highlight__' };
    const fallbackParameters = { facetFilters: ['category:TV'] };
    const queries = parseRecommendRequests({
      requests: [
        { ...related, maxRecommendations: 8, queryParameters, fallbackParameters },
        { indexName: 'products', model: 'bought-together', objectID: 'sku-1', threshold: 10 },
        { indexName: 'products', model: 'looking-similar', objectID: 'sku-1', threshold: 0 },
        {
          indexName: 'products',
          model: 'trending-items',
          threshold: 0,
          facetName: 'category',
          facetValue: 'TV',
        },
        { indexName: 'products', model: 'trending-facets', facetName: 'brand', threshold: 0 },
      ],
    });
    expect(queries).toEqual([
      {
        model: 'related-products',
        indexName: 'products',
        objectID: 'sku-1',
        threshold: 0,
        limit: 8,
        queryParameters,
        fallbackParameters,
      },
      {
        model: 'bought-together',
        indexName: 'products',
        objectID: 'sku-1',
        threshold: 10,
        limit: 30,
      },
      {
        model: 'looking-similar',
        indexName: 'products',
        objectID: 'sku-1',
        threshold: 0,
        limit: 30,
      },
      {
        model: 'trending-items',
        indexName: 'products',
        threshold: 0,
        limit: 30,
        facet: { name: 'category', value: 'TV' },
      },
      {
        model: 'trending-facets',
        indexName: 'products',
        threshold: 0,
        limit: 30,
        facetName: 'brand',
      },
    ]);
    expect(queries[0]?.queryParameters).toBe(queryParameters);
  });

  it('ignores unknown keys, such as fallbackParameters-like extras on trending-facets', () => {
    const query = parseRecommendQuery({
      indexName: 'products',
      model: 'trending-facets',
      facetName: 'brand',
      threshold: 5,
      somethingNew: true,
      objectID: 'ignored',
    });
    expect(query).toEqual({
      model: 'trending-facets',
      indexName: 'products',
      threshold: 5,
      limit: 30,
      facetName: 'brand',
    });
  });

  it('accepts trending-items without a facet and an empty request list', () => {
    expect(
      parseRecommendQuery({ indexName: 'p', model: 'trending-items', threshold: 100 }),
    ).toEqual({
      model: 'trending-items',
      indexName: 'p',
      threshold: 100,
      limit: 30,
    });
    expect(parseRecommendRequests({ requests: [] })).toEqual([]);
  });
});

describe('parseRecommendRequests errors', () => {
  it.each([
    [null, 'body', 'body must be a JSON object with a requests array'],
    [{}, 'requests', 'requests must be an array'],
    [{ requests: [42] }, 'requests[0]', 'requests[0] must be an object'],
    [
      { requests: [{ ...related, model: 'similar' }] },
      'requests[0].model',
      'requests[0].model must be one of related-products, bought-together, looking-similar, trending-items, trending-facets',
    ],
    [
      { requests: [{ ...related, indexName: '' }] },
      'requests[0].indexName',
      'requests[0].indexName must be a non-empty string',
    ],
    [
      { requests: [related, { ...related, threshold: undefined }] },
      'requests[1].threshold',
      'requests[1].threshold must be a number between 0 and 100',
    ],
    [
      { requests: [{ ...related, threshold: 101 }] },
      'requests[0].threshold',
      'requests[0].threshold must be a number between 0 and 100',
    ],
    [
      { requests: [{ ...related, threshold: '10' }] },
      'requests[0].threshold',
      'requests[0].threshold must be a number between 0 and 100',
    ],
    [
      { requests: [{ ...related, maxRecommendations: 0 }] },
      'requests[0].maxRecommendations',
      'requests[0].maxRecommendations must be an integer between 1 and 30',
    ],
    [
      { requests: [{ ...related, maxRecommendations: 31 }] },
      'requests[0].maxRecommendations',
      'requests[0].maxRecommendations must be an integer between 1 and 30',
    ],
    [
      { requests: [{ ...related, maxRecommendations: 2.5 }] },
      'requests[0].maxRecommendations',
      'requests[0].maxRecommendations must be an integer between 1 and 30',
    ],
    [
      { requests: [{ ...related, objectID: undefined }] },
      'requests[0].objectID',
      'requests[0].objectID must be a non-empty string',
    ],
    [
      { requests: [{ ...related, model: 'bought-together', objectID: 7 }] },
      'requests[0].objectID',
      'requests[0].objectID must be a non-empty string',
    ],
    [
      { requests: [{ indexName: 'p', model: 'trending-items', threshold: 0, facetName: 'brand' }] },
      'requests[0].facetValue',
      'requests[0].facetName and facetValue must be given together',
    ],
    [
      { requests: [{ indexName: 'p', model: 'trending-items', threshold: 0, facetValue: 'LG' }] },
      'requests[0].facetName',
      'requests[0].facetName and facetValue must be given together',
    ],
    [
      { requests: [{ indexName: 'p', model: 'trending-facets', threshold: 0 }] },
      'requests[0].facetName',
      'requests[0].facetName must be a non-empty string',
    ],
    [
      { requests: [{ ...related, queryParameters: 'filters=a' }] },
      'requests[0].queryParameters',
      'requests[0].queryParameters must be an object',
    ],
    [
      { requests: [{ ...related, fallbackParameters: [] }] },
      'requests[0].fallbackParameters',
      'requests[0].fallbackParameters must be an object',
    ],
  ])('rejects %j with a 400 naming %s', (body, field, message) => {
    const error = errorOf(body);
    expect(error).toMatchObject({ status: 400, field, message });
  });
});
