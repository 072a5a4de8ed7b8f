import { z } from 'zod';

/**
 * A link or image address a merchant may put on the shop: an `https://` address or a path of the shop (`/…`),
 * the same the shop's banner reader accepts (`lib/search/rule-banners.ts`), so what the console saves is what
 * shoppers see. Never `javascript:`, `data:`, plain `http://` (rewritable on the way), nor a path that browsers
 * read as another site (`//evil.example`, `/\evil.example`) or with tabs and line breaks they would drop.
 */
export function isSafeShopLink(href: string): boolean {
  return /^(https:\/\/[^\s/?#]+|\/(?![/\\]))/i.test(href) && !/[\s<>"]/.test(href);
}

export const safeLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isSafeShopLink, 'give an https:// address or a path of the shop starting with /');
