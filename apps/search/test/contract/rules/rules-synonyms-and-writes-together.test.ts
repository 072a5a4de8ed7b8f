/**
 * A French cheese and grocery counter (crèmerie), shaped unlike the other catalogues
 * (a nested origin with a nullable village and a nullable boolean, an array of wine pairings as objects, a
 * numeric-string product code with leading zeros, a nullable milk, long accented descriptions, a `<label>`
 * placeholder token in some descriptions), indexed and read through the official v5 client only. It probes
 * rules (anchorings, contexts, condition filters, promote/hide/filterPromotes, query edits, validity, rule
 * management), synonyms (every type, management, `synonyms: false`) and writes (partial operations, mixed
 * batches, multipleBatch, deleteBy, copy/move scopes, replaceAllObjects, browse, getObjects, odd objectIDs).
 * Expected values come from docs/api.md (§2.6–2.9, §4.2, §5.1) and brute force over the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valuesAt } from '../../support/books.ts';
import { failureOf } from '../../support/failure-of.ts';
import type { SearchClient } from '../../support/seeded-server.ts';
import { adminKey } from '../../support/test-app.ts';
import {
  clientFor,
  seedIndex,
  setSettingsAndWait,
  startTestServer,
  type TestServer,
} from '../../support/test-server.ts';

interface Pairing {
  wine: string;
  score: number;
}

interface Product {
  objectID: string;
  code: string;
  name: string;
  kind: string;
  description: string;
  origin: { region: string; village: string | null; protected: boolean | null };
  milk: string | null;
  pairings: Pairing[];
  price: number;
  stock: number;
  organic: boolean;
  popularity: number;
  labels: string[];
}

const cheeses = [
  'Comté',
  'Roquefort',
  'Brie',
  'Camembert',
  'Reblochon',
  'Époisses',
  'Tomme',
  'Crottin',
];
const groceries = ['Miel', 'Confiture', 'Rillettes', 'Saucisson'];
const kinds = [...cheeses, ...groceries];
const adjectives = ['affiné', 'fermier', 'doux', 'corsé', 'crémeux', 'rustique'];
const regions = [
  'Jura',
  'Aveyron',
  'Normandie',
  'Savoie',
  'Bourgogne',
  'Loire',
  'Provence',
  'Corse',
];
const villages = ['Poligny', 'Roquefort-sur-Soulzon', 'Meaux', 'Thônes', 'Époisses', 'Chavignol'];
const milks = ['vache', 'chèvre', 'brebis'];
const wines = ['Savagnin', 'Sauternes', 'Chablis', 'Pommard', 'Sancerre', 'Bandol', 'Jurançon'];
const pick = <T>(list: readonly T[], position: number): T => list[position % list.length] as T;

function makeProduct(i: number): Product {
  const kind = pick(kinds, i);
  const cheese = cheeses.includes(kind);
  const region = pick(regions, Math.floor(i / 3));
  const pairingCount = i % 4;
  return {
    objectID: `cremerie-${String(i).padStart(4, '0')}`,
    code: String((i * 37) % 1000).padStart(4, '0'),
    name: `${kind} ${pick(adjectives, Math.floor(i / 12))}`,
    kind,
    description:
      `Un ${kind.toLowerCase()} ${pick(adjectives, i + 1)} venu de ${region}, ` +
      `élevé patiemment ${i % 2 === 0 ? 'en cave fraîche' : 'au grenier'} et choisi par notre crémière. ` +
      (i % 10 === 3 ? 'Produit sous <label> protégé. ' : '') +
      'Servez-le à température ambiante, avec du pain de campagne et quelques noix.',
    origin: {
      region,
      village: i % 5 === 0 ? null : pick(villages, i),
      protected: i % 7 === 6 ? null : i % 2 === 1,
    },
    milk: cheese ? pick(milks, i) : null,
    pairings: Array.from({ length: pairingCount }, (_, k) => ({
      wine: pick(wines, i + k * 3),
      score: (i * 11 + k * 5) % 10,
    })),
    price: Math.round((((i * 53) % 400) / 10 + 2.5) * 100) / 100,
    stock: (i * 13) % 50,
    organic: i % 3 === 0,
    // 7919 is prime to 1,000: every popularity is distinct, so the custom ranking orders ties completely.
    popularity: (i * 7919) % 1000,
    labels: [...(i % 6 === 0 ? ['AOP'] : []), ...(i % 8 === 1 ? ['coup de cœur'] : [])],
  };
}

const products: readonly Product[] = Array.from({ length: 300 }, (_, i) => makeProduct(i));
const indexName = 'cremerie_p15';
const replicaName = 'cremerie_p15_price_asc';
const searchable = [
  'name',
  'kind',
  'origin.region',
  'origin.village',
  'pairings.wine',
  'unordered(description)',
];
const settings = {
  searchableAttributes: searchable,
  attributesForFaceting: [
    'kind',
    'searchable(origin.region)',
    'origin.protected',
    'milk',
    'organic',
    'labels',
    'price',
    'stock',
    'pairings.wine',
    'filterOnly(code)',
  ],
  customRanking: ['desc(popularity)'],
  replicas: [replicaName],
};

let server: TestServer;
let admin: SearchClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = clientFor(server, adminKey);
  await seedIndex(admin, indexName, settings, products as unknown as Record<string, unknown>[]);
  await setSettingsAndWait(admin, replicaName, {
    ranking: ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact'],
  });
});
afterAll(async () => server.close());

type SearchParams = NonNullable<Parameters<typeof admin.searchSingleIndex>[0]['searchParams']>;
const search = (searchParams: SearchParams, index = indexName) =>
  admin.searchSingleIndex<Product>({
    indexName: index,
    searchParams: {
      hitsPerPage: 1000,
      attributesToHighlight: [],
      typoTolerance: false,
      ...searchParams,
    },
  });
const sorted = (ids: readonly string[]) => [...ids].sort();
const idsOf = (hits: readonly { objectID: string }[]) => hits.map((hit) => hit.objectID);
const fold = (text: string) =>
  text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/œ/g, 'oe');
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const recordWords = (product: Product) =>
  searchable
    .map((attribute) => attribute.replace(/^unordered\(|\)$/g, ''))
    .flatMap((path) => valuesAt(product, path).flatMap((value) => wordsOf(String(value))));
/** Brute-force match without typos: every query word a whole word, the last one a prefix (docs/api.md §3.5). */
function matches(product: Product, query: string): boolean {
  const words = recordWords(product);
  const queryWords = wordsOf(query);
  return queryWords.every((queryWord, position) =>
    words.some((word) =>
      position === queryWords.length - 1 ? word.startsWith(queryWord) : word === queryWord,
    ),
  );
}
const idsMatching = (query: string, predicate: (product: Product) => boolean = () => true) =>
  sorted(
    products
      .filter((product) => matches(product, query) && predicate(product))
      .map((product) => product.objectID),
  );
const byId = (id: string) => products.find((product) => product.objectID === id) as Product;

