import { type Locale, otherLocale } from '../../i18n/locale.ts';
import { type CategorySlugTranslator, equivalentPath, parsePath } from '../../i18n/routes.ts';
import { isSafeShopLink } from '../site/safe-link.ts';

/** A merchant's message attached to a search by a query rule, ready to display in one language. */
export interface RuleBanner {
  readonly key: string;
  readonly title: string;
  readonly text?: string;
  readonly href?: string;
  readonly linkLabel?: string;
  readonly imageUrl?: string;
}

/**
 * Reads the banners of a response: query rules' `userData` items and Algolia's banner widget
 * (`renderingContent.widgets.banners`). Vitrine's `userData` shape, each text either a string or one per
 * language: `{ "title": { "en": "Rain ready", "fr": "Paré pour la pluie" }, "text": …, "link": "/category/men",
 * "linkText": …, "image": "https://…" }`. Algolia's: `{ "image": { "urls": [{ "url": "…" }], "title": … },
 * "link": { "url": "…" } }`. Items with neither a title nor an image are skipped.
 *
 * A link to one of the shop's pages follows the page's language: `"/category/men/tops?color=Black"` on a French
 * page → `/categorie/homme/hauts?color=Black` (the language switch's `equivalentPath`, with `categories` for
 * the category segments); a link may also be given per language (`{ "en": "/category/men", "fr": "/categorie/homme" }`).
 * Other links (`https://` addresses, site paths that are not one of our pages) are kept as written; anything else
 * is dropped, for links and images alike (`isSafeShopLink`, the rule the merchant console saves by: no `http://`,
 * no other scheme, no `https://` without a host, no spaces or `<>"`). The banner then shows without its link or
 * image.
 */
export function readRuleBanners(
  items: readonly unknown[],
  locale: Locale,
  categories?: CategorySlugTranslator,
): RuleBanner[] {
  return items.flatMap((item, index) => {
    if (!isObject(item)) return [];
    const title =
      localized(item['title'], locale) ?? localized(nested(item['image'], 'title'), locale);
    const imageUrl =
      text(item['image']) ?? text(item['banner']) ?? firstUrl(nested(item['image'], 'urls'));
    if (!title && !imageUrl) return [];
    const link = localizedLink(item['link'], locale) ?? text(item['url']);
    const href =
      link && isSafeShopLink(link) ? inPageLanguage(link, locale, categories) : undefined;
    const body = localized(item['text'], locale);
    const linkLabel = localized(item['linkText'], locale);
    return [
      {
        key: `${index}-${title ?? imageUrl}`,
        title: title ?? '',
        ...(body ? { text: body } : {}),
        ...(href ? { href } : {}),
        ...(linkLabel ? { linkLabel } : {}),
        ...(imageUrl && isSafeShopLink(imageUrl) ? { imageUrl } : {}),
      },
    ];
  });
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function nested(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

function localized(value: unknown, locale: Locale): string | undefined {
  return text(value) ?? text(nested(value, locale)) ?? text(nested(value, 'en'));
}

/** `"/x"`, `{ "en": "/x", "fr": "/y" }` (the page's language first, else the other) or Algolia's `{ "url": "/x" }`. */
function localizedLink(value: unknown, locale: Locale): string | undefined {
  return (
    text(value) ??
    text(nested(value, locale)) ??
    text(nested(value, otherLocale(locale))) ??
    text(nested(value, 'url'))
  );
}

/** A path to one of our pages, in `locale`'s words; anything else as given. */
function inPageLanguage(
  href: string,
  locale: Locale,
  categories: CategorySlugTranslator | undefined,
): string {
  if (!href.startsWith('/')) return href;
  const [pathname = ''] = href.split(/[?#]/, 1);
  return parsePath(pathname) ? equivalentPath(href, locale, categories) : href;
}

function firstUrl(urls: unknown): string | undefined {
  return Array.isArray(urls) ? text(nested(urls[0], 'url')) : undefined;
}
