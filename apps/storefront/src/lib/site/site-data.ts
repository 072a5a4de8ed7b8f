import type { CategoryNode } from '../catalogue/category-tree.ts';
import type { PublicConfig } from './public-config.ts';

/** Data every page shares (menu, search access, absolute URLs), loaded once per server render by `_app`. */
export interface SiteData {
  readonly navigation: readonly CategoryNode[];
  readonly publicConfig: PublicConfig | null;
  /** Scheme and host of the site (`https://shop.example`), for hreflang and canonical links. */
  readonly origin: string;
}

export const emptySiteData: SiteData = { navigation: [], publicConfig: null, origin: '' };
