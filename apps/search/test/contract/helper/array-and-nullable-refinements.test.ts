/**
 * InstantSearch's helper (`algoliasearch-helper` over the v5 lite client) on the concert
 * catalogue (`concerts.ts`): disjunctive facets on an array of objects (`performers.name`) and on nested paths
 * (`venue.address.country`), a conjunctive boolean that is `null` or missing on some records, an exclusion of a
 * value holding a colon, numeric refinements on unix timestamps and a nullable rating, tag-like values with quotes,
 * and a `" > "` hierarchy whose records sit under two roots at once. Every count — hits, each disjunctive facet,
 * each level of the hierarchy, facet-value search — is a brute-force count over the fixture (docs/api.md §6).
 */
import type algoliasearchHelper from 'algoliasearch-helper';
import type { SearchResults } from 'algoliasearch-helper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFacet } from '../../support/books.ts';
import { foldedWords, matchesQuery } from '../../support/concert-matcher.ts';
import { type Concert, concertSettings, concerts, pathsAt } from '../../support/concerts.ts';
import {
  type CategoryNode,
  countsOf,
  helperOn,
  levelCounts,
  refinedChild,
  withPrefix,
} from '../../support/helper-results.ts';
import { startSeededServer } from '../../support/seeded-server.ts';
import type { TestServer } from '../../support/test-server.ts';

let server: TestServer;
const indexName = 'billetterie_helper';
const levels = ['categories.lvl0', 'categories.lvl1', 'categories.lvl2'];
const unix = (iso: string) => Date.parse(iso) / 1000;

beforeAll(async () => {
  ({ server } = await startSeededServer({
    indexName,
    settings: concertSettings,
    records: concerts,
  }));
});
afterAll(async () => server.close());

function helperWith(state: Parameters<typeof algoliasearchHelper>[2]) {
  return helperOn(server, indexName, state);
}

const hitIds = (content: SearchResults) => content.hits.map((hit) => hit.objectID).sort();
const idsOf = (records: readonly Concert[]) => records.map((record) => record.objectID).sort();