async function saveRules(
  index: string,
  rules: Parameters<typeof admin.saveRules>[0]['rules'],
  options: { clearExistingRules?: boolean; forwardToReplicas?: boolean } = {},
) {
  const response = await admin.saveRules({ indexName: index, rules, ...options });
  await admin.waitForTask({ indexName: index, taskID: response.taskID });
  return response;
}

async function saveSynonyms(
  index: string,
  synonymHit: Parameters<typeof admin.saveSynonyms>[0]['synonymHit'],
  options: { replaceExistingSynonyms?: boolean; forwardToReplicas?: boolean } = {},
) {
  const response = await admin.saveSynonyms({ indexName: index, synonymHit, ...options });
  await admin.waitForTask({ indexName: index, taskID: response.taskID });
  return response;
}

/** A fresh index holding `records` with the catalogue's settings minus replicas. */
async function freshIndex(name: string, records: readonly Product[]): Promise<void> {
  const { replicas: _replicas, ...own } = settings;
  await seedIndex(admin, name, own, records as unknown as Record<string, unknown>[]);
}

// ---------------------------------------------------------------------------------------------------------------

describe('rule conditions on a crèmerie', () => {
  beforeAll(async () => {
    await saveRules(
      indexName,
      [
        {
          objectID: 'anchor-is',
          conditions: [{ pattern: 'plateau', anchoring: 'is' }],
          consequence: { params: { query: 'comté' }, userData: { via: 'is' } },
        },
        {
          objectID: 'anchor-starts',
          conditions: [{ pattern: 'promo', anchoring: 'startsWith' }],
          consequence: {
            params: { query: { edits: [{ type: 'remove', delete: 'promo' }] } },
            userData: { via: 'startsWith' },
          },
        },
        {
          objectID: 'anchor-ends',
          conditions: [{ pattern: 'bio', anchoring: 'endsWith' }],
          consequence: {
            params: {
              query: { edits: [{ type: 'remove', delete: 'bio' }] },
              filters: 'organic:true',
            },
            userData: { via: 'endsWith' },
          },
        },
        {
          objectID: 'anchor-contains',
          conditions: [{ pattern: 'fromage de chèvre', anchoring: 'contains' }],
          consequence: {
            params: {
              query: {
                edits: [{ type: 'replace', delete: 'fromage de chèvre', insert: 'crottin' }],
              },
            },
            userData: { via: 'contains' },
          },
        },
        {
          objectID: 'context-mobile',
          conditions: [{ context: 'appli-mobile' }],
          consequence: { userData: { via: 'context' } },
        },
        {
          objectID: 'filter-jura',
          conditions: [{ filters: '"origin.region":Jura' }],
          consequence: { userData: { via: 'filters' }, params: { filters: 'stock > 10' } },
        },
      ],
      { clearExistingRules: true },
    );
  });

  it('anchors patterns with is, startsWith, endsWith and contains, reporting appliedRules and userData', async () => {
    const is = await search({ query: 'Plateau' });
    expect(is.appliedRules).toEqual([{ objectID: 'anchor-is' }]);
    expect(is.userData).toEqual([{ via: 'is' }]);
    expect(is.query).toBe('Plateau');
    expect(sorted(idsOf(is.hits))).toEqual(idsMatching('comté'));

    // "is" needs the whole query; the other words of the query are left as typed.
    const notIs = await search({ query: 'plateau comté' });
    expect(notIs.appliedRules ?? []).toEqual([]);
    expect(notIs.nbHits).toBe(0);

    // startsWith and endsWith on different words both apply, earliest match first.
    const both = await search({ query: 'promo tomme bio' });
    expect(both.appliedRules).toEqual([{ objectID: 'anchor-starts' }, { objectID: 'anchor-ends' }]);
    expect(both.userData).toEqual([{ via: 'startsWith' }, { via: 'endsWith' }]);
    expect(sorted(idsOf(both.hits))).toEqual(idsMatching('tomme', (product) => product.organic));
    expect(both.nbHits).toBeGreaterThan(0);

    // Out of place: "promo" not first, "bio" not last.
    const misplaced = await search({ query: 'brie promo', typoTolerance: false });
    expect(misplaced.appliedRules ?? []).toEqual([]);
    const notLast = await search({ query: 'bio brie' });
    expect(notLast.appliedRules ?? []).toEqual([]);

    // contains, accents folded on both sides, replaced by another word.
    const contains = await search({ query: 'le meilleur FROMAGE DE CHEVRE' });
    expect(contains.appliedRules).toEqual([{ objectID: 'anchor-contains' }]);
    expect(contains.nbHits).toBe(0); // "le meilleur" still required
    const replaced = await search({ query: 'fromage de chèvre' });
    expect(sorted(idsOf(replaced.hits))).toEqual(idsMatching('crottin'));
    expect(replaced.nbHits).toBe(idsMatching('crottin').length);
  });

  it('matches a context-only condition on ruleContexts and a filters condition on the refinements', async () => {
    const none = await search({ query: 'tomme' });
    expect(none.appliedRules ?? []).toEqual([]);
    const withContext = await search({ query: 'tomme', ruleContexts: ['web', 'appli-mobile'] });
    expect(withContext.appliedRules).toEqual([{ objectID: 'context-mobile' }]);
    expect(withContext.userData).toEqual([{ via: 'context' }]);
    // Contexts are exact strings.
    const otherCase = await search({ query: 'tomme', ruleContexts: ['Appli-Mobile'] });
    expect(otherCase.appliedRules ?? []).toEqual([]);

    const jura = (product: Product) => product.origin.region === 'Jura';
    for (const refinement of [
      { facetFilters: [['origin.region:Jura']] },
      { filters: '"origin.region":"Jura"' },
    ] as SearchParams[]) {
      const response = await search({ query: '', ...refinement });
      expect(response.appliedRules).toEqual([{ objectID: 'filter-jura' }]);
      // The consequence's filters are ANDed with the search's (docs/api.md §3.3).
      expect(sorted(idsOf(response.hits))).toEqual(
        idsMatching('', (product) => jura(product) && product.stock > 10),
      );
    }
    // Another region, or Jura as one value of an OR group... the condition needs exactly that refinement.
    const savoie = await search({ query: '', facetFilters: ['origin.region:Savoie'] });
    expect(savoie.appliedRules ?? []).toEqual([]);
    expect(savoie.nbHits).toBe(
      idsMatching('', (product) => product.origin.region === 'Savoie').length,
    );
  });

  it('applies nothing with enableRules false, and enabled false or an expired validity skip the rule', async () => {
    const off = await search({ query: 'plateau', enableRules: false });
    expect(off.appliedRules ?? []).toEqual([]);
    expect(off.nbHits).toBe(0);

    const now = Math.floor(Date.now() / 1000);
    await saveRules(indexName, [
      {
        objectID: 'season-past',
        conditions: [{ pattern: 'raclette', anchoring: 'is' }],
        consequence: { userData: { season: 'past' } },
        validity: [{ from: now - 7200, until: now - 3600 }],
      },
      {
        objectID: 'season-now',
        conditions: [{ pattern: 'raclette', anchoring: 'is' }],
        consequence: { userData: { season: 'now' } },
        validity: [
          { from: now - 7200, until: now - 3600 },
          { from: now - 60, until: now + 3600 },
        ],
      },
      {
        objectID: 'season-disabled',
        conditions: [{ pattern: 'fondue', anchoring: 'is' }],
        consequence: { userData: { season: 'disabled' } },
        enabled: false,
      },
    ]);
    const raclette = await search({ query: 'raclette' });
    expect(raclette.appliedRules).toEqual([{ objectID: 'season-now' }]);
    expect(raclette.userData).toEqual([{ season: 'now' }]);
    const fondue = await search({ query: 'fondue' });
    expect(fondue.appliedRules ?? []).toEqual([]);
    expect(fondue.userData ?? []).toEqual([]);

    const disabled = await admin.searchRules({
      indexName,
      searchRulesParams: { query: '', enabled: false },
    });
    expect(disabled.hits.map((rule) => rule.objectID)).toEqual(['season-disabled']);
    const enabled = await admin.searchRules({
      indexName,
      searchRulesParams: { query: 'season', enabled: true },
    });
    expect(sorted(enabled.hits.map((rule) => rule.objectID))).toEqual([
      'season-now',
      'season-past',
    ]);
  });
});

