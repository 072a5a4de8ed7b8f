/** Name of the one index that serves both languages. */
export const productsIndex = 'products';

/** Sort replicas (standard replicas: exhaustive sort), keyed by the sort the storefront offers. */
export const productReplicas = {
  priceAsc: 'products_price_asc',
  priceDesc: 'products_price_desc',
  ratingDesc: 'products_rating_desc',
  newest: 'products_newest',
} as const;

const facets = [
  'hierarchicalCategories.lvl0',
  'hierarchicalCategories.lvl1',
  'hierarchicalCategories.lvl2',
  'searchable(categories)',
  'searchable(color)',
  'searchable(colors)',
  'searchable(sizes)',
  'searchable(material)',
  'searchable(activity)',
  'searchable(gender)',
  'searchable(productId)',
  'pattern',
  'climate',
  'style',
  'brand',
  'eco',
  'sale',
  'new',
  'inStock',
  'price',
  'rating',
];

/**
 * Settings of the `products` index, in Algolia's vocabulary (sent with `setSettings`). Both languages' texts
 * are searchable here; each page narrows the search to its own language with `languageSearchParameters`
 * (search-language.ts, decision 0014).
 * The department (`Men > Tops`) and the gender are searchable so that "black jacket men", "hauts femme" or
 * "yoga pants women size M" find what they name; the sizes come last, before the description. Measured by
 * the judged queries of `apps/storefront/test/search-relevance.test.ts` and, query by query, of
 * `apps/search/test/relevance/judged-queries.test.ts`.
 */
export const productIndexSettings = {
  searchableAttributes: [
    // French names before English ones: the French page searches both (shoppers type "hoodie" and "legging"
    // too) and prefers a match in French; the English page searches only the English texts.
    'nameFr',
    'name',
    'categories,hierarchicalCategories.lvl1,labelsFr',
    'color,material,style,activity,gender',
    'brand',
    'sizes',
    'unordered(description)',
    'unordered(descriptionFr)',
  ],
  attributesForFaceting: facets,
  customRanking: ['desc(popularity)', 'desc(rating)'],
  attributeForDistinct: 'productId',
  distinct: true,
  queryLanguages: ['fr', 'en'],
  indexLanguages: ['fr', 'en'],
  ignorePlurals: true,
  removeStopWords: true,
  // "yoga pants size M": the word "size" names no value of a record;
  // "vêtements de sport femme": "clothes" names no value of a record either (the shop sells nothing else).
  optionalWords: [
    'size',
    'sizes',
    'taille',
    'tailles',
    'clothes',
    'clothing',
    'vêtement',
    'vêtements',
  ],
  // A typo matched somewhere in a long description ("xbox" → "boxe") is noise, never what the shopper meant.
  disableTypoToleranceOnAttributes: ['description', 'descriptionFr'],
  attributesToSnippet: ['description:24'],
  attributesToHighlight: ['name', 'description', 'categories', 'color'],
  unretrievableAttributes: [],
  replicas: Object.values(productReplicas),
  renderingContent: {
    facetOrdering: {
      facets: {
        order: [
          'hierarchicalCategories.lvl0',
          'colors',
          'sizes',
          'price',
          'rating',
          'material',
          'activity',
          'gender',
        ],
      },
      values: { sizes: { order: ['XS', 'S', 'M', 'L', 'XL'], sortRemainingBy: 'alpha' } },
    },
  },
} as const;

/** A synonym of the `products` index, in Algolia's shape (`saveSynonyms`). */
export type ProductSynonym =
  | { readonly objectID: string; readonly type: 'synonym'; readonly synonyms: readonly string[] }
  | {
      readonly objectID: string;
      readonly type: 'onewaysynonym';
      readonly input: string;
      readonly synonyms: readonly string[];
    };

const oneWay = (objectID: string, input: string, synonyms: readonly string[]): ProductSynonym => ({
  objectID,
  type: 'onewaysynonym',
  input,
  synonyms,
});

/**
 * The merchant's synonyms of the `products` index, pushed with the settings (to the replicas too). Names are
 * English only: French words for the products (`gourde`, `pantalon`) lead to the English nouns of the names,
 * and the other English words shoppers use (`trousers`, `jumper`) to the catalogue's own. One-way, so a search
 * for the catalogue's word is never widened; only two spellings of one word (`tee`/`t-shirt`, `duffle`/`duffel`)
 * go both ways. French category, colour and style words are found through
 * `labelsFr` already; plurals, accents and typos are the engine's job, not synonyms.
 */
