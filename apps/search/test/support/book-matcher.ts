/**
 * Brute-force evaluation of the array-form parameters InstantSearch's helper sends (`query`, `facetFilters`,
 * `numericFilters`, `tagFilters`), over the books fixture. The helper escapes a value's leading `-` as `\-` and
 * sends a `-` after the colon for exclusions.
 */
import { type Book, numbersAt, valuesAt } from './books.ts';

export interface ArrayParams {
  readonly query?: string;
  readonly facets?: string | readonly string[];
  readonly facetFilters?: string | readonly (string | readonly string[])[];
  readonly numericFilters?: string | readonly (string | readonly string[])[];
  readonly tagFilters?: string | readonly (string | readonly string[])[];
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words of the searchable attributes (title, author.name, description, genres, publisher), folded. */
function searchableWords(book: Book): string[] {
  const text = [
    book.title,
    book.author?.name ?? '',
    book.description,
    ...book.genres,
    book.publisher,
  ].join(' ');
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every query word is a whole word of the record, the last one may be a prefix (the fixture has no near-misses). */
export function matchesQuery(book: Book, query: string): boolean {
  const words = fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const candidates = searchableWords(book);
  return words.every((word, position) =>
    candidates.some((candidate) =>
      position === words.length - 1 ? candidate.startsWith(word) : candidate === word,
    ),
  );
}

function matchesFacet(book: Book, filter: string): boolean {
  const colon = filter.indexOf(':');
  const attribute = filter.slice(0, colon);
  let value = filter.slice(colon + 1);
  let negated = false;
  if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) value = value.slice(1);
  const found = valuesAt(book, attribute).some(
    (candidate) => String(candidate).toLowerCase() === value.toLowerCase(),
  );
  return negated ? !found : found;
}

function matchesNumeric(book: Book, filter: string): boolean {
  const range = /^([\w.]+)\s*:\s*(-?[\d.]+)\s+TO\s+(-?[\d.]+)$/.exec(filter);
  if (range) {
    const [, attribute = '', low = '', high = ''] = range;
    return numbersAt(book, attribute).some(
      (value) => value >= Number(low) && value <= Number(high),
    );
  }
  const match = /^([\w.]+)\s*(>=|<=|!=|>|<|=)\s*(-?[\d.]+)$/.exec(filter);
  if (!match) throw new Error(`Unsupported numeric filter ${filter}`);
  const [, attribute = '', operator, bound = ''] = match;
  const limit = Number(bound);
  return numbersAt(book, attribute).some((value) => {
    if (operator === '>=') return value >= limit;
    if (operator === '<=') return value <= limit;
    if (operator === '>') return value > limit;
    if (operator === '<') return value < limit;
    if (operator === '!=') return value !== limit;
    return value === limit;
  });
}

function matchesTag(book: Book, tag: string): boolean {
  return tag.startsWith('-') ? !book._tags.includes(tag.slice(1)) : book._tags.includes(tag);
}

type FilterList = ArrayParams['facetFilters'];

/** AND of the outer list, OR inside nested lists; a string is a JSON array or a comma-separated AND list. */
function matchesAll(
  book: Book,
  filters: FilterList,
  matchOne: (book: Book, filter: string) => boolean,
) {
  if (filters === undefined) return true;
  let list: readonly (string | readonly string[])[];
  if (typeof filters === 'string') {
    list = filters.startsWith('[') ? JSON.parse(filters) : filters.split(',').filter(Boolean);
  } else list = filters;
  return list.every((group) =>
    typeof group === 'string'
      ? matchOne(book, group)
      : group.some((filter) => matchOne(book, filter)),
  );
}

export function matchesParams(book: Book, params: ArrayParams): boolean {
  return (
    matchesQuery(book, params.query ?? '') &&
    matchesAll(book, params.facetFilters, matchesFacet) &&
    matchesAll(book, params.numericFilters, matchesNumeric) &&
    matchesAll(book, params.tagFilters, matchesTag)
  );
}
