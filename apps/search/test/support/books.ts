/**
 * A books catalogue shaped nothing like the storefront's products: nested objects (`author.name`,
 * `stats.reviews`), arrays of strings and of numbers, booleans, `null`s, missing attributes, numbers stored as
 * strings, dates as Unix timestamps, hierarchical facets under `categories.lvl0…lvl2`, `_tags`, and objectIDs with
 * spaces, slashes, unicode and URL-reserved characters. Deterministic: the same 150 records on every run.
 */
export type Book = {
  readonly objectID: string;
  readonly title: string;
  readonly description: string;
  readonly author?: {
    readonly name: string;
    readonly born: number | null;
    readonly country: string;
  };
  readonly genres: readonly string[];
  readonly categories: {
    readonly lvl0: string;
    readonly lvl1?: string;
    readonly lvl2?: string | readonly string[];
  };
  readonly ratings: readonly number[];
  /** An array of objects. */
  readonly editions: readonly { readonly format: string; readonly year: number }[];
  readonly stats: { readonly reviews: number; readonly score: number };
  readonly pages: number | string;
  readonly published: number;
  readonly available?: boolean;
  readonly price: number | null;
  readonly series?: string | null;
  readonly publisher: string;
  readonly language: string;
  readonly isbn?: string;
  readonly _tags: readonly string[];
};

/** Title words: no two within two typos of each other, so a query word matches exactly the records holding it. */
export const titleWords = [
  'river',
  'garden',
  'machine',
  'winter',
  'ocean',
  'mirror',
  'forest',
  'empire',
  'silence',
  'harvest',
  'lantern',
  'compass',
  'thunder',
  'velvet',
  'orchard',
] as const;

export const authors = [
  { name: 'Ada Lovelace', country: 'United Kingdom' },
  { name: 'Chinua Achebe', country: 'Nigeria' },
  { name: 'Toni Morrison', country: 'United States' },
  { name: 'Haruki Murakami', country: '日本' },
  { name: 'Émile Zola', country: 'France' },
  { name: 'Naguib Mahfouz', country: 'Egypt' },
  { name: 'Ursula Le Guin', country: 'United States' },
  { name: 'Jorge Luis Borges', country: 'Argentina' },
] as const;

export const genres = [
  'Fantasy',
  'Science Fiction',
  'Mystery',
  'Romance',
  'Non-Fiction',
  'Poetry',
  'Littérature',
  '-Experimental',
  'Self Help',
] as const;

const tree = [
  ['Fiction', 'Fiction > Classics', 'Fiction > Classics > Russian'],
  ['Fiction', 'Fiction > Classics', 'Fiction > Classics > French'],
  ['Fiction', 'Fiction > Speculative', 'Fiction > Speculative > Space Opera'],
  ['Non-fiction', 'Non-fiction > History', 'Non-fiction > History > Ancient'],
  ['Non-fiction', 'Non-fiction > Science', 'Non-fiction > Science > Physics'],
  ['Jeunesse', 'Jeunesse > Albums', 'Jeunesse > Albums > Très jeunes'],
] as const;

export const publishers = [
  'Penguin Books',
  'Éditions Gallimard',
  '-ish Press',
  "O'Reilly Media",
  'Faber & Faber',
] as const;

const languages = ['en', 'fr', 'de', '日本語'] as const;

function objectIdFor(index: number): string {
  if (index === 7) return 'weird?id#7&x=%25 ok';
  if (index % 10 === 0) return `book ${index}`;
  if (index % 10 === 1) return `fiction/${index}`;
  if (index % 10 === 2) return `livre-${index}-été`;
  if (index % 10 === 3) return `本-${index}`;
  return `b${index}`;
}

