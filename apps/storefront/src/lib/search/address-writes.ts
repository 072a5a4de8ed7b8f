import type { Router } from 'instantsearch.js';
import type { SingletonRouter } from 'next/router';

/** Starts and stops the watch of `holdAddressWrites` with the router (`beforeStart`, `beforeDispose`). */
export interface AddressWriteHold {
  readonly start: () => void;
  readonly stop: () => void;
}

/**
 * InstantSearch writes the address a while after the last change (typing, a filter, the listing's first
 * state). A write still pending when the shopper follows a link — a product, the header's search — would
 * land once that page is open and take them back to the listing (a shallow push of the old address). So the
 * delay is kept here rather than in the history router (give it `writeDelay: 0`): a navigation that
 * InstantSearch did not start (not shallow), a back or forward, or the router's disposal drops the pending
 * write, and nothing is written until that navigation has ended (completed or cancelled).
 */
export function holdAddressWrites<TRouteState>(
  router: Router<TRouteState>,
  singletonRouter: SingletonRouter,
  delayMs: number,
): AddressWriteHold {
  // On the server the history router writes nothing (and is never started).
  if (typeof window === 'undefined') return { start: () => {}, stop: () => {} };
  let pending: ReturnType<typeof setTimeout> | undefined;
  let navigating = false;
  const cancel = () => {
    clearTimeout(pending);
    pending = undefined;
  };
  const write = router.write.bind(router);
  router.write = (routeState) => {
    cancel();
    if (navigating) return;
    // A navigation that starts meanwhile cancels it (`onStart`).
    pending = setTimeout(() => {
      pending = undefined;
      write(routeState);
    }, delayMs);
  };
  const onStart = (_url: string, { shallow }: { shallow: boolean }) => {
    if (shallow) return;
    navigating = true;
    cancel();
  };
  const onEnd = () => {
    navigating = false;
  };
  return {
    start: () => {
      singletonRouter.events.on('routeChangeStart', onStart);
      singletonRouter.events.on('routeChangeComplete', onEnd);
      singletonRouter.events.on('routeChangeError', onEnd);
      window.addEventListener('popstate', cancel);
    },
    stop: () => {
      singletonRouter.events.off('routeChangeStart', onStart);
      singletonRouter.events.off('routeChangeComplete', onEnd);
      singletonRouter.events.off('routeChangeError', onEnd);
      window.removeEventListener('popstate', cancel);
      cancel();
      navigating = false;
    },
  };
}
