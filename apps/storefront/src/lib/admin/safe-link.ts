import { z } from 'zod';
import { isSafeShopLink } from '../site/safe-link.ts';

export { isSafeShopLink };

/**
 * A link or image address a merchant may put on the shop (`isSafeShopLink`: an `https://` address or a path of
 * the shop), the same rule the shop's banner reader and redirect reader apply, so what the console saves is
 * what shoppers see.
 */
export const safeLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isSafeShopLink, 'give an https:// address or a path of the shop starting with /');
