/**
 * Clicks made before React listens are not lost. The page's scripts start after its first paint (decision
 * 0011), and the search listing hydrates later still (once its chunk is in, `data-ready` on its
 * `data-listing` holder): a shopper who clicks "Accept" on the cookie banner or "Filters" in that window would otherwise
 * click a button that does nothing. An inline recorder in the head keeps those buttons; once the part of the
 * page they sit in has hydrated, each is clicked again, now with React's handler on it.
 *
 * Only `type="button"` buttons: without JavaScript they do nothing, so no one else handled the click (links
 * and submit buttons work natively). Each button once, in the order clicked.
 */

declare global {
  interface Window {
    __vitrineEarlyClicks?: HTMLElement[];
  }
}

/** A search listing still hydrating: its holder has no `data-ready` yet. */
const pendingListing = '[data-listing]:not([data-ready])';

/** A button `b` not live yet: before the app hydrated, or in a listing that has not. */
const notLive = `!document.documentElement.hasAttribute('data-interactive')||b.closest('${pendingListing}')`;

export const earlyClickRecorder = `(function(){var q=window.__vitrineEarlyClicks=[];document.addEventListener('click',function(e){var b=e.target instanceof Element&&e.target.closest('button[type=button]:not([disabled])');if(b&&q.indexOf(b)<0&&(${notLive}))q.push(b)},true)})()`;

/** Clicks again, in order, the buttons recorded before they were live, among those `live` accepts now. */
export function replayEarlyClicks(live: (button: HTMLElement) => boolean): void {
  const queue = window.__vitrineEarlyClicks;
  if (!queue) return;
  for (const button of queue.filter(live)) {
    queue.splice(queue.indexOf(button), 1);
    // Replaced by React (its HTML did not match): the shopper clicked something that is gone.
    if (button.isConnected) button.click();
  }
}

/** The buttons of the page outside a listing still hydrating. */
export function outsidePendingListing(button: HTMLElement): boolean {
  return button.closest(pendingListing) === null;
}