describe('rule consequences on a crèmerie', () => {
  const promoted = 'cremerie-0008'; // Miel: not a Comté
  const group = ['cremerie-0009', 'cremerie-0010']; // Confiture, Rillettes
  let natural: string[] = [];

  beforeAll(async () => {
    natural = idsOf((await search({ query: 'comté', enableRules: false })).hits);
    await saveRules(indexName, [
      {
        objectID: 'pin-comte',
        conditions: [{ pattern: 'comté', anchoring: 'is' }],
        consequence: {
          promote: [
            { objectID: promoted, position: 0 },
            { objectIDs: group, position: 2 },
          ],
          hide: [{ objectID: natural[0] as string }, { objectID: natural[5] as string }],
          userData: { banner: '/img/comte.webp' },
          params: {
            renderingContent: {
              facetOrdering: {
                facets: { order: ['milk', 'origin.region'] },
                values: { 'origin.region': { order: ['Jura'], sortRemainingBy: 'alpha' } },
              },
              redirect: { url: 'https://cremerie.example/comte' },
            },
          },
        },
      },
      {
        objectID: 'pin-filtered',
        conditions: [{ pattern: 'roquefort', anchoring: 'is' }],
        consequence: {
          promote: [{ objectID: 'cremerie-0002', position: 0 }],
          filterPromotes: true,
        },
      },
      {
        objectID: 'pin-unfiltered',
        conditions: [{ pattern: 'reblochon', anchoring: 'is' }],
        consequence: { promote: [{ objectID: 'cremerie-0002', position: 1 }] },
      },
    ]);
  });

  it('pins a single record and a group at their positions, hides others, keeps the rest in order', async () => {
    expect(natural.length).toBeGreaterThan(10);
    expect(byId(promoted).kind).toBe('Miel');
    const response = await search({ query: 'comté' });
    const ids = idsOf(response.hits);
    expect(ids.slice(0, 4)).toEqual([promoted, natural[1], ...group]);
    expect(ids).not.toContain(natural[0]);
    expect(ids).not.toContain(natural[5]);
    const rest = natural.filter((id) => id !== natural[0] && id !== natural[5]);
    expect(ids.filter((id) => id !== promoted && !group.includes(id))).toEqual(rest);
    expect(response.userData).toEqual([{ banner: '/img/comte.webp' }]);
    expect(response.renderingContent?.redirect).toEqual({ url: 'https://cremerie.example/comte' });
    expect(response.renderingContent?.facetOrdering?.facets?.order).toEqual([
      'milk',
      'origin.region',
    ]);
    expect(response.renderingContent?.facetOrdering?.values?.['origin.region']).toEqual({
      order: ['Jura'],
      sortRemainingBy: 'alpha',
    });

    // Paginated: the pins sit on the first page only; no record shows on two pages.
    const pages = await Promise.all(
      [0, 1, 2].map((page) => search({ query: 'comté', hitsPerPage: 5, page })),
    );
    const paged = pages.flatMap((page) => idsOf(page.hits));
    expect(paged).toEqual(ids.slice(0, 15));
    expect(new Set(paged).size).toBe(paged.length);
  });

  it('drops a promoted record outside the search filters only with filterPromotes', async () => {
    const pinned = byId('cremerie-0002');
    expect(pinned.kind).toBe('Brie');
    expect(pinned.milk).toBe('brebis');
    const plainRoquefort = await search({ query: 'roquefort' });
    expect(idsOf(plainRoquefort.hits)[0]).toBe('cremerie-0002');
    const chevre = await search({ query: 'roquefort', facetFilters: ['milk:chèvre'] });
    const expected = idsMatching('roquefort', (product) => product.milk === 'chèvre');
    expect(expected.length).toBeGreaterThan(1);
    expect(idsOf(chevre.hits)).not.toContain('cremerie-0002');
    expect(sorted(idsOf(chevre.hits))).toEqual(expected);
    expect(chevre.nbHits).toBe(expected.length);
    // Within the filters the pin holds, even though the record does not hold the query word.
    const brebis = await search({ query: 'roquefort', facetFilters: ['milk:brebis'] });
    expect(idsOf(brebis.hits)[0]).toBe('cremerie-0002');
    expect(sorted(idsOf(brebis.hits))).toEqual(
      sorted([
        'cremerie-0002',
        ...idsMatching('roquefort', (product) => product.milk === 'brebis'),
      ]),
    );

    // Without filterPromotes the pin ignores the search filters.
    const unfiltered = await search({ query: 'reblochon', facetFilters: ['milk:chèvre'] });
    const natural = idsMatching('reblochon', (product) => product.milk === 'chèvre');
    expect(natural.length).toBeGreaterThan(1);
    expect(idsOf(unfiltered.hits)[1]).toBe('cremerie-0002');
    expect(sorted(idsOf(unfiltered.hits))).toEqual(sorted(['cremerie-0002', ...natural]));
  });
});

