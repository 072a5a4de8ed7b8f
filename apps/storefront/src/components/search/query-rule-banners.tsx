import { memo } from 'react';
import { useHits, useQueryRules } from 'react-instantsearch';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { type RuleBanner, readRuleBanners } from '../../lib/search/rule-banners.ts';
import { useCategoryLookup } from '../../lib/site/use-category-lookup.ts';
import { PromoBanner } from '../ui/promo-banner.tsx';
import styles from './search-layout.module.css';

/**
 * Banners that the merchant's query rules attach to a search (`userData`, or Algolia's banner widget); their
 * links to the shop's pages lead to the page's language.
 */
export const QueryRuleBanners = memo(function QueryRuleBanners() {
  const { items } = useQueryRules({});
  const { banner } = useHits();
  const locale = useLocale();
  const messages = useMessages().search;
  const categories = useCategoryLookup();
  const banners: RuleBanner[] = readRuleBanners(
    [...items, ...(banner ? [banner] : [])],
    locale,
    categories,
  );
  if (banners.length === 0) return null;
  return (
    <div className={styles.banners}>
      {banners.map((ruleBanner) => (
        <PromoBanner
          key={ruleBanner.key}
          {...(ruleBanner.title ? { title: ruleBanner.title } : {})}
          {...(ruleBanner.text ? { text: ruleBanner.text } : {})}
          {...(ruleBanner.imageUrl ? { imageUrl: ruleBanner.imageUrl } : {})}
          {...(ruleBanner.href
            ? {
                link: { href: ruleBanner.href, label: ruleBanner.linkLabel ?? messages.bannerLink },
              }
            : {})}
        />
      ))}
    </div>
  );
});