function categoriesFor(index: number): Book['categories'] {
  const [lvl0, lvl1, lvl2] = tree[index % tree.length] ?? tree[0];
  if (index % 17 === 0) return { lvl0 }; // no deeper level
  if (index % 11 === 0) return { lvl0, lvl1 };
  // A few books sit in two leaf categories at once.
  if (index % 9 === 0) return { lvl0, lvl1, lvl2: [lvl2, `${lvl1} > Anthologies`] };
  return { lvl0, lvl1, lvl2 };
}

const formats = ['Paperback', 'Hardcover', 'Ebook'] as const;

function editionsFor(index: number): Book['editions'] {
  const count = index % 4; // 0 to 3 editions
  return Array.from({ length: count }, (_, edition) => ({
    format: formats[(index + edition) % formats.length] ?? 'Paperback',
    year: 1990 + ((index * 7 + edition * 11) % 35),
  }));
}

function makeBook(index: number): Book {
  const first = titleWords[index % titleWords.length] ?? 'river';
  const second = titleWords[(index * 7 + 3) % titleWords.length] ?? 'ocean';
  const author = authors[index % authors.length] ?? authors[0];
  const bookGenres = [genres[index % genres.length] ?? 'Fantasy'];
  if (index % 3 === 0) bookGenres.push(genres[(index + 4) % genres.length] ?? 'Poetry');
  const tags: string[] = [];
  if (index % 5 === 0) tags.push('bestseller');
  if (index % 7 === 0) tags.push('signed copy');
  if (index % 6 === 1) tags.push('Édition limitée');
  const book: Book = {
    objectID: objectIdFor(index),
    title: `The ${first} of the ${second}`,
    description: `A tale of ${second} and ${first}, told by ${author.name.split(' ').at(-1)} in volume ${index}.`,
    ...(index % 37 === 5
      ? {}
      : {
          author: {
            name: author.name,
            born: index % 5 === 0 ? null : 1800 + index,
            country: author.country,
          },
        }),
    genres: bookGenres,
    categories: categoriesFor(index),
    ratings: index % 19 === 0 ? [] : [(index % 5) + 1, ((index * 3) % 5) + 1],
    editions: editionsFor(index),
    stats: { reviews: (index * 37) % 500, score: ((index * 13) % 100) / 10 },
    pages: index % 6 === 0 ? String(100 + index) : 100 + index * 3,
    published: 946_684_800 + index * 86_400 * 30,
    ...(index % 11 === 5 ? {} : { available: index % 3 !== 1 }),
    price: index % 13 === 0 ? null : Number((((index * 7.3) % 50) + 5).toFixed(2)),
    ...(index % 4 === 0
      ? { series: `Saga ${index % 5}` }
      : index % 8 === 2
        ? { series: null }
        : {}),
    publisher: publishers[index % publishers.length] ?? 'Penguin Books',
    language: languages[index % languages.length] ?? 'en',
    ...(index % 9 === 4 ? {} : { isbn: `978-${String(index).padStart(6, '0')}` }),
    _tags: tags,
  };
  return book;
}

/** The 150 books. */
export const books: readonly Book[] = Array.from({ length: 150 }, (_, index) => makeBook(index));

/** Every value at a dot path, arrays flattened, `null`/missing skipped; facet values as the engine reports them. */
export function valuesAt(record: unknown, path: string): unknown[] {
  let current: unknown[] = [record];
  for (const segment of path.split('.')) {
    current = current.flatMap((value) => {
      if (typeof value !== 'object' || value === null) return [];
      const next = (value as Record<string, unknown>)[segment];
      if (next === undefined || next === null) return [];
      return Array.isArray(next) ? next.filter((item) => item !== null) : [next];
    });
  }
  return current;
}

/** `{ value: count }` for one attribute over some records, each record counted once per distinct value. */
export function countFacet(records: readonly unknown[], path: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) {
    for (const value of new Set(valuesAt(record, path).map(String)))
      counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

/** Numeric values at a path: numbers only (a number stored as a string is not numeric). */
export function numbersAt(record: unknown, path: string): number[] {
  return valuesAt(record, path).filter((value): value is number => typeof value === 'number');
}
