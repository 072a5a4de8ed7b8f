import { useEffect, useRef } from 'react';
import { useInstantSearchContext } from 'react-instantsearch';

/**
 * Disposes the InstantSearch instance when its page goes away. React InstantSearch never disposes an
 * instance created under `InstantSearchSSRProvider` (so that Strict Mode's second mount can reuse it);
 * left alive, the old page's widgets unmount one by one, empty its state, and its router writes that
 * empty state into the next page's address (`/search?q=x` → language switch → `/recherche`), and keeps
 * answering that page's route changes. Mirrors what React InstantSearch does without the provider:
 * widgets skip their own cleanup, and disposal waits a tick so that a remount can cancel it.
 */
export function DisposeOnLeave() {
  const search = useInstantSearchContext();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(pending.current);
    search._preventWidgetCleanup = false;
    return () => {
      search._preventWidgetCleanup = true;
      pending.current = setTimeout(() => {
        if (search.started) search.dispose();
      });
    };
  }, [search]);
  return null;
}