describe('rule management', () => {
  const rule = (objectID: string, pattern: string, context?: string) => ({
    objectID,
    conditions: [
      { pattern, anchoring: 'contains' as const, ...(context === undefined ? {} : { context }) },
    ],
    consequence: { userData: { objectID } },
    description: `Règle ${pattern}`,
  });

  it('replaces rules with clearExistingRules, searches, pages, reads, deletes and forwards to replicas', async () => {
    const name = 'cremerie_p15_rules';
    const replica = 'cremerie_p15_rules_replica';
    await setSettingsAndWait(admin, name, { replicas: [replica] });
    await saveRules(name, [rule('old-1', 'vieux'), rule('old-2', 'vieux')], {
      forwardToReplicas: true,
    });
    const many = Array.from({ length: 25 }, (_, k) =>
      rule(
        `r/${String(k).padStart(2, '0')} é%`,
        k % 2 === 0 ? 'chèvre frais' : 'brebis',
        k % 5 === 0 ? 'noël' : undefined,
      ),
    );
    const first = await saveRules(name, many, { clearExistingRules: true });
    expect(first.taskID).toBeGreaterThan(0);

    const all = await admin.searchRules({
      indexName: name,
      searchRulesParams: { hitsPerPage: 100 },
    });
    expect(all.nbHits).toBe(25);
    expect(all.hits.map((hit) => hit.objectID)).not.toContain('old-1');
    // The replica was not asked: it keeps its old rules.
    const onReplica = await admin.searchRules({ indexName: replica, searchRulesParams: {} });
    expect(sorted(onReplica.hits.map((hit) => hit.objectID))).toEqual(['old-1', 'old-2']);

    const pageSize = 10;
    const pages = await Promise.all(
      [0, 1, 2].map((page) =>
        admin.searchRules({ indexName: name, searchRulesParams: { page, hitsPerPage: pageSize } }),
      ),
    );
    expect(pages.map((page) => page.hits.length)).toEqual([10, 10, 5]);
    expect(pages[0]?.nbPages).toBe(3);
    expect(sorted(pages.flatMap((page) => page.hits.map((hit) => hit.objectID)))).toEqual(
      sorted(many.map((r) => r.objectID)),
    );

    const withContext = await admin.searchRules({
      indexName: name,
      searchRulesParams: { context: 'noël', hitsPerPage: 100 },
    });
    expect(sorted(withContext.hits.map((hit) => hit.objectID))).toEqual(
      sorted(many.filter((r) => r.conditions[0]?.context === 'noël').map((r) => r.objectID)),
    );
    const byText = await admin.searchRules({
      indexName: name,
      searchRulesParams: { query: 'brebis', anchoring: 'contains', hitsPerPage: 100 },
    });
    expect(sorted(byText.hits.map((hit) => hit.objectID))).toEqual(
      sorted(many.filter((r) => r.conditions[0]?.pattern === 'brebis').map((r) => r.objectID)),
    );

    const odd = 'r/07 é%';
    const read = await admin.getRule({ indexName: name, objectID: odd });
    expect(read).toMatchObject({
      objectID: odd,
      conditions: [{ pattern: 'brebis', anchoring: 'contains' }],
      consequence: { userData: { objectID: odd } },
      description: 'Règle brebis',
    });
    const deleted = await admin.deleteRule({ indexName: name, objectID: odd });
    expect(deleted.taskID).toBeGreaterThan(first.taskID);
    await admin.waitForTask({ indexName: name, taskID: deleted.taskID });
    expect((await failureOf(admin.getRule({ indexName: name, objectID: odd }))).status).toBe(404);

    await saveRules(name, [rule('forwarded', 'saint-nectaire')], { forwardToReplicas: true });
    const forwarded = await admin.getRule({ indexName: replica, objectID: 'forwarded' });
    expect(forwarded.objectID).toBe('forwarded');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('synonyms on a crèmerie', () => {
  const name = 'cremerie_p15_syn';

  beforeAll(async () => {
    await freshIndex(name, products);
    await saveSynonyms(
      name,
      [
        { objectID: 'two-way', type: 'synonym', synonyms: ['savagnin', 'vin jaune'] },
        {
          objectID: 'one-way',
          type: 'onewaysynonym',
          input: 'pâte molle',
          synonyms: ['camembert'],
        },
        { objectID: 'alt-1', type: 'altcorrection1', word: 'bri', corrections: ['brie'] },
        { objectID: 'alt-2', type: 'altcorrection2', word: 'reblo', corrections: ['reblochon'] },
        {
          objectID: 'label',
          type: 'placeholder',
          placeholder: '<label>',
          replacements: ['aop', 'igp'],
        },
      ],
      { replaceExistingSynonyms: true },
    );
  });

  it('expands regular synonyms both ways and one-way synonyms from their input only', async () => {
    const savagnin = idsMatching('savagnin');
    expect(savagnin.length).toBeGreaterThan(0);
    const vinJaune = await search({ query: 'vin jaune' }, name);
    expect(sorted(idsOf(vinJaune.hits))).toEqual(savagnin);
    const back = await search({ query: 'savagnin' }, name);
    expect(sorted(idsOf(back.hits))).toEqual(savagnin);

    const molle = await search({ query: 'pâte molle' }, name);
    expect(sorted(idsOf(molle.hits))).toEqual(idsMatching('camembert'));
    // camembert does not bring "pâte molle" back (no record holds it anyway: counts stay the camembert ones).
    const camembert = await search({ query: 'camembert' }, name);
    expect(sorted(idsOf(camembert.hits))).toEqual(idsMatching('camembert'));

    const off = await search({ query: 'vin jaune', synonyms: false }, name);
    expect(off.nbHits).toBe(0);
  });

  it('ranks alternative corrections as one and two typos and expands a placeholder', async () => {
    // "bri" is a prefix of "brie" anyway; the prefix match counts no typo.
    const bri = await search({ query: 'bri', getRankingInfo: true }, name);
    expect(sorted(idsOf(bri.hits))).toEqual(idsMatching('bri'));
    const reblo = await search({ query: 'reblo cave', getRankingInfo: true }, name);
    // "reblo" is not the last word: only the correction matches it, counted as two typos.
    const expected = idsMatching('reblochon cave');
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(idsOf(reblo.hits))).toEqual(expected);
    for (const hit of reblo.hits) expect(hit._rankingInfo?.nbTypos).toBe(2);
    const briLast = await search({ query: 'bri affiné', getRankingInfo: true }, name);
    expect(sorted(idsOf(briLast.hits))).toEqual(idsMatching('brie affiné'));
    for (const hit of briLast.hits) expect(hit._rankingInfo?.nbTypos).toBe(1);

    const labelled = sorted(
      products.filter((product) => product.description.includes('<label>')).map((p) => p.objectID),
    );
    expect(labelled.length).toBe(30);
    for (const query of ['aop protégé', 'igp protégé']) {
      const response = await search({ query }, name);
      expect(sorted(idsOf(response.hits))).toEqual(labelled);
    }
    const offLabel = await search({ query: 'igp protégé', synonyms: false }, name);
    expect(offLabel.nbHits).toBe(0);
  });

  it('searches synonyms by type and text, replaces them, deletes one and clears them all', async () => {
    const byType = await admin.searchSynonyms({
      indexName: name,
      searchSynonymsParams: { type: 'altcorrection1' },
    });
    expect(byType.hits.map((hit) => hit.objectID)).toEqual(['alt-1']);
    const byText = await admin.searchSynonyms({
      indexName: name,
      searchSynonymsParams: { query: 'jaune' },
    });
    expect(byText.hits.map((hit) => hit.objectID)).toEqual(['two-way']);
    expect(byText.nbHits).toBe(1);
    const all = await admin.searchSynonyms({ indexName: name, searchSynonymsParams: {} });
    expect(all.nbHits).toBe(5);
    const one = await admin.getSynonym({ indexName: name, objectID: 'label' });
    expect(one).toMatchObject({
      type: 'placeholder',
      placeholder: '<label>',
      replacements: ['aop', 'igp'],
    });

    await saveSynonyms(name, [{ objectID: 'only', type: 'synonym', synonyms: ['tomme', 'tome'] }], {
      replaceExistingSynonyms: true,
    });
    const replaced = await admin.searchSynonyms({ indexName: name, searchSynonymsParams: {} });
    expect(replaced.hits.map((hit) => hit.objectID)).toEqual(['only']);
    expect((await search({ query: 'vin jaune' }, name)).nbHits).toBe(0);
    const tome = await search({ query: 'tome' }, name);
    expect(sorted(idsOf(tome.hits))).toEqual(idsMatching('tomme'));

    const cleared = await admin.clearSynonyms({ indexName: name });
    await admin.waitForTask({ indexName: name, taskID: cleared.taskID });
    expect((await admin.searchSynonyms({ indexName: name, searchSynonymsParams: {} })).nbHits).toBe(
      0,
    );
    expect((await search({ query: 'tome' }, name)).nbHits).toBe(idsMatching('tome').length);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('writes on a crèmerie', () => {
  it('applies every built-in partial operation and refuses to create with createIfNotExists false', async () => {
    const name = 'cremerie_p15_partial';
    await freshIndex(name, products.slice(0, 20));
    const id = 'cremerie-0004';
    const before = byId(id);
    const update = async (
      attributesToUpdate: Record<string, unknown>,
      createIfNotExists = true,
    ) => {
      const response = await admin.partialUpdateObject({
        indexName: name,
        objectID: id,
        attributesToUpdate,
        createIfNotExists,
      });
      await admin.waitForTask({ indexName: name, taskID: response.taskID as number });
      return response;
    };
    const first = await update({
      stock: { _operation: 'Increment', value: 5 },
      price: { _operation: 'Decrement', value: 1.5 },
      labels: { _operation: 'Add', value: 'AOP' },
    });
    const second = await update({
      labels: { _operation: 'AddUnique', value: 'AOP' },
      popularity: { _operation: 'IncrementFrom', value: before.popularity },
    });
    expect(second.taskID).toBeGreaterThan(first.taskID ?? Number.POSITIVE_INFINITY);
    const read = async () =>
      (await admin.getObject({ indexName: name, objectID: id })) as unknown as Product;
    let record = await read();
    expect(record.stock).toBe(before.stock + 5);
    expect(record.price).toBeCloseTo(before.price - 1.5, 6);
    expect(record.labels).toEqual([...before.labels, 'AOP']);
    expect(record.popularity).toBe(before.popularity + 1);

    // IncrementFrom with a stale value and IncrementSet with a smaller one change nothing.
    await update({
      popularity: { _operation: 'IncrementFrom', value: before.popularity },
      stock: { _operation: 'IncrementSet', value: 1 },
    });
    record = await read();
    expect(record.popularity).toBe(before.popularity + 1);
    expect(record.stock).toBe(before.stock + 5);
    await update({
      stock: { _operation: 'IncrementSet', value: 999 },
      labels: { _operation: 'Remove', value: 'AOP' },
    });
    record = await read();
    expect(record.stock).toBe(999);
    expect(record.labels).toEqual(before.labels.filter((label) => label !== 'AOP'));
    const byStock = await search({ query: '', numericFilters: ['stock=999'] }, name);
    expect(idsOf(byStock.hits)).toEqual([id]);

    const missing = 'cremerie absent/ü%';
    const noCreate = await admin.partialUpdateObject({
      indexName: name,
      objectID: missing,
      attributesToUpdate: { stock: { _operation: 'Increment', value: 1 } },
      createIfNotExists: false,
    });
    await admin.waitForTask({ indexName: name, taskID: noCreate.taskID as number });
    expect((await failureOf(admin.getObject({ indexName: name, objectID: missing }))).status).toBe(
      404,
    );
    const create = await admin.partialUpdateObject({
      indexName: name,
      objectID: missing,
      attributesToUpdate: { stock: { _operation: 'Increment', value: 1 }, name: 'Mystère' },
    });
    await admin.waitForTask({ indexName: name, taskID: create.taskID as number });
    expect(await admin.getObject({ indexName: name, objectID: missing })).toEqual({
      objectID: missing,
      stock: 1,
      name: 'Mystère',
    });
  });

  it('applies a mixed batch in order, answers one objectID per record action, then clear and delete', async () => {
    const name = 'cremerie_p15_batch';
    await freshIndex(name, products.slice(0, 10));
    const response = await admin.batch({
      indexName: name,
      batchWriteParams: {
        requests: [
          { action: 'addObject', body: { name: 'Beaufort d’été', code: '0007' } },
          { action: 'updateObject', body: { objectID: 'cremerie-0001', name: 'Remplacé' } },
          { action: 'partialUpdateObject', body: { objectID: 'cremerie-0002', price: 1 } },
          { action: 'partialUpdateObject', body: { objectID: 'neuf #1', price: 2 } },
          { action: 'partialUpdateObjectNoCreate', body: { objectID: 'cremerie-0003', stock: 0 } },
          { action: 'partialUpdateObjectNoCreate', body: { objectID: 'jamais', stock: 0 } },
          { action: 'deleteObject', body: { objectID: 'cremerie-0004' } },
        ],
      },
    });
    await admin.waitForTask({ indexName: name, taskID: response.taskID });
    const [generated, ...rest] = response.objectIDs;
    expect(typeof generated).toBe('string');
    expect(rest).toEqual([
      'cremerie-0001',
      'cremerie-0002',
      'neuf #1',
      'cremerie-0003',
      'jamais',
      'cremerie-0004',
    ]);
    const read = await admin.getObjects({
      requests: [
        { indexName: name, objectID: generated as string, attributesToRetrieve: ['code'] },
        { indexName: name, objectID: 'cremerie-0001' },
        { indexName: name, objectID: 'cremerie-0002', attributesToRetrieve: ['price', 'kind'] },
        { indexName: name, objectID: 'neuf #1' },
        { indexName: name, objectID: 'cremerie-0003', attributesToRetrieve: ['stock'] },
        { indexName: name, objectID: 'jamais' },
        { indexName: name, objectID: 'cremerie-0004' },
      ],
    });
    expect(read.results).toEqual([
      { objectID: generated, code: '0007' },
      { objectID: 'cremerie-0001', name: 'Remplacé' },
      { objectID: 'cremerie-0002', price: 1, kind: 'Brie' },
      { objectID: 'neuf #1', price: 2 },
      { objectID: 'cremerie-0003', stock: 0 },
      null,
      null,
    ]);
    // A numeric string stays a string: it filters as a facet value, never as a number.
    const byCode = await search({ query: '', filters: 'code:"0007"' }, name);
    expect(idsOf(byCode.hits)).toEqual([generated]);
    expect((await search({ query: '', numericFilters: ['code=7'] }, name)).nbHits).toBe(0);

    const cleared = await admin.batch({
      indexName: name,
      batchWriteParams: {
        requests: [
          { action: 'clear', body: {} },
          { action: 'addObject', body: { objectID: 'après', name: 'Mimolette' } },
        ],
      },
    });
    await admin.waitForTask({ indexName: name, taskID: cleared.taskID });
    const after = await search({ query: '' }, name);
    expect(idsOf(after.hits)).toEqual(['après']);
    // clear keeps the settings (docs/api.md §2.6).
    const kept = await admin.getSettings({ indexName: name });
    expect(kept.customRanking).toEqual(['desc(popularity)']);

    const deleted = await admin.batch({
      indexName: name,
      batchWriteParams: {
        requests: [
          { action: 'delete', body: {} },
          { action: 'addObject', body: { objectID: 'renaissance', name: 'Cantal' } },
        ],
      },
    });
    await admin.waitForTask({ indexName: name, taskID: deleted.taskID });
    const reborn = await admin.getSettings({ indexName: name });
    expect(reborn.customRanking ?? []).toEqual([]);
    expect(idsOf((await search({ query: '' }, name)).hits)).toEqual(['renaissance']);
  });

  it('runs multipleBatch across indices with one taskID per index', async () => {
    await freshIndex('cremerie_p15_mb_a', products.slice(0, 5));
    await freshIndex('cremerie_p15_mb_b', products.slice(5, 10));
    const response = await admin.multipleBatch({
      requests: [
        {
          indexName: 'cremerie_p15_mb_a',
          action: 'deleteObject',
          body: { objectID: 'cremerie-0000' },
        },
        {
          indexName: 'cremerie_p15_mb_b',
          action: 'addObject',
          body: { objectID: 'b/1', name: 'Ossau' },
        },
        {
          indexName: 'cremerie_p15_mb_a',
          action: 'partialUpdateObjectNoCreate',
          body: { objectID: 'cremerie-0001', stock: { _operation: 'Decrement', value: 3 } },
        },
        {
          indexName: 'cremerie_p15_mb_b',
          action: 'updateObject',
          body: { objectID: 'cremerie-0005', name: 'X' },
        },
      ],
    });
    expect(Object.keys(response.taskID).sort()).toEqual(['cremerie_p15_mb_a', 'cremerie_p15_mb_b']);
    expect(response.objectIDs).toEqual(['cremerie-0000', 'b/1', 'cremerie-0001', 'cremerie-0005']);
    for (const [index, taskID] of Object.entries(response.taskID))
      await admin.waitForTask({ indexName: index, taskID });
    const a = await search({ query: '' }, 'cremerie_p15_mb_a');
    expect(sorted(idsOf(a.hits))).toEqual([
      'cremerie-0001',
      'cremerie-0002',
      'cremerie-0003',
      'cremerie-0004',
    ]);
    expect(a.hits.find((hit) => hit.objectID === 'cremerie-0001')?.stock).toBe(
      byId('cremerie-0001').stock - 3,
    );
    const b = await admin.getObjects({
      requests: [
        { indexName: 'cremerie_p15_mb_b', objectID: 'b/1' },
        { indexName: 'cremerie_p15_mb_b', objectID: 'cremerie-0005' },
      ],
    });
    expect(b.results).toEqual([
      { objectID: 'b/1', name: 'Ossau' },
      { objectID: 'cremerie-0005', name: 'X' },
    ]);
  });

  it('deletes by filters on nested, nullable and array-of-object attributes', async () => {
    const name = 'cremerie_p15_deleteby';
    await freshIndex(name, products);
    const filters = '"origin.protected":true AND "pairings.wine":Chablis AND price < 30';
    const doomed = (product: Product) =>
      product.origin.protected === true &&
      product.pairings.some((pairing) => pairing.wine === 'Chablis') &&
      product.price < 30;
    expect(products.filter(doomed).length).toBeGreaterThan(0);
    const response = await admin.deleteBy({ indexName: name, deleteByParams: { filters } });
    await admin.waitForTask({ indexName: name, taskID: response.taskID });
    const left = await search({ query: '' }, name);
    expect(sorted(idsOf(left.hits))).toEqual(idsMatching('', (product) => !doomed(product)));
  });

  it('copies only the scopes asked for, moves, and replaces all objects keeping rules and synonyms', async () => {
    const source = 'cremerie_p15_source';
    await freshIndex(source, products.slice(0, 30));
    await saveRules(source, [
      {
        objectID: 'src-rule',
        conditions: [{ pattern: 'comté', anchoring: 'is' }],
        consequence: { userData: { from: 'source' } },
      },
    ]);
    await saveSynonyms(source, [
      { objectID: 'src-syn', type: 'synonym', synonyms: ['comté', 'gruyère'] },
    ]);

    const copy = await admin.operationIndex({
      indexName: source,
      operationIndexParams: {
        operation: 'copy',
        destination: 'cremerie_p15_copy',
        scope: ['rules'],
      },
    });
    await admin.waitForTask({ indexName: 'cremerie_p15_copy', taskID: copy.taskID });
    const copiedRule = await admin.getRule({
      indexName: 'cremerie_p15_copy',
      objectID: 'src-rule',
    });
    expect(copiedRule.objectID).toBe('src-rule');
    expect(
      (await admin.searchSynonyms({ indexName: 'cremerie_p15_copy', searchSynonymsParams: {} }))
        .nbHits,
    ).toBe(0);

    const full = await admin.operationIndex({
      indexName: source,
      operationIndexParams: { operation: 'copy', destination: 'cremerie_p15_full' },
    });
    await admin.waitForTask({ indexName: 'cremerie_p15_full', taskID: full.taskID });
    const gruyere = await search({ query: 'gruyère' }, 'cremerie_p15_full');
    expect(sorted(idsOf(gruyere.hits))).toEqual(
      sorted(
        products
          .slice(0, 30)
          .filter((p) => matches(p, 'comté'))
          .map((p) => p.objectID),
      ),
    );

    const move = await admin.operationIndex({
      indexName: 'cremerie_p15_full',
      operationIndexParams: { operation: 'move', destination: 'cremerie_p15_moved' },
    });
    await admin.waitForTask({ indexName: 'cremerie_p15_moved', taskID: move.taskID });
    expect((await failureOf(admin.getSettings({ indexName: 'cremerie_p15_full' }))).status).toBe(
      404,
    );
    const moved = await search({ query: 'comté' }, 'cremerie_p15_moved');
    expect(moved.userData).toEqual([{ from: 'source' }]);

    const fresh = products
      .slice(100, 112)
      .map((product) => ({ ...product, name: `${product.name} nouveau` }));
    await admin.replaceAllObjects({ indexName: source, objects: fresh, batchSize: 5 });
    const replaced = await search({ query: '' }, source);
    expect(sorted(idsOf(replaced.hits))).toEqual(sorted(fresh.map((p) => p.objectID)));
    const rule = await admin.getRule({ indexName: source, objectID: 'src-rule' });
    expect(rule.objectID).toBe('src-rule');
    const viaSynonym = await search({ query: 'gruyère' }, source);
    expect(sorted(idsOf(viaSynonym.hits))).toEqual(
      sorted(fresh.filter((p) => matches(p as Product, 'comté')).map((p) => p.objectID)),
    );
    expect(viaSynonym.nbHits).toBeGreaterThan(0);
  });

  it('browses with a filter and a cursor, and reads odd objectIDs through the URL path', async () => {
    const filtered: Product[] = [];
    await admin.browseObjects<Product>({
      indexName,
      browseParams: { filters: 'milk:chèvre OR milk:brebis', hitsPerPage: 7 },
      aggregator: (response) => {
        filtered.push(...response.hits);
        expect(response.hits.length).toBeLessThanOrEqual(7);
      },
    });
    expect(sorted(filtered.map((hit) => hit.objectID))).toEqual(
      idsMatching('', (product) => product.milk === 'chèvre' || product.milk === 'brebis'),
    );

    const name = 'cremerie_p15_odd';
    const odd = ['tête de moine/AOP', 'Saint-Félicien 100%', '山羊 チーズ', 'a+b?c&d#e'];
    await freshIndex(
      name,
      odd.map((objectID, k) => ({ ...(products[k] as Product), objectID })),
    );
    for (const objectID of odd) {
      const record = await admin.getObject({
        indexName: name,
        objectID,
        attributesToRetrieve: ['code'],
      });
      expect(record).toEqual({ objectID, code: (products[odd.indexOf(objectID)] as Product).code });
    }
    const removed = await admin.deleteObject({ indexName: name, objectID: odd[1] as string });
    await admin.waitForTask({ indexName: name, taskID: removed.taskID });
    const left = await search({ query: '' }, name);
    expect(sorted(idsOf(left.hits))).toEqual(sorted(odd.filter((_, k) => k !== 1)));
  });
});

describe('standard replica of the crèmerie', () => {
  it('sorts by price ascending and receives the primary partial updates', async () => {
    const sortedByPrice = await search({ query: 'brie' }, replicaName);
    const prices = sortedByPrice.hits.map((hit) => hit.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(sorted(idsOf(sortedByPrice.hits))).toEqual(idsMatching('brie'));
    const priciest = sortedByPrice.hits.at(-1)?.objectID as string;
    const update = await admin.partialUpdateObject({
      indexName,
      objectID: priciest,
      attributesToUpdate: { price: 0.01 },
    });
    await admin.waitForTask({ indexName, taskID: update.taskID as number });
    const after = await search({ query: 'brie' }, replicaName);
    expect(after.hits[0]?.objectID).toBe(priciest);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Second round: rule interplay, single-object management routes, task ids.

describe('rules working together', () => {
  const name = 'cremerie_p15_interplay';

  beforeAll(async () => {
    await freshIndex(name, products);
    await saveRules(
      name,
      [
        {
          objectID: 'a-pin-miel',
          conditions: [{ pattern: 'camembert', anchoring: 'startsWith' }],
          consequence: {
            promote: [
              { objectID: 'cremerie-0008', position: 0 },
              { objectID: 'cremerie-9999', position: 1 },
              { objectID: 'cremerie-0020', position: 25 },
            ],
            userData: { first: true },
          },
        },
        {
          objectID: 'b-hide-miel',
          conditions: [{ pattern: 'loire', anchoring: 'endsWith' }],
          consequence: { hide: [{ objectID: 'cremerie-0008' }], userData: { second: true } },
        },
        {
          objectID: 'c-empty-query',
          conditions: [{ pattern: '', anchoring: 'is' }],
          consequence: { userData: { empty: true } },
        },
        {
          objectID: 'd-context-and-pattern',
          conditions: [{ pattern: 'crottin', anchoring: 'contains', context: 'fromagerie' }],
          consequence: { params: { filters: 'stock > 20' } },
        },
        {
          objectID: 'e-wine',
          conditions: [{ pattern: 'avec {facet:pairings.wine}', anchoring: 'endsWith' }],
          consequence: {
            params: {
              automaticFacetFilters: [{ facet: 'pairings.wine' }],
              query: {
                edits: [
                  { type: 'remove', delete: 'avec' },
                  { type: 'remove', delete: '{facet:pairings.wine}' },
                ],
              },
            },
          },
        },
      ],
      { clearExistingRules: true },
    );
  });

  it('ignores a promoted objectID that does not exist and pins past the first page', async () => {
    const natural = idsOf((await search({ query: 'camembert', enableRules: false }, name)).hits);
    expect(natural.length).toBeGreaterThan(24);
    const response = await search({ query: 'camembert' }, name);
    const ids = idsOf(response.hits);
    expect(ids).not.toContain('cremerie-9999');
    expect(ids[0]).toBe('cremerie-0008');
    expect(ids[25]).toBe('cremerie-0020');
    expect(byId('cremerie-0020').kind).toBe('Miel');
    expect(ids.filter((id) => id !== 'cremerie-0008' && id !== 'cremerie-0020')).toEqual(natural);
    const secondPage = await search({ query: 'camembert', hitsPerPage: 20, page: 1 }, name);
    expect(idsOf(secondPage.hits)).toEqual(ids.slice(20, 40));
    expect(idsOf(secondPage.hits)[5]).toBe('cremerie-0020');
  });

  it('lets a hide from one rule win over a promote from another, both reported', async () => {
    const response = await search({ query: 'camembert loire' }, name);
    expect(response.appliedRules).toEqual([
      { objectID: 'a-pin-miel' },
      { objectID: 'b-hide-miel' },
    ]);
    expect(response.userData).toEqual([{ first: true }, { second: true }]);
    const ids = idsOf(response.hits);
    expect(ids).not.toContain('cremerie-0008');
    const natural = idsMatching('camembert loire');
    expect(natural.length).toBeGreaterThan(0);
    expect(sorted(ids.filter((id) => id !== 'cremerie-0020'))).toEqual(natural);
  });

  it('applies an empty-pattern is rule to the empty query only', async () => {
    const empty = await search({ query: '', hitsPerPage: 1 }, name);
    expect(empty.appliedRules).toEqual([{ objectID: 'c-empty-query' }]);
    expect(empty.userData).toEqual([{ empty: true }]);
    const typed = await search({ query: 'tomme', hitsPerPage: 1 }, name);
    expect(typed.appliedRules ?? []).toEqual([]);
  });

  it('needs both the pattern and the context of one condition', async () => {
    const all = idsMatching('crottin');
    const organic = idsMatching('crottin', (product) => product.stock > 20);
    expect(organic.length).toBeGreaterThan(0);
    expect(organic.length).toBeLessThan(all.length);
    expect(sorted(idsOf((await search({ query: 'crottin' }, name)).hits))).toEqual(all);
    const withContext = await search({ query: 'crottin', ruleContexts: ['fromagerie'] }, name);
    expect(sorted(idsOf(withContext.hits))).toEqual(organic);
    const contextOnly = await search({ query: 'tomme', ruleContexts: ['fromagerie'] }, name);
    expect(contextOnly.appliedRules ?? []).toEqual([]);
  });

  it('turns a wine in an array of objects into a facet filter and removes the matched words', async () => {
    const response = await search({ query: 'tomme avec jurançon' }, name);
    expect(response.appliedRules).toEqual([{ objectID: 'e-wine' }]);
    const expected = idsMatching('tomme', (product) =>
      product.pairings.some((pairing) => pairing.wine === 'Jurançon'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(idsOf(response.hits))).toEqual(expected);
    expect(response.nbHits).toBe(expected.length);
  });

  it('applies no rule when browsing (docs/api.md §2.5)', async () => {
    const browsed = await admin.browse<Product>({
      indexName: name,
      browseParams: { query: 'camembert', hitsPerPage: 1000 },
    });
    expect(sorted(idsOf(browsed.hits))).toEqual(idsMatching('camembert'));
  });
});

describe('single-object management routes', () => {
  it('saves, forwards and deletes one rule and one synonym with odd objectIDs on a primary and its replica', async () => {
    const name = 'cremerie_p15_single';
    const replica = 'cremerie_p15_single_replica';
    await freshIndex(name, products.slice(0, 40));
    await setSettingsAndWait(admin, name, { replicas: [replica] });

    const ruleID = 'règle 50%/été';
    const savedRule = await admin.saveRule({
      indexName: name,
      objectID: ruleID,
      rule: {
        objectID: ruleID,
        conditions: [{ pattern: 'brie', anchoring: 'is' }],
        consequence: { userData: { summer: true } },
      },
      forwardToReplicas: true,
    });
    await admin.waitForTask({ indexName: name, taskID: savedRule.taskID });
    const synonymID = 'syn #1/ä';
    const savedSynonym = await admin.saveSynonym({
      indexName: name,
      objectID: synonymID,
      synonymHit: {
        objectID: synonymID,
        type: 'onewaysynonym',
        input: 'meaux',
        synonyms: ['brie'],
      },
      forwardToReplicas: true,
    });
    await admin.waitForTask({ indexName: name, taskID: savedSynonym.taskID });

    for (const index of [name, replica]) {
      expect((await admin.getRule({ indexName: index, objectID: ruleID })).objectID).toBe(ruleID);
      expect((await admin.getSynonym({ indexName: index, objectID: synonymID })).input).toBe(
        'meaux',
      );
      const brie = await search({ query: 'brie' }, index);
      expect(brie.userData).toEqual([{ summer: true }]);
    }
    const subset = products.slice(0, 40);
    const viaSynonym = await search({ query: 'meaux' }, replica);
    expect(sorted(idsOf(viaSynonym.hits))).toEqual(
      sorted(
        subset.filter((p) => matches(p, 'meaux') || matches(p, 'brie')).map((p) => p.objectID),
      ),
    );

    const deletedRule = await admin.deleteRule({
      indexName: name,
      objectID: ruleID,
      forwardToReplicas: true,
    });
    await admin.waitForTask({ indexName: name, taskID: deletedRule.taskID });
    const deletedSynonym = await admin.deleteSynonym({
      indexName: name,
      objectID: synonymID,
    });
    await admin.waitForTask({ indexName: name, taskID: deletedSynonym.taskID });
    expect((await failureOf(admin.getRule({ indexName: replica, objectID: ruleID }))).status).toBe(
      404,
    );
    expect(
      (await failureOf(admin.getSynonym({ indexName: name, objectID: synonymID }))).status,
    ).toBe(404);
    // Not forwarded: the replica keeps its synonym.
    expect((await admin.getSynonym({ indexName: replica, objectID: synonymID })).objectID).toBe(
      synonymID,
    );

    const cleared = await admin.clearSynonyms({ indexName: name, forwardToReplicas: true });
    await admin.waitForTask({ indexName: name, taskID: cleared.taskID });
    expect(
      (await admin.searchSynonyms({ indexName: replica, searchSynonymsParams: {} })).nbHits,
    ).toBe(0);
  });

  it('hands out increasing task ids across indices, each published under any index name', async () => {
    const ids: number[] = [];
    for (const index of ['cremerie_p15_t1', 'cremerie_p15_t2', 'cremerie_p15_t1']) {
      const { taskID } = await admin.saveObject({
        indexName: index,
        body: { name: 'Brillat-Savarin' },
      });
      ids.push(taskID);
    }
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);
    const task = await admin.getTask({ indexName: 'cremerie_p15_t2', taskID: ids[0] as number });
    expect(task.status).toBe('published');
  });
});

describe('rule and query limits (docs/api.md §8)', () => {
  it('refuses a rule past the condition, group, promotion and hide limits, saving none of the batch', async () => {
    const name = 'cremerie_p15_limits';
    await freshIndex(name, products.slice(0, 10));
    const valid = {
      objectID: 'valid',
      conditions: [{ pattern: 'brie', anchoring: 'is' as const }],
      consequence: { userData: { ok: true } },
    };
    const ids = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, k) => `${prefix}-${k}`);
    const tooMany = [
      {
        objectID: 'conditions',
        conditions: Array.from({ length: 26 }, (_, k) => ({
          pattern: `mot${k}`,
          anchoring: 'is' as const,
        })),
        consequence: { userData: { n: 1 } },
      },
      {
        objectID: 'group',
        consequence: { promote: [{ objectIDs: ids(101, 'g'), position: 0 }] },
      },
      {
        objectID: 'promoted',
        consequence: {
          promote: [0, 1, 2, 3].map((group) => ({
            objectIDs: ids(group < 3 ? 100 : 1, `p${group}`),
            position: group * 100,
          })),
        },
      },
      {
        objectID: 'hidden',
        consequence: { hide: ids(51, 'h').map((objectID) => ({ objectID })) },
      },
      {
        objectID: 'userData',
        consequence: { userData: { text: 'é'.repeat(600) } },
      },
    ];
    for (const rule of tooMany) {
      const failure = await failureOf(admin.saveRules({ indexName: name, rules: [valid, rule] }));
      expect(failure.status, rule.objectID).toBe(400);
    }
    const saved = await admin.searchRules({ indexName: name, searchRulesParams: {} });
    expect(saved.nbHits).toBe(0);
    // At the limits exactly, it is accepted.
    await saveRules(name, [
      {
        objectID: 'at-limits',
        conditions: Array.from({ length: 25 }, (_, k) => ({
          pattern: `mot${k}`,
          anchoring: 'is' as const,
        })),
        consequence: {
          promote: [{ objectIDs: ids(100, 'g'), position: 0 }],
          hide: ids(50, 'h').map((objectID) => ({ objectID })),
        },
      },
    ]);
    expect(
      (await admin.getRule({ indexName: name, objectID: 'at-limits' })).conditions,
    ).toHaveLength(25);
  });

  it('refuses more than 10 ruleContexts with a 400 and accepts 10', async () => {
    const contexts = Array.from({ length: 11 }, (_, k) => `ctx-${k}`);
    const failure = await failureOf(search({ query: 'brie', ruleContexts: contexts }));
    expect(failure.status).toBe(400);
    const ten = await search({ query: 'brie', ruleContexts: contexts.slice(0, 10) });
    expect(sorted(idsOf(ten.hits))).toEqual(idsMatching('brie'));
  });
});