export const productSynonyms: readonly ProductSynonym[] = [
  { objectID: 'tee', type: 'synonym', synonyms: ['tee', 't-shirt', 'tshirt', 'tee-shirt'] },
  { objectID: 'duffle', type: 'synonym', synonyms: ['duffle', 'duffel'] },
  oneWay('trousers', 'trousers', ['pants', 'pant']),
  oneWay('joggers', 'joggers', ['sweatpants']),
  oneWay('jumper', 'jumper', ['sweatshirt', 'pullover']),
  oneWay('sweater', 'sweater', ['sweatshirt', 'pullover']),
  oneWay('rucksack', 'rucksack', ['backpack']),
  oneWay('gym-ball', 'gym ball', ['stasis ball']),
  oneWay('exercise-ball', 'exercise ball', ['stasis ball']),
  oneWay('resistance-band', 'resistance band', ['band']),
  oneWay('ladies', 'ladies', ['women']),
  // No English name says waterproof: the shop's rain jackets are "Rain Coat"s (style) or hydro-resistant.
  oneWay('waterproof', 'waterproof', ['rain', 'hydro-resistant']),
  oneWay('fr-sweat', 'sweat', ['sweatshirt', 'hoodie']),
  oneWay('fr-veste', 'veste', ['jacket']),
  oneWay('fr-pantalon', 'pantalon', ['pant']),
  oneWay('fr-debardeur', 'débardeur', ['tank']),
  oneWay('fr-brassiere', 'brassière', ['bra']),
  oneWay('fr-soutien-gorge', 'soutien-gorge', ['bra']),
  oneWay('fr-collant', 'collant', ['tights', 'leggings']),
  oneWay('fr-polaire', 'polaire', ['fleece']),
  oneWay('fr-coupe-vent', 'coupe-vent', ['wind jacket', 'shell']),
  oneWay('fr-blouson', 'blouson', ['jacket']),
  oneWay('fr-manteau', 'manteau', ['jacket']),
  oneWay('fr-haut', 'haut', ['top', 'tee', 'tank']),
  oneWay('fr-gilet', 'gilet', ['full-zip', 'zip']),
  oneWay('fr-sac-de-sport', 'sac de sport', ['duffle', 'gym bag']),
  oneWay('fr-pantacourt', 'pantacourt', ['capri']),
  oneWay('fr-jogging', 'jogging', ['sweatpants', 'track pant', 'jogging']),
  oneWay('fr-montre', 'montre', ['watch']),
  oneWay('fr-sac', 'sac', ['bag']),
  oneWay('fr-gourde', 'gourde', ['water bottle']),
  oneWay('fr-bouteille', "bouteille d'eau", ['water bottle', 'gourde']),
  oneWay('fr-corde', 'corde à sauter', ['jump rope']),
  oneWay('fr-ballon', 'ballon', ['ball']),
  oneWay('fr-pluie', 'pluie', ['rain']),
  oneWay('fr-sangle', 'sangle', ['strap']),
  oneWay('fr-brique', 'brique', ['brick']),
  oneWay('fr-rouleau', 'rouleau', ['roller']),
  oneWay('fr-elastique', 'élastique', ['band']),
  oneWay('fr-musculation', 'musculation', ['fitness', 'strength', 'haltérophilie']),
  // Judged by `apps/search/test/relevance/judged-queries.ts`: French words shoppers type that no label holds.
  oneWay('fr-bouteille-mot', 'bouteille', ['bottle']),
  oneWay('fr-bandouliere', 'bandoulière', ['shoulder', 'messenger']),
  oneWay('fr-numerique', 'numérique', ['digital']),
  // The French names say "numérique"; shoppers also type the anglicism.
  oneWay('fr-digitale', 'digitale', ['numérique', 'digital']),
  oneWay('fr-analogique', 'analogique', ['analog']),
  oneWay('fr-course', 'course', ['running']),
  oneWay('fr-biologique', 'biologique', ['bio', 'organic']),
  oneWay('fr-manches-longues', 'manches longues', ['long sleeve']),
  oneWay('fr-manches-courtes', 'manches courtes', ['short sleeve']),
  oneWay('fr-velo', 'vélo', ['bike']),
  oneWay('fr-doudoune', 'doudoune', ['insulated jacket']),
  oneWay('fr-pompes', 'pompes', ['pushup']),
  oneWay('fr-poignees', 'poignées', ['grips']),
  oneWay('fr-etanche', 'étanche', ['water resistant', 'waterproof']),
  // Only men's pants carry the "Pantalon d'entraînement" label (Workout Pants style); the word is "workout".
  oneWay('fr-entrainement', 'entraînement', ['workout', 'training']),
  // Colour labels are masculine (`Blanc`); the feminine is more than one typo away only for this one.
  oneWay('fr-blanche', 'blanche', ['blanc']),
  // Held-out judged queries (`apps/search/test/relevance/held-out-queries.ts`): words for the shop's products
  // that neither the names nor the labels hold.
  oneWay('sports-bra', 'sports bra', ['bra']),
  oneWay('kids', 'kids', ['boys', 'girls']),
  oneWay('children', 'children', ['boys', 'girls']),
  oneWay('fr-enfant', 'enfant', ['garçon', 'fille', 'boys', 'girls']),
  oneWay('quarter-zip', 'quarter zip', ['1/4 zip']),
  oneWay('six-feet', '6ft', ['6 foot']),
  oneWay('eight-feet', '8ft', ['8 foot']),
  oneWay('ten-feet', '10ft', ['10 foot']),
  oneWay('fr-col-rond', 'col rond', ['crewneck', 'crew-neck']),
  oneWay('fr-col-v', 'col v', ['v-neck']),
  oneWay('fr-exercice', 'exercice', ['exercise']),
  oneWay('fr-hiver', 'hiver', ['winter']),
  // Tried as a new shopper would (2026-11-28): no colour label says navy, the descriptions do; `pull` alone
  // is the French word for any sweater.
  oneWay('fr-bleu-marine', 'bleu marine', ['navy']),
  oneWay('fr-pull', 'pull', ['pullover', 'sweatshirt']),
];

/** Replica settings: each puts its sort criterion first, then Algolia's default ranking. */
export const replicaSettings: Readonly<Record<string, { ranking: string[] }>> = {
  [productReplicas.priceAsc]: { ranking: ['asc(price)', ...defaultRanking()] },
  [productReplicas.priceDesc]: { ranking: ['desc(price)', ...defaultRanking()] },
  [productReplicas.ratingDesc]: { ranking: ['desc(rating)', ...defaultRanking()] },
  [productReplicas.newest]: { ranking: ['desc(createdAt)', ...defaultRanking()] },
};

function defaultRanking(): string[] {
  return ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];
}
