/**
 * The one rule for a link or image address that reaches the shop from a merchant (a banner, a rule's redirect,
 * anything typed in the console): an `https://` address with a host, or a path of the shop (`/…`). Never
 * `javascript:`, `data:`, plain `http://` (rewritable on the way, mixed content for an image), a path that
 * browsers read as another site (`//evil.example`, `/\evil.example`), nor one holding spaces, tabs or line
 * breaks (which browsers drop, so `/<tab>/evil.example` would lead away) or `<`, `>`, `"`.
 *
 * Has no dependencies: the shop's banner reader runs in the browser bundle.
 */
export function isSafeShopLink(href: string): boolean {
  return /^(https:\/\/[^\s/?#]+|\/(?![/\\]))/i.test(href) && !/[\s<>"]/.test(href);
}
