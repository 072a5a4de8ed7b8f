import { defaultLocale, type Locale, locales } from './locale.ts';

/**
 * The storefront's pages, independent of language. Each has one path per language (the route map below);
 * the language switch and hreflang links go through `equivalentPath`.
 */
export type Route =
  | { readonly name: 'home' }
  | { readonly name: 'search' }
  | { readonly name: 'cart' }
  | { readonly name: 'checkout' }
  /** `slug`: the category's segments in the path's language (`men/tops/jackets`, `homme/hauts/vestes`). */
  | { readonly name: 'category'; readonly slug: readonly string[] }
  | { readonly name: 'product'; readonly slug: string }
  | { readonly name: 'order'; readonly id: string };

type RouteName = Route['name'];
type FixedRouteName = 'home' | 'search' | 'cart' | 'checkout';

/** Pages without parameters: their whole path per language. */
const fixedPaths: Readonly<Record<FixedRouteName, Readonly<Record<Locale, string>>>> = {
  home: { en: '/', fr: '/fr' },
  search: { en: '/search', fr: '/recherche' },
  cart: { en: '/cart', fr: '/panier' },
  checkout: { en: '/checkout', fr: '/commande' },
};

/** Pages with parameters: their first path segment per language. */
const prefixes: Readonly<
  Record<Exclude<RouteName, FixedRouteName>, Readonly<Record<Locale, string>>>
> = {
  category: { en: 'category', fr: 'categorie' },
  product: { en: 'product', fr: 'produit' },
  order: { en: 'order', fr: 'commande' },
};

const fixedByPath = new Map(
  Object.entries(fixedPaths).flatMap(([name, paths]) =>
    locales.map((locale) => [paths[locale], { name: name as FixedRouteName, locale }] as const),
  ),
);

const prefixBySegment = new Map(
  Object.entries(prefixes).flatMap(([name, segments]) =>
    locales.map(
      (locale) =>
        [segments[locale], { name: name as Exclude<RouteName, FixedRouteName>, locale }] as const,
    ),
  ),
);

/** First segments that only French paths use (`/fr`, `/recherche`, …): how an unknown path picks French. */
const frenchFirstSegments: ReadonlySet<string> = new Set([
  ...Object.values(fixedPaths).map((paths) => paths.fr.split('/')[1] ?? ''),
  ...Object.values(prefixes).map((segments) => segments.fr),
]);

/**
 * Translates a category page's segments between languages; the shop's categories know them
 * (`createCategoryLookup`): `['homme', 'hauts']` from French to English → `['men', 'tops']`.
 */
export interface CategorySlugTranslator {
  translate(slug: readonly string[], from: Locale, to: Locale): readonly string[] | undefined;
}

/**
 * The path of a page in a language: `pathFor({ name: 'category', slug: ['homme', 'hauts'] }, 'fr')` →
 * `/categorie/homme/hauts`. A category's segments are taken as given: they must be in `locale`'s words.
 */
export function pathFor(route: Route, locale: Locale): string {
  switch (route.name) {
    case 'home':
    case 'search':
    case 'cart':
    case 'checkout':
      return fixedPaths[route.name][locale];
    case 'category':
      return joinSegments(prefixes.category[locale], route.slug);
    case 'product':
      return joinSegments(prefixes.product[locale], [route.slug]);
    case 'order':
      return joinSegments(prefixes.order[locale], [route.id]);
  }
}

/**
 * Recognizes a storefront path (no query string): `/produit/veste-x` → product `veste-x` in French.
 * @returns `undefined` for a path that is not one of our pages, including one with a malformed `%` escape.
 */
export function parsePath(pathname: string): { route: Route; locale: Locale } | undefined {
  const segments = splitSegments(pathname);
  if (segments === undefined) return undefined;
  const [first = '', ...rest] = segments;
  if (rest.length === 0) {
    const fixed = fixedByPath.get(`/${first}`);
    return fixed && { route: { name: fixed.name }, locale: fixed.locale };
  }
  const prefix = prefixBySegment.get(first);
  if (!prefix || rest.includes('')) return undefined;
  const [single] = rest;
  if (prefix.name === 'category')
    return { route: { name: 'category', slug: rest }, locale: prefix.locale };
  if (rest.length !== 1 || single === undefined) return undefined;
  return prefix.name === 'product'
    ? { route: { name: 'product', slug: single }, locale: prefix.locale }
    : { route: { name: 'order', id: single }, locale: prefix.locale };
}

/**
 * The language of any address, ours or not (for 404 and 500 pages and `<html lang>`): the language of the
 * page it names, else French when its first segment is a French one (`/produit/inconnu/x`), else English.
 */
export function localeOfPath(url: string): Locale {
  const { pathname } = splitUrl(url);
  const parsed = parsePath(pathname);
  if (parsed) return parsed.locale;
  const first = pathname.split('/')[1] ?? '';
  return frenchFirstSegments.has(first) ? 'fr' : defaultLocale;
}

/**
 * The same page in another language, keeping the query string and fragment (the search state):
 * `/search?q=veste` → `/recherche?q=veste`; with the shop's categories, `/category/men/tops?color=Black` →
 * `/categorie/homme/hauts?color=Black`. An address that is not one of our pages maps to the home page; a
 * category the translator does not know keeps its segments (its page then redirects or answers 404).
 * `alternates`: the page's own address in each language when its segments differ by language (a product's
 * slugs: `/product/juno-jacket` ⇄ `/produit/veste-juno`).
 */
export function equivalentPath(
  url: string,
  target: Locale,
  categories?: CategorySlugTranslator,
  alternates?: Readonly<Partial<Record<Locale, string>>>,
): string {
  const { pathname, rest } = splitUrl(url);
  const alternate = alternates?.[target];
  if (alternate !== undefined) return `${alternate}${rest}`;
  const parsed = parsePath(pathname);
  if (!parsed) return pathFor({ name: 'home' }, target);
  const { route, locale } = parsed;
  const translated: Route =
    route.name === 'category' && locale !== target
      ? {
          name: 'category',
          slug: categories?.translate(route.slug, locale, target) ?? route.slug,
        }
      : route;
  return `${pathFor(translated, target)}${rest}`;
}

function joinSegments(first: string, segments: readonly string[]): string {
  return `/${[first, ...segments.map((segment) => encodeURIComponent(segment))].join('/')}`;
}

function splitSegments(pathname: string): string[] | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  try {
    return trimmed
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

function splitUrl(url: string): { pathname: string; rest: string } {
  const index = url.search(/[?#]/);
  return index === -1
    ? { pathname: url, rest: '' }
    : { pathname: url.slice(0, index), rest: url.slice(index) };
}
