/**
 * A wine merchant's cellar, shaped unlike our catalogue: the estate is an object holding a nested region, grapes
 * an array, the price nested under `pricing`, accented French labels, and medals as an array of objects. Used by
 * the contract tests of replicas, rules and keys.
 */
export type Wine = {
  readonly objectID: string;
  readonly label: string;
  readonly estate: {
    readonly name: string;
    readonly region: { readonly country: string; readonly area: string };
  };
  readonly grapes: readonly string[];
  readonly colour: string;
  readonly vintage: number;
  readonly pricing: { readonly bottle: number };
  readonly stock: number;
};

const rows: [string, string, string, string, string, string[], string, number, number, number][] = [
  [
    'w01',
    'Rosé de Provence',
    'Domaine Ott',
    'France',
    'Provence',
    ['grenache', 'cinsault'],
    'rosé',
    2022,
    24,
    40,
  ],
  [
    'w02',
    'Côtes du Rhône rouge',
    'Guigal',
    'France',
    'Rhône',
    ['syrah', 'grenache'],
    'rouge',
    2020,
    14,
    120,
  ],
  [
    'w03',
    'Châteauneuf du Pape',
    'Beaucastel',
    'France',
    'Rhône',
    ['grenache', 'mourvèdre'],
    'rouge',
    2018,
    65,
    12,
  ],
  ['w04', 'Sancerre blanc', 'Vacheron', 'France', 'Loire', ['sauvignon'], 'blanc', 2021, 28, 60],
  [
    'w05',
    'Chablis premier cru',
    'Fèvre',
    'France',
    'Bourgogne',
    ['chardonnay'],
    'blanc',
    2019,
    38,
    30,
  ],
  ['w06', 'Rioja reserva', 'Muga', 'Spain', 'Rioja', ['tempranillo'], 'rouge', 2017, 22, 80],
  ['w07', 'Albariño', 'Pazo Señoráns', 'Spain', 'Rías Baixas', ['albariño'], 'blanc', 2022, 19, 45],
  ['w08', 'Barolo', 'Vietti', 'Italy', 'Piemonte', ['nebbiolo'], 'rouge', 2016, 75, 8],
  [
    'w09',
    'Provence rosé cuvée',
    'Miraval',
    'France',
    'Provence',
    ['cinsault', 'grenache'],
    'rosé',
    2023,
    18,
    200,
  ],
  ['w10', 'Chianti classico', 'Fèlsina', 'Italy', 'Toscana', ['sangiovese'], 'rouge', 2019, 21, 90],
  ['w11', 'Rosado de Navarra', 'Chivite', 'Spain', 'Navarra', ['garnacha'], 'rosé', 2023, 11, 150],
  ['w12', 'Vouvray sec', 'Huet', 'France', 'Loire', ['chenin'], 'blanc', 2020, 32, 25],
];

export const wines: readonly Wine[] = rows.map(
  ([objectID, label, name, country, area, grapes, colour, vintage, bottle, stock]) => ({
    objectID,
    label,
    estate: { name, region: { country, area } },
    grapes,
    colour,
    vintage,
    pricing: { bottle },
    stock,
  }),
);

/** Settings every `-5` file starts from: nested searchable and faceted attributes, cheapest first on ties. */
export const wineSettings = {
  searchableAttributes: ['label', 'estate.name', 'estate.region.area', 'grapes'],
  attributesForFaceting: [
    'colour',
    'searchable(estate.region.country)',
    'estate.region.area',
    'grapes',
    'vintage',
    'pricing.bottle',
  ],
  customRanking: ['asc(pricing.bottle)'],
  typoTolerance: false,
} as const;