describe('the helper over the concert catalogue', () => {
  it('counts disjunctive array-of-object and nested facets, a nullable boolean, a colon exclusion and a timestamp range', async () => {
    const helper = helperWith({
      disjunctiveFacets: ['performers.name', 'venue.address.country'],
      facets: ['accessible', 'tags'],
      hierarchicalFacets: [{ name: 'categories', attributes: levels, separator: ' > ' }],
    });
    const from = unix('2026-03-01T00:00:00Z');
    const to = unix('2026-10-31T23:59:59Z');
    helper.addDisjunctiveFacetRefinement('performers.name', 'Ana Müller Trio');
    helper.addDisjunctiveFacetRefinement('performers.name', 'Sofía Reyes Quartet');
    helper.addDisjunctiveFacetRefinement('performers.name', 'The Static Hearts');
    helper.addDisjunctiveFacetRefinement('venue.address.country', 'Suisse');
    helper.addDisjunctiveFacetRefinement('venue.address.country', 'Espagne');
    helper.addDisjunctiveFacetRefinement('venue.address.country', 'Royaume-Uni');
    helper.addFacetRefinement('accessible', 'true');
    helper.addFacetExclusion('tags', 'after: 2h');
    helper.addNumericRefinement('startsAt', '>=', from);
    helper.addNumericRefinement('startsAt', '<=', to);
    helper.toggleFacetRefinement('categories', 'Concerts > Rock');
    const { content } = await helper.searchOnce({});

    const base = (c: Concert) => c.accessible === true && !c.tags.includes('after: 2h');
    const performerOk = (c: Concert) =>
      c.performers.some((p) =>
        ['Ana Müller Trio', 'Sofía Reyes Quartet', 'The Static Hearts'].includes(p.name),
      );
    const countryOk = (c: Concert) =>
      ['Suisse', 'Espagne', 'Royaume-Uni'].includes(c.venue.address.country);
    const dateOk = (c: Concert) => c.startsAt >= from && c.startsAt <= to;
    const rockOk = (c: Concert) => pathsAt(c, 1).includes('Concerts > Rock');
    const hits = concerts.filter(
      (c) => base(c) && performerOk(c) && countryOk(c) && dateOk(c) && rockOk(c),
    );

    expect(hits.length).toBeGreaterThan(0);
    expect(content.nbHits).toBe(hits.length);
    expect(hitIds(content)).toEqual(idsOf(hits));
    expect(countsOf(content, 'performers.name')).toEqual(
      countFacet(
        concerts.filter((c) => base(c) && countryOk(c) && dateOk(c) && rockOk(c)),
        'performers.name',
      ),
    );
    expect(countsOf(content, 'venue.address.country')).toEqual(
      countFacet(
        concerts.filter((c) => base(c) && performerOk(c) && dateOk(c) && rockOk(c)),
        'venue.address.country',
      ),
    );
    expect(countsOf(content, 'accessible')).toEqual(countFacet(hits, 'accessible'));
    expect(countsOf(content, 'tags')).toEqual(countFacet(hits, 'tags'));
    const others = concerts.filter((c) => base(c) && performerOk(c) && countryOk(c) && dateOk(c));
    const tree = content.getFacetValues('categories', {}) as CategoryNode;
    expect(levelCounts(tree.data)).toEqual(countFacet(others, 'categories.lvl0'));
    const concertsNode = refinedChild(tree.data);
    expect(concertsNode?.path).toBe('Concerts');
    expect(levelCounts(concertsNode?.data)).toEqual(
      withPrefix(
        countFacet(
          others.filter((c) => pathsAt(c, 0).includes('Concerts')),
          'categories.lvl1',
        ),
        'Concerts > ',
      ),
    );
    const rock = refinedChild(concertsNode?.data);
    expect(rock?.path).toBe('Concerts > Rock');
    expect(levelCounts(rock?.data)).toEqual(
      withPrefix(countFacet(hits, 'categories.lvl2'), 'Concerts > Rock > '),
    );
  });

  it('counts a level-2 refinement reached through a second placement, with a query and a nullable rating', async () => {
    const helper = helperWith({
      disjunctiveFacets: ['rating', 'sold-out'],
      facets: ['genre'],
      hierarchicalFacets: [{ name: 'categories', attributes: levels, separator: ' > ' }],
    });
    helper.setQuery('et');
    helper.addNumericRefinement('rating', '>=', 4);
    helper.addDisjunctiveFacetRefinement('sold-out', 'false');
    helper.toggleFacetRefinement('categories', 'Concerts > Musiques du monde > Amérique latine');
    const { content } = await helper.searchOnce({});

    const queryOk = (c: Concert) => matchesQuery(c, 'et');
    const ratingOk = (c: Concert) => typeof c.rating === 'number' && c.rating >= 4;
    const soldOk = (c: Concert) => !c['sold-out'];
    const leaf = 'Concerts > Musiques du monde > Amérique latine';
    const leafOk = (c: Concert) => pathsAt(c, 2).includes(leaf);
    const hits = concerts.filter((c) => queryOk(c) && ratingOk(c) && soldOk(c) && leafOk(c));

    expect(hitIds(content)).toEqual(idsOf(hits));
    // one hit (the Sofía Reyes shows) is found only through its second level-2 placement
    expect(hits.some((c) => pathsAt(c, 1)[0] === 'Concerts > Jazz')).toBe(true);
    expect(countsOf(content, 'sold-out')).toEqual(
      countFacet(
        concerts.filter((c) => queryOk(c) && ratingOk(c) && leafOk(c)),
        'sold-out',
      ),
    );
    expect(countsOf(content, 'genre')).toEqual(countFacet(hits, 'genre'));

    const others = concerts.filter((c) => queryOk(c) && ratingOk(c) && soldOk(c));
    const tree = content.getFacetValues('categories', {}) as CategoryNode;
    // The helper keeps, for the refined root, the count of its own sub-query (filter lifted to the parent
    // `Concerts > Musiques du monde`) and takes the other roots from the level-0 query (docs/api.md §6).
    const underParent = others.filter((c) =>
      pathsAt(c, 1).includes('Concerts > Musiques du monde'),
    );
    expect(levelCounts(tree.data)).toEqual({
      ...countFacet(others, 'categories.lvl0'),
      Concerts: countFacet(underParent, 'categories.lvl0')['Concerts'],
    });
    const root = refinedChild(tree.data);
    expect(levelCounts(root?.data)).toEqual(
      withPrefix(
        countFacet(
          others.filter((c) => pathsAt(c, 0).includes('Concerts')),
          'categories.lvl1',
        ),
        'Concerts > ',
      ),
    );
    const world = refinedChild(root?.data);
    expect(world?.path).toBe('Concerts > Musiques du monde');
    expect(levelCounts(world?.data)).toEqual(
      withPrefix(
        countFacet(
          others.filter((c) => pathsAt(c, 1).includes('Concerts > Musiques du monde')),
          'categories.lvl2',
        ),
        'Concerts > Musiques du monde > ',
      ),
    );
    expect(refinedChild(world?.data)?.path).toBe(leaf);
  });

  it('ORs values holding quotes and colons in a disjunctive facet, and counts a second root', async () => {
    const helper = helperWith({
      disjunctiveFacets: ['tags'],
      facets: ['categories.lvl0'],
    });
    helper.addDisjunctiveFacetRefinement('tags', 'session "live"');
    helper.addDisjunctiveFacetRefinement('tags', 'after: 2h');
    helper.addFacetRefinement('categories.lvl0', 'Festivals');
    const { content } = await helper.searchOnce({});
    const tagOk = (c: Concert) => c.tags.includes('session "live"') || c.tags.includes('after: 2h');
    const rootOk = (c: Concert) => pathsAt(c, 0).includes('Festivals');
    const hits = concerts.filter((c) => tagOk(c) && rootOk(c));
    expect(hits.length).toBeGreaterThan(0);
    expect(hitIds(content)).toEqual(idsOf(hits));
    expect(countsOf(content, 'tags')).toEqual(countFacet(concerts.filter(rootOk), 'tags'));
    expect(countsOf(content, 'categories.lvl0')).toEqual(countFacet(hits, 'categories.lvl0'));
  });

  it('searches the facet values of a nested disjunctive facet under the other refinements, accents folded', async () => {
    const helper = helperWith({
      disjunctiveFacets: ['venue.address.city'],
      facets: ['genre'],
    });
    helper.addDisjunctiveFacetRefinement('venue.address.city', 'Paris');
    helper.addFacetRefinement('genre', 'Jazz');
    const { facetHits } = await helper.searchForFacetValues('venue.address.city', 'zu', 10, {});
    const jazz = concerts.filter((c) => c.genre === 'Jazz');
    const expected = Object.entries(countFacet(jazz, 'venue.address.city'))
      .filter(([city]) => foldedWords(city).some((word) => word.startsWith('zu')))
      .map(([value, count]) => ({ value, count }));
    expect(expected).toEqual([{ value: 'Zürich', count: expect.any(Number) }]);
    expect(facetHits.map(({ value, count }) => ({ value, count }))).toEqual(expected);
    expect(facetHits[0]?.highlighted).toBe('<em>Zü</em>rich');
  });
});
