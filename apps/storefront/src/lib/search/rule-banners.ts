import type { Locale } from '../../i18n/locale.ts';

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
 */
export function readRuleBanners(items: readonly unknown[], locale: Locale): RuleBanner[] {
  return items.flatMap((item, index) => {
    if (!isObject(item)) return [];
    const title =
      localized(item['title'], locale) ?? localized(nested(item['image'], 'title'), locale);
    const imageUrl =
      text(item['image']) ?? text(item['banner']) ?? firstUrl(nested(item['image'], 'urls'));
    if (!title && !imageUrl) return [];
    const href = text(item['link']) ?? text(item['url']) ?? text(nested(item['link'], 'url'));
    const body = localized(item['text'], locale);
    const linkLabel = localized(item['linkText'], locale);
    return [
      {
        key: `${index}-${title ?? imageUrl}`,
        title: title ?? '',
        ...(body ? { text: body } : {}),
        ...(href && isSafeLink(href) ? { href } : {}),
        ...(linkLabel ? { linkLabel } : {}),
        ...(imageUrl && isSafeLink(imageUrl) ? { imageUrl } : {}),
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

function firstUrl(urls: unknown): string | undefined {
  return Array.isArray(urls) ? text(nested(urls[0], 'url')) : undefined;
}

/** Only web links and site paths: a rule must not be able to inject `javascript:` into the page. */
function isSafeLink(href: string): boolean {
  return /^(https?:\/\/|\/(?!\/))/i.test(href);
}
