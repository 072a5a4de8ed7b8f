/**
 * An electronics catalogue shaped unlike our products and unlike the books: the brand is an object
 * (`brand.name`), screen specs are two levels deep (`specs.screen.size`), resolutions are an array of numbers,
 * `inStock` is a boolean facet, some weights and warranties arrive as strings, sales are missing on some records,
 * the distinct key is a number (`modelId`), and hierarchical categories use `" / "` as separator.
 * Deterministic: the same 72 records on every run.
 */
import { valuesAt } from './books.ts';

export type Device = {
  readonly objectID: string;
  readonly name: string;
  readonly description: string;
  readonly brand: { readonly name: string; readonly country: string };
  readonly specs: {
    readonly screen?: { readonly size: number; readonly panel: string } | null;
    readonly ports: readonly string[];
  };
  readonly resolutions: readonly number[];
  readonly colors: readonly string[];
  readonly inStock: boolean;
  readonly price?: number | null;
  /** Sent as a string on every third record. */
  readonly warranty: number | string;
  readonly modelId: number;
  readonly stats: { readonly sales?: number };
  readonly released: number;
  readonly categories: { readonly lvl0: string; readonly lvl1?: string; readonly lvl2?: string };
  readonly _tags: readonly string[];
};

/** Name nouns and adjectives: no two within two typos of each other, nor of a brand or description word. */
export const nouns = ['tablet', 'speaker', 'camera', 'monitor', 'router', 'headset'] as const;
export const adjectives = ['quantum', 'zephyr', 'falcon', 'cobalt'] as const;
export const brands = [
  { name: 'Lenovo', country: 'China' },
  { name: 'Garmin', country: 'United States' },
  { name: 'Philips', country: 'Netherlands' },
  { name: 'Sony', country: 'Japan' },
] as const;
const panels = ['OLED', 'IPS LCD', 'Mini LED'] as const;
const colorNames = ['black', 'silver', 'midnight blue', 'rose gold'] as const;
const portNames = ['USB-C', 'HDMI', 'Ethernet', 'Jack 3.5'] as const;
const categoryTree = [
  ['Audio', 'Audio / Speakers', 'Audio / Speakers / Portable'],
  ['Audio', 'Audio / Headsets'],
  ['Computing', 'Computing / Tablets', 'Computing / Tablets / Android'],
  ['Computing', 'Computing / Networking'],
  ['Imaging', 'Imaging / Cameras', 'Imaging / Cameras / Mirrorless'],
  ['Computing', 'Computing / Monitors', 'Computing / Monitors / Gaming'],
] as const;
const fillers = [
  'crafted for daily travel with a sturdy frame and long battery life',
  'ships with a charger a soft pouch and a printed quick start leaflet',
  'pairs quickly with Garmin watches and most recent phones',
  'designed in small batches and tested in humid climates',
] as const;

function device(index: number): Device {
  const noun = nouns[index % nouns.length] ?? 'tablet';
  const adjective = adjectives[Math.floor(index / nouns.length) % adjectives.length] ?? 'quantum';
  const brand = brands[(index * 7) % brands.length] ?? brands[0];
  const tree = categoryTree[index % categoryTree.length] ?? categoryTree[0];
  const hasScreen = noun === 'tablet' || noun === 'monitor' || noun === 'camera';
  const base: Device = {
    objectID: `dev-${String(index).padStart(3, '0')}`,
    name: `${adjective} ${noun} ${100 + index}`,
    description: `${fillers[index % fillers.length]} ${fillers[(index + 1) % fillers.length]}`,
    brand,
    specs: {
      // Screens: an object on screen devices, null on some others, missing on the rest.
      ...(hasScreen
        ? {
            screen: {
              size: 5 + ((index * 3) % 28),
              panel: panels[index % panels.length] ?? 'OLED',
            },
          }
        : index % 2 === 0
          ? { screen: null }
          : {}),
      ports: portNames.filter((_, port) => (index + port) % 3 !== 0),
    },
    resolutions: hasScreen
      ? [720, 1080, 1440 + (Math.floor(index / 6) % 3) * 720].slice(index % 2)
      : [],
    colors: colorNames.filter((_, color) => (index + color) % 2 === 0),
    inStock: index % 5 !== 0,
    warranty: index % 3 === 0 ? String(1 + (index % 4)) : 1 + (index % 4),
    modelId: 1000 + Math.floor(index / 3),
    stats: index % 4 === 3 ? {} : { sales: (index * 37) % 101 },
    released: 1_600_000_000 + index * 86_400,
    categories: {
      lvl0: tree[0],
      ...(tree[1] === undefined ? {} : { lvl1: tree[1] }),
      ...(tree[2] === undefined ? {} : { lvl2: tree[2] }),
    },
    _tags: [index % 2 === 0 ? 'refurbished' : 'new', ...(index % 7 === 0 ? ['Flash-Sale'] : [])],
  };
  if (index % 9 === 4) return { ...base, price: null };
  if (index % 9 === 7) return base;
  return { ...base, price: 20 + ((index * 53) % 900) };
}

export const devices: readonly Device[] = Array.from({ length: 72 }, (_, index) => device(index));

/** Numbers at a path; numbers stored as strings are not numbers for Algolia's numeric filters. */
export const deviceNumbers = (record: Device, path: string): number[] =>
  valuesAt(record, path).filter((value): value is number => typeof value === 'number');

/** `{ value: count }` for a facet over `records`, each record counted once per distinct value. */
export function countDeviceFacet(records: readonly Device[], path: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) {
    for (const value of new Set(valuesAt(record, path).map(String)))
      counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

/** Whether every word of `query` is a prefix of (the last) or equal to (the others) a word of `text`. */
export function matchesWords(text: string, query: string): boolean {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  return terms.every((term, position) =>
    position === terms.length - 1
      ? words.some((word) => word.startsWith(term))
      : words.includes(term),
  );
}

/** The searchable text of a device under `deviceSettings`. */
export const searchableText = (record: Device) =>
  `${record.name} ${record.brand.name} ${record.specs.screen?.panel ?? ''} ${record.description}`;
